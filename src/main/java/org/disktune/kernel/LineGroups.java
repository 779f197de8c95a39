package org.disktune.kernel;

import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/** The groups 1..n of a pattern's match of a line, as the line readers hand them on (null for a group that took no part). */
final class LineGroups {
    private LineGroups() {
    }

    /** The groups of {@code pattern} matching the whole of {@code s}, or null. */
    static String[] whole(Pattern pattern, String s) {
        Matcher m = pattern.matcher(s);
        return m.matches() ? of(m) : null;
    }

    /** The groups of the first match of {@code pattern} in {@code s} ({@code find()}), or null. */
    static String[] first(Pattern pattern, String s) {
        Matcher m = pattern.matcher(s);
        return m.find() ? of(m) : null;
    }

    static String[] of(MatchResult m) {
        return IntStream.rangeClosed(1, m.groupCount()).mapToObj(m::group).toArray(String[]::new);
    }
}
