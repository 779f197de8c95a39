package org.disktune.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * {@link WordBoundary}'s lookarounds against JDK 17's {@code \b} (java.util.regex.Pattern.Bound without
 * UNICODE_CHARACTER_CLASS), written out below as the oracle so that the test means the same on every JDK: on every
 * char 0..0xFFFF, on supplementary code points, and at every index of generated strings that mix ASCII, letters and
 * digits of other scripts, non-spacing marks (BMP and supplementary), surrogate pairs, lone surrogates and line
 * terminators.
 */
class WordBoundaryTest {
    private static final Pattern BEFORE = Pattern.compile(WordBoundary.BEFORE);
    private static final Pattern AFTER = Pattern.compile(WordBoundary.AFTER);

    /** The pieces the generated strings are made of. */
    private static final String[] PIECES = {
        "a", "Z", "0", "9", "_", " ", "\t", "\u000B", "\f", ",", ".", "-", "\n", "\r", "\u0085", "\u2028", "\u2029",
        "\u00A0", "\u00B2", "\u00E9", "\u0301", "\u0300\u0301", "\u0903", "\u0915", "\u0660", "\u0669", "\u200D",
        "\uD835\uDFCE", // U+1D7CE MATHEMATICAL BOLD DIGIT ZERO (Nd)
        "\uD801\uDC00", // U+10400 DESERET CAPITAL LETTER LONG I (Lu)
        "\uD834\uDD67", // U+1D167 MUSICAL SYMBOL COMBINING TREMOLO-1 (Mn, supplementary)
        "\uD83D\uDE00", // U+1F600 (So)
        "\uD835", "\uDFCE", // lone surrogates
    };

    @Test
    void everyChar() {
        for (int c = 0; c <= 0xFFFF; c++) {
            char ch = (char) c;
            String at = "U+" + Integer.toHexString(c);
            checkEveryIndex(String.valueOf(ch), at);
            checkEveryIndex("a" + ch + " ", at);
            checkEveryIndex(" " + ch + "\u0301a", at);
        }
    }

    @Test
    void supplementaryCodePoints() {
        int[] cps = {0x10400, 0x1D7CE, 0x1D167, 0x1F600, 0x20000, 0xE0100, 0x1E94A};
        for (int cp : cps) {
            String c = new String(Character.toChars(cp));
            for (String s : new String[] {c, "a" + c, " " + c + "x", c + "\u0301 ", "\u00e9" + c + "\u0301x"}) {
                checkEveryIndex(s, s);
            }
        }
    }

    @Test
    void generatedStrings() {
        Random random = new Random(20240917L);
        for (int k = 0; k < 20_000; k++) {
            StringBuilder b = new StringBuilder();
            int pieces = random.nextInt(10);
            for (int p = 0; p < pieces; p++) {
                b.append(PIECES[random.nextInt(PIECES.length)]);
            }
            checkEveryIndex(b.toString(), "generated " + k);
        }
    }

    @Test
    void marksOnALetterAreAWordUpToTheLongestRunLookedOver() {
        String marks = "\u0301".repeat(WordBoundary.MAX_MARKS);
        assertFalse(holds(BEFORE, "a" + marks + "irq", 1 + marks.length()), "marks on a letter: no boundary");
        assertTrue(holds(BEFORE, " " + marks + "irq", 1 + marks.length()), "marks on a blank: a boundary");
        assertTrue(holds(BEFORE, "a" + marks + "\u0301irq", 2 + marks.length()), "a longer run is not looked over");
    }

    /** Where BEFORE's and AFTER's conditions are met, each answers as JDK 17's \b. */
    private static void checkEveryIndex(String s, String what) {
        for (int i = 0; i <= s.length(); i++) {
            String at = what + " at " + i;
            // BEFORE stands in front of a word character: \b there is "no word character ends here"
            assertEquals(!Jdk17Bound.wordBefore(s, i), holds(BEFORE, s, i), "before " + at);
            // AFTER stands after an ASCII letter or digit: \b there is "no word character starts here"
            if (i > 0 && s.charAt(i - 1) < 0x80 && Character.isLetterOrDigit(s.charAt(i - 1))) {
                assertEquals(Jdk17Bound.boundary(s, i), holds(AFTER, s, i), "after " + at);
            }
        }
    }

    /** Whether the lookaround holds at {@code i} of the whole of {@code s} (transparent bounds: what is before i counts). */
    private static boolean holds(Pattern lookaround, String s, int i) {
        Matcher m = lookaround.matcher(s).region(i, s.length());
        m.useTransparentBounds(true);
        return m.lookingAt();
    }

    /** JDK 17's Pattern.Bound.check (no UNICODE_CHARACTER_CLASS), over the whole of s. */
    private static final class Jdk17Bound {
        static boolean boundary(String s, int i) {
            return wordBefore(s, i) != wordAt(s, i);
        }

        static boolean wordBefore(String s, int i) {
            if (i <= 0) {
                return false;
            }
            int ch = Character.codePointBefore(s, i);
            return isWord(ch) || Character.getType(ch) == Character.NON_SPACING_MARK && hasBaseCharacter(s, i - 1);
        }

        static boolean wordAt(String s, int i) {
            if (i >= s.length()) {
                return false;
            }
            int ch = Character.codePointAt(s, i);
            return isWord(ch) || Character.getType(ch) == Character.NON_SPACING_MARK && hasBaseCharacter(s, i);
        }

        static boolean isWord(int ch) {
            return ch == '_' || Character.isLetterOrDigit(ch);
        }

        /** Pattern.hasBaseCharacter: back from i over non-spacing marks (one char at a time), is there a letter or digit. */
        static boolean hasBaseCharacter(String s, int i) {
            for (int x = i; x >= 0; x--) {
                int ch = Character.codePointAt(s, x);
                if (Character.isLetterOrDigit(ch)) {
                    return true;
                }
                if (Character.getType(ch) != Character.NON_SPACING_MARK) {
                    return false;
                }
            }
            return false;
        }
    }
}
