package org.disktune.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/** The udev generator's character loops against the regexes they replaced. */
class UdevRegexFreeTest {
    private static final String EDGES = "/:@[`{ \t\n\u000b\f\r\u001c\u0085\u00a0\u2003AZG.\u0660\uff10";

    @Test
    void lowerHexMatchesItsRegex() {
        Pattern sixteen = Pattern.compile("[0-9a-f]{16}");
        Pattern thirtyTwo = Pattern.compile("[0-9a-f]{32}");
        int matched = 0;
        for (String s : generated("0123456789abcdef", 34, 16)) {
            assertEquals(sixteen.matcher(s).matches(), UdevMatches.isLowerHex(s, 16), s);
            assertEquals(thirtyTwo.matcher(s).matches(), UdevMatches.isLowerHex(s, 32), s);
            matched += sixteen.matcher(s).matches() || thirtyTwo.matcher(s).matches() ? 1 : 0;
        }
        assertTrue(matched > 1000, matched + " matched");
    }

    @Test
    void mdLabelMatchesItsRegex() {
        Pattern regex = Pattern.compile("md[0-9a-z_]+");
        int matched = 0;
        List<String> inputs = generated("md09az_", 8, 0);
        for (String s : generated("09az_x", 6, 0)) {
            inputs.add("md" + s);
        }
        for (String s : inputs) {
            assertEquals(regex.matcher(s).matches(), UdevRulesGenerator.isMdLabel(s), s);
            matched += regex.matcher(s).matches() ? 1 : 0;
        }
        assertTrue(matched > 1000 && inputs.size() - matched > 1000, matched + " of " + inputs.size());
    }

    @Test
    void collapsedBlanksAreReplaceAllsResult() {
        for (String s : generated("ab \t\n  \u000b\f\r", 12, 0)) {
            assertEquals(s.replaceAll("\\s+", "_"), UdevMatches.collapseBlanks(s), s);
        }
    }

    /** Strings of up to maxLength characters, mostly from named; with lengthBias > 0, a third exactly that long. */
    private static List<String> generated(String named, int maxLength, int lengthBias) {
        Random random = new Random(named.hashCode() + maxLength);
        List<String> out = new ArrayList<>();
        out.add("");
        for (int i = 0; i < 40_000; i++) {
            int length = lengthBias > 0 && random.nextInt(3) == 0 ? (random.nextBoolean() ? lengthBias : 2 * lengthBias)
                    : random.nextInt(maxLength + 1);
            StringBuilder s = new StringBuilder();
            for (int j = 0; j < length; j++) {
                String from = random.nextInt(30) == 0 ? EDGES : named;
                s.append(from.charAt(random.nextInt(from.length())));
            }
            out.add(s.toString());
        }
        return out;
    }
}
