package org.disktune.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * Each helper of {@link RegexChars} against java.util.regex itself: the classes on every char 0..0xFFFF, the runs,
 * {@code .} and {@code \b} at every index of generated strings that mix ASCII, letters and digits of other scripts,
 * non-spacing marks (BMP and supplementary), surrogate pairs, lone surrogates and line terminators.
 */
class RegexCharsTest {
    private static final Pattern BOUNDARY = Pattern.compile("\\b");
    private static final Pattern DOT = Pattern.compile(".");
    private static final Pattern DOTS = Pattern.compile(".*");
    private static final Pattern DIGITS = Pattern.compile("\\d*");
    private static final Pattern WORDS = Pattern.compile("\\w*");
    private static final Pattern BLANKS = Pattern.compile("\\s*");
    private static final Pattern NON_BLANKS = Pattern.compile("\\S*");
    /** {@code \d{min,max}(?!\d)}, as [min][max]. */
    private static final Pattern[][] BOUNDED = new Pattern[4][5];

    static {
        for (int min = 0; min <= 3; min++) {
            for (int max = min; max <= 4; max++) {
                BOUNDED[min][max] = Pattern.compile("\\d{" + min + "," + max + "}(?!\\d)");
            }
        }
    }

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
    void classesOnEveryChar() {
        Matcher digit = Pattern.compile("\\d").matcher("");
        Matcher blank = Pattern.compile("\\s").matcher("");
        Matcher word = Pattern.compile("\\w").matcher("");
        Matcher dot = DOT.matcher("");
        for (int c = 0; c <= 0xFFFF; c++) {
            char ch = (char) c;
            String s = String.valueOf(ch);
            String at = "U+" + Integer.toHexString(c);
            assertEquals(digit.reset(s).matches(), RegexChars.isDigit(ch), at);
            assertEquals(blank.reset(s).matches(), RegexChars.isBlank(ch), at);
            assertEquals(word.reset(s).matches(), RegexChars.isWord(ch), at);
            assertEquals(!dot.reset(s).matches(), RegexChars.isLineTerminator(ch), at);
            // \b alone, then between a letter (a mark then has a base) and a blank
            assertEquals(boundaryByRegex(s, 0), RegexChars.boundary(s, 0), at);
            assertEquals(boundaryByRegex(s, 1), RegexChars.boundary(s, 1), at);
            String afterLetter = "a" + ch + " ";
            for (int i = 0; i <= afterLetter.length(); i++) {
                assertEquals(boundaryByRegex(afterLetter, i), RegexChars.boundary(afterLetter, i), at + " at " + i);
            }
            assertEquals(Character.isLetterOrDigit(c) || c == '_', RegexChars.isUnicodeWord(c), at);
        }
    }

    @Test
    void blankOfAByteIsThatOfItsAsciiChar() {
        Matcher blank = Pattern.compile("\\s").matcher("");
        for (int b = -128; b < 128; b++) {
            assertEquals(blank.reset(String.valueOf((char) (b & 0xFF))).matches(), RegexChars.isBlank((char) (byte) b), "byte " + b);
        }
    }

    @Test
    void supplementaryCodePoints() {
        int[] cps = {0x10400, 0x1D7CE, 0x1D167, 0x1F600, 0x20000, 0xE0100, 0x1E94A};
        for (int cp : cps) {
            String[] texts = {new String(Character.toChars(cp)), "a" + new String(Character.toChars(cp)),
                " " + new String(Character.toChars(cp)) + "x", new String(Character.toChars(cp)) + "\u0301 "};
            for (String s : texts) {
                checkEveryIndex(s);
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
            checkEveryIndex(b.toString());
        }
    }

    private static void checkEveryIndex(String s) {
        int n = s.length();
        for (int i = 0; i <= n; i++) {
            String at = quote(s) + " at " + i;
            assertEquals(boundaryByRegex(s, i), RegexChars.boundary(s, i), "\\b " + at);
            assertEquals(endByRegex(DIGITS, s, i), RegexChars.digitsEnd(s, i), "\\d* " + at);
            assertEquals(endByRegex(WORDS, s, i), RegexChars.wordEnd(s, i), "\\w* " + at);
            assertEquals(endByRegex(BLANKS, s, i), RegexChars.blankEnd(s, i), "\\s* " + at);
            assertEquals(endByRegex(NON_BLANKS, s, i), RegexChars.nonBlankEnd(s, i), "\\S* " + at);
            assertEquals(endByRegex(DOTS, s, i), RegexChars.terminatorAt(s, i), ".* " + at);
            assertEquals(!DOTS.matcher(s).region(i, n).matches(), RegexChars.hasLineTerminator(s, i), ".*$ " + at);
            assertEquals(endByRegex(DOT, s, i), RegexChars.nextCodePoint(s, i), ". " + at);
            for (int min = 0; min <= 3; min++) {
                for (int max = min; max <= 4; max++) {
                    assertEquals(endByRegex(BOUNDED[min][max], s, i), RegexChars.boundedDigitsEnd(s, i, min, max),
                            BOUNDED[min][max] + " " + at);
                }
            }
        }
    }

    /** Where {@code regex} matched at {@code i} (lookingAt on the rest) ends, or -1. */
    private static int endByRegex(Pattern regex, String s, int i) {
        Matcher m = regex.matcher(s).region(i, s.length());
        return m.lookingAt() ? m.end() : -1;
    }

    /** Whether {@code \b} holds at {@code i} of the whole of {@code s} (transparent bounds: what is before i counts). */
    private static boolean boundaryByRegex(String s, int i) {
        Matcher m = BOUNDARY.matcher(s).region(i, s.length());
        m.useTransparentBounds(true);
        return m.lookingAt();
    }

    private static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c < 0x7F) {
                b.append(c);
            } else {
                b.append("\\u").append(String.format("%04X", (int) c));
            }
        }
        return b.append('"').toString();
    }
}
