package org.disktune.modprobe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The character loops of OptionValidator, DriverCatalog and DisktuneModprobeFile against the regexes they replaced,
 * on the empty string and many generated strings over an alphabet holding every character the patterns name, their
 * neighbours in ASCII, and look-alikes outside ASCII (Arabic and full-width digits, the Kelvin sign, dotted I).
 */
class RegexFreeMatchersTest {
    private static final String EDGES = "/:@[`{ \t\n\r\u000b\f\u0000\u007f~#=,.'\"\\\u00e9\u0660\uff10\u212a\u0130\u00a0\u2003";

    @Test
    void nameMatchesItsRegex() {
        Pattern regex = Pattern.compile("[A-Za-z0-9_-]+");
        int matched = 0;
        List<String> inputs = generated("azAZ09bmyY_-x", 14);
        for (String s : inputs) {
            boolean expected = regex.matcher(s).matches();
            assertEquals(expected, OptionValidator.isName(s), () -> "'" + s + "'");
            matched += expected ? 1 : 0;
        }
        bothAnswers(matched, inputs.size());
    }

    @Test
    void portIdMatchesItsRegex() {
        Pattern regex = Pattern.compile("\\d+(\\.\\d+)?");
        int matched = 0;
        List<String> inputs = generated("0123456789...", 8);
        for (String s : inputs) {
            boolean expected = regex.matcher(s).matches();
            assertEquals(expected, OptionValidator.isPortId(s), () -> "'" + s + "'");
            matched += expected ? 1 : 0;
        }
        bothAnswers(matched, inputs.size());
    }

    @Test
    void rangeSplitIsTheRegexSplit() {
        for (String s : generated("0123..-.", 12)) {
            assertArrayEquals(s.split("\\.\\."), DriverCatalog.splitAtDoubleDots(s), () -> "'" + s + "'");
        }
    }

    @Test
    void wordsAreTheRegexSplit() {
        for (String s : generated("options sata_nv adma=1 \t\t  ", 24)) {
            assertArrayEquals(s.split("[ \t]+"), DisktuneModprobeFile.words(s), () -> "'" + s + "'");
            assertArrayEquals(s.trim().split("[ \t]+"), DisktuneModprobeFile.words(s.trim()), () -> "'" + s.trim() + "'");
        }
    }

    private static void bothAnswers(int matched, int of) {
        assertTrue(matched > 1000 && of - matched > 1000, "too few of one answer: " + matched + " of " + of);
    }

    /** The empty string and strings of up to {@code maxLength} characters, mostly from {@code named}, some from the edges. */
    private static List<String> generated(String named, int maxLength) {
        Random random = new Random(named.hashCode());
        List<String> out = new ArrayList<>();
        out.add("");
        for (int i = 0; i < 60_000; i++) {
            int length = random.nextInt(maxLength + 1);
            StringBuilder s = new StringBuilder();
            for (int j = 0; j < length; j++) {
                String from = random.nextInt(12) == 0 ? EDGES : named;
                s.append(from.charAt(random.nextInt(from.length())));
            }
            out.add(s.toString());
        }
        return out;
    }
}
