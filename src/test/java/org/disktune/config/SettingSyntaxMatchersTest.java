package org.disktune.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/** SettingSyntax's character loops against the regexes they replaced, around their length limits. */
class SettingSyntaxMatchersTest {
    private static final String EDGES = "/:@[`{ \t\n\u0000\u007fAZ.\u0660\uff10\u212a";

    @Test
    void schedulerNameMatchesItsRegex() {
        compare(Pattern.compile("[a-z0-9_-]{1,32}"), SettingSyntax::isSchedulerName, generated("abyz019_-", 36));
    }

    @Test
    void digitsMatchItsRegex() {
        compare(Pattern.compile("[0-9]{1,12}"), SettingSyntax::isDigits, generated("0123456789", 15));
    }

    private static void compare(Pattern regex, Predicate<String> matcher, List<String> inputs) {
        int matched = 0;
        for (String s : inputs) {
            boolean expected = regex.matcher(s).matches();
            assertEquals(expected, matcher.test(s), () -> "'" + s + "' against " + regex);
            matched += expected ? 1 : 0;
        }
        assertTrue(matched > 1000 && inputs.size() - matched > 1000, "too few of one answer: " + matched + " of " + inputs.size());
    }

    private static List<String> generated(String named, int maxLength) {
        Random random = new Random(named.hashCode());
        List<String> out = new ArrayList<>();
        out.add("");
        for (int i = 0; i < 40_000; i++) {
            int length = random.nextInt(maxLength + 1);
            StringBuilder s = new StringBuilder();
            for (int j = 0; j < length; j++) {
                String from = random.nextInt(40) == 0 ? EDGES : named;
                s.append(from.charAt(random.nextInt(from.length())));
            }
            out.add(s.toString());
        }
        return out;
    }
}
