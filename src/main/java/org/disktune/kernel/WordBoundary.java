package org.disktune.kernel;

/**
 * The word boundaries of the kernel-log patterns, spelled out as lookarounds so that no JDK's own {@code \b} decides
 * them ({@code \b} counted letters and digits of every script as word characters up to JDK 18, and follows
 * {@code \w}, ASCII, from JDK 19). A word character here is what it was for these readers from the start: '_', a
 * letter ({@code \p{L}}) or decimal digit ({@code \p{Nd}}) of any script, or a non-spacing mark ({@code \p{Mn}}) on
 * one of them.
 */
final class WordBoundary {
    private WordBoundary() {
    }

    /** The longest run of non-spacing marks on a base letter that {@link #BEFORE} looks back over. */
    static final int MAX_MARKS = 64;

    /**
     * In front of a word character: no word character ends just before. A run of marks counts as word when a letter
     * or digit carries it, both in the Basic Multilingual Plane (a mark or base outside it, a surrogate pair, carries
     * nothing looking back, as for JDK 17's {@code \b}).
     */
    static final String BEFORE = "(?<![\\p{L}\\p{Nd}_]|[\\p{L}\\p{Nd}&&[^\\x{10000}-\\x{10FFFF}]][\\p{Mn}&&[^\\x{10000}-\\x{10FFFF}]]{1,"
            + MAX_MARKS + "})";

    /** After a word character of the Basic Multilingual Plane: no word character follows (a mark would sit on it). */
    static final String AFTER = "(?![\\p{L}\\p{Nd}_\\p{Mn}])";
}
