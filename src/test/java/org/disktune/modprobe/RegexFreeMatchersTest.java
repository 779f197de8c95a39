package org.disktune.modprobe;

import static org.disktune.testing.RegexOracle.sameAnswers;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.List;

import org.disktune.testing.RegexOracle;
import org.junit.jupiter.api.Test;

/**
 * The character loops of OptionValidator and DisktuneModprobeFile against the regexes they replaced,
 * on the empty string and many generated strings over an alphabet holding every character the patterns name, their
 * neighbours in ASCII, and look-alikes outside ASCII (Arabic and full-width digits, the Kelvin sign, dotted I).
 */
class RegexFreeMatchersTest {
    @Test
    void nameMatchesItsRegex() {
        sameAnswers("[A-Za-z0-9_-]+", OptionValidator::isName, "azAZ09bmyY_-x", 14, 60_000);
    }

    @Test
    void portIdMatchesItsRegex() {
        sameAnswers("\\d+(\\.\\d+)?", OptionValidator::isPortId, "0123456789...", 8, 60_000);
    }

    @Test
    void wordsAreTheRegexSplit() {
        for (String s : generated("options sata_nv adma=1 \t\t  ", 24)) {
            assertArrayEquals(s.split("[ \t]+"), DisktuneModprobeFile.words(s), () -> "'" + s + "'");
            assertArrayEquals(s.trim().split("[ \t]+"), DisktuneModprobeFile.words(s.trim()), () -> "'" + s.trim() + "'");
        }
    }

    private static List<String> generated(String named, int maxLength) {
        return RegexOracle.generated(named, maxLength, 60_000);
    }
}
