package org.disktune.config;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** SettingSyntax's scheduler-name and digits regexes around their length limits and on look-alike characters. */
class SettingSyntaxMatchersTest {
    @Test
    void schedulerNameIsUpTo32LowerCaseCharacters() {
        for (String name : new String[] {"mq-deadline", "bfq", "none", "noop", "cfq_2", "a".repeat(32)}) {
            assertTrue(SettingSyntax.isSchedulerName(name), name);
        }
        for (String name : new String[] {"", "a".repeat(33), "BFQ", "bfq ", "mq.deadline", "bfq\n", "b\u0131q", "\u0661"}) {
            assertFalse(SettingSyntax.isSchedulerName(name), name);
        }
    }

    @Test
    void digitsAreAsciiDigits() {
        for (String number : new String[] {"0", "1024", "01024", "9".repeat(40)}) {
            assertTrue(SettingSyntax.isDigits(number), number);
        }
        for (String number : new String[] {"", "-1", "1.5", " 1", "1 ", "\u0661\u0662", "\uff11", "1e3"}) {
            assertFalse(SettingSyntax.isDigits(number), number);
        }
    }
}
