package org.disktune.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.function.Predicate;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/** LoadableSchedulers' character loops against the regexes they replaced, on generated strings. */
class LoadableSchedulersMatchersTest {
    private static final String EDGES = "/:@[`{ \t\n\u0000\u007f\u00e9\u0660\uff10\u212a";

    @Test
    void releaseMatchesItsRegex() {
        compare("[A-Za-z0-9_+~][A-Za-z0-9._+~-]*", LoadableSchedulers::isRelease, "aZ09_+~.-");
    }

    @Test
    void nameMatchesItsRegex() {
        compare("[a-z0-9][a-z0-9_-]*", LoadableSchedulers::isName, "az09_-A.");
    }

    private static void compare(String regex, Predicate<String> matcher, String named) {
        Pattern p = Pattern.compile(regex);
        Random random = new Random(regex.hashCode());
        int matched = 0;
        int total = 0;
        for (int i = 0; i <= 40_000; i++) {
            StringBuilder s = new StringBuilder();
            for (int j = 0, length = i == 0 ? 0 : random.nextInt(10); j < length; j++) {
                String from = random.nextInt(25) == 0 ? EDGES : named;
                s.append(from.charAt(random.nextInt(from.length())));
            }
            boolean expected = p.matcher(s).matches();
            assertEquals(expected, matcher.test(s.toString()), () -> "'" + s + "' against " + regex);
            matched += expected ? 1 : 0;
            total++;
        }
        assertTrue(matched > 1000 && total - matched > 1000, matched + " of " + total);
    }
}
