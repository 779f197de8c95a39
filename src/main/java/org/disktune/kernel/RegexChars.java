package org.disktune.kernel;

/**
 * The character classes and boundaries of java.util.regex (JDK 17, no flags) that the hand-written kernel-log parsers
 * ({@link AtaLineParsers}, {@link ScsiIdeLineParsers}, {@link LogLineFormats}, {@link KernelLogLineNormalizer})
 * reproduce, in one place; RegexCharsTest checks each against java.util.regex itself. {@code \d \w \s} are ASCII
 * only, {@code .} is anything but a line terminator, {@code \b} is Java 17's, Unicode (letters and digits of all
 * scripts, '_', and non-spacing marks on one of them; JDK 19 made it follow {@code \w}, and RegexCharsTest would then
 * fail on purpose). No lambdas, streams or regex here: these paths exist to avoid the
 * method-handle linkage those cost at start-up.
 */
final class RegexChars {
    private RegexChars() {
    }

    // \d: [0-9]
    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    // \s: [ \t\n\x0B\f\r]
    static boolean isBlank(char c) {
        return c == ' ' || c >= '\t' && c <= '\r';
    }

    // \w: [a-zA-Z_0-9]
    static boolean isWord(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c) || c == '_';
    }

    // the line terminators that . does not match (and $ stops before): \n \r \u0085 \u2028 \u2029
    static boolean isLineTerminator(char c) {
        return c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029';
    }

    // \d* at i: the end of the run of ASCII digits there (i itself when none)
    static int digitsEnd(String s, int i) {
        while (i < s.length() && isDigit(s.charAt(i))) {
            i++;
        }
        return i;
    }

    // \d{min,max} at at, followed by a non-digit (greedy, so no other choice): its end, or -1 when the run is too short or long
    static int boundedDigitsEnd(String s, int at, int min, int max) {
        int i = digitsEnd(s, at);
        int n = i - at;
        return n >= min && n <= max ? i : -1;
    }

    // \w* at i: the end of the run of ASCII word characters there
    static int wordEnd(String s, int i) {
        while (i < s.length() && isWord(s.charAt(i))) {
            i++;
        }
        return i;
    }

    // \s* at i: the end of the run of regex blanks there
    static int blankEnd(String s, int i) {
        while (i < s.length() && isBlank(s.charAt(i))) {
            i++;
        }
        return i;
    }

    // \S* at i: the end of the run of non-blanks there (blanks are ASCII, so a surrogate pair is never cut)
    static int nonBlankEnd(String s, int i) {
        while (i < s.length() && !isBlank(s.charAt(i))) {
            i++;
        }
        return i;
    }

    // where .* from `from` stops: the index of the first line terminator at or after it, else the length
    static int terminatorAt(String s, int from) {
        for (int i = from; i < s.length(); i++) {
            if (isLineTerminator(s.charAt(i))) {
                return i;
            }
        }
        return s.length();
    }

    // .*$ at from fails under matches() (no DOTALL): true when s[from..] holds a line terminator
    static boolean hasLineTerminator(String s, int from) {
        return terminatorAt(s, from) < s.length();
    }

    // . at at: its end (a surrogate pair is one code point), or -1 at the end of s or at a line terminator
    static int nextCodePoint(String s, int at) {
        if (at >= s.length() || isLineTerminator(s.charAt(at))) {
            return -1;
        }
        return at + Character.charCount(s.codePointAt(at));
    }

    // \b at i (Java 17's Pattern.Bound without UNICODE_CHARACTER_CLASS, over the whole of s)
    static boolean boundary(String s, int i) {
        return wordBefore(s, i) != wordAt(s, i);
    }

    // the left side of \b at i: the code point before i is a word character of Pattern.Bound, or a non-spacing mark on one
    static boolean wordBefore(String s, int i) {
        if (i <= 0) {
            return false;
        }
        int ch = Character.codePointBefore(s, i);
        return isUnicodeWord(ch) || Character.getType(ch) == Character.NON_SPACING_MARK && hasBaseCharacter(s, i - 1);
    }

    // the right side of \b at i: the code point at i is a word character of Pattern.Bound, or a non-spacing mark on one
    static boolean wordAt(String s, int i) {
        if (i >= s.length()) {
            return false;
        }
        int ch = Character.codePointAt(s, i);
        return isUnicodeWord(ch) || Character.getType(ch) == Character.NON_SPACING_MARK && hasBaseCharacter(s, i);
    }

    // a word character of \b (Pattern.Bound.isWord): '_' or a letter or digit of any script
    static boolean isUnicodeWord(int ch) {
        return ch == '_' || Character.isLetterOrDigit(ch);
    }

    // Pattern.hasBaseCharacter of \b: back from i over non-spacing marks, is there a letter or digit
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
