package org.disktune.config;

import static org.disktune.testing.RegexOracle.sameAnswers;

import org.junit.jupiter.api.Test;

/** SettingSyntax's character loops against the regexes they replaced, around their length limits. */
class SettingSyntaxMatchersTest {
    @Test
    void schedulerNameMatchesItsRegex() {
        sameAnswers("[a-z0-9_-]{1,32}", SettingSyntax::isSchedulerName, "abyz019_-", 36, 40_000);
    }

    @Test
    void digitsMatchItsRegex() {
        sameAnswers("[0-9]+", SettingSyntax::isDigits, "0123456789", 15, 40_000);
    }
}
