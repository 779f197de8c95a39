package org.disktune.detect;

import static org.disktune.testing.RegexOracle.sameAnswers;

import org.junit.jupiter.api.Test;

/** LoadableSchedulers' character loops against the regexes they replaced, on generated strings. */
class LoadableSchedulersMatchersTest {
    @Test
    void releaseMatchesItsRegex() {
        sameAnswers("[A-Za-z0-9_+~][A-Za-z0-9._+~-]*", LoadableSchedulers::isRelease, "aZ09_+~.-", 10, 40_000);
    }

    @Test
    void nameMatchesItsRegex() {
        sameAnswers("[a-z0-9][a-z0-9_-]*", LoadableSchedulers::isName, "az09_-A.", 10, 40_000);
    }
}
