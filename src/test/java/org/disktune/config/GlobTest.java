package org.disktune.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GlobTest {
    /** Pattern, value, whether fnmatch(3) with no flags matches (checked against glibc's fnmatch). */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "WDC WD740ADFD*|WDC WD740ADFD-00NLR1|true",
            "WDC WD740ADFD*|WDC WD1500ADFD|false",
            "sd?|sda|true",
            "sd?|sdaa|false",
            "sd[a-c]|sdb|true",
            "sd[a-c]|sdd|false",
            "sd[!a-c]|sdd|true",
            "sd[^a-c]|sdb|false",
            "[]]x|]x|true",
            "[!]]x|ax|true",
            "[!]]x|]x|false",
            "[!]|[!]|true",
            "[!]|a|false",
            "a[b|a[b|true",
            "[[:digit:]]*|7abc|true",
            "[[:digit:]]*|abc|false",
            "[z-a]*|zebra|false",
            "*|''|true",
            "a*b*c|aXbYc|true",
            "a*b*c|aXbYcd|false",
            "**a|a|true",
            "*.*|md0.1|true",
    })
    void matchesAsFnmatchDoes(String pattern, String value, boolean expected) {
        assertEquals(expected, new Glob(pattern).matches(value.equals("''") ? "" : value), pattern + " on " + value);
    }

    @Test
    void takesLinearTimeWhereARegexBacktracks() {
        Glob glob = new Glob("*a".repeat(12) + "*b");
        String value = "a".repeat(20_000);
        assertFalse(assertTimeoutPreemptively(Duration.ofSeconds(5), () -> glob.matches(value)));
        Glob stars = new Glob("*".repeat(10_000) + "X");
        assertTrue(assertTimeoutPreemptively(Duration.ofSeconds(5), () -> stars.matches("A".repeat(100_000) + "X")));
    }

    @Test
    void namesTheMistakesThatMatchNothing() {
        assertEquals(Optional.of("the range z-a ends before it starts, so it holds nothing; write a-z"), new Glob("[z-a]*").mistake());
        assertTrue(new Glob("[[:digits:]]").mistake().orElseThrow().startsWith("[:digits:] is no character class"));
        assertEquals(Optional.empty(), new Glob("[!]").mistake());
        assertEquals(Optional.empty(), new Glob("WDC WD[0-9][0-9]*").mistake());
    }
}
