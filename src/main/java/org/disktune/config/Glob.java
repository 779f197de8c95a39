package org.disktune.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.IntPredicate;

/**
 * A shell-style pattern as udev and fnmatch(3) read it: {@code *} any run of characters, {@code ?} one
 * character, {@code [abc]}/{@code [a-z]}/{@code [!a]}/{@code [[:digit:]]} one of a set (a {@code ]} right after
 * {@code [} or {@code [!} belongs to the set; a {@code [} without its {@code ]} is literal; a range whose end
 * comes before its start holds nothing); everything else literal. Used for {@code match.model} and
 * {@code match.name}; the text is kept as written so that a udev rule can say the same thing.
 *
 * <p>Matching needs no regex and no recursion: one pass with the classic two-pointer backtrack to the last
 * {@code *}, at most pattern length times value length steps, whatever the input. The pattern is parsed once, when
 * the glob is made, since one glob is matched against every disk.
 */
public final class Glob {
    private static final List<String> CLASSES = List.of("alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower", "print",
            "punct", "space", "upper", "xdigit");

    private final String text;
    private final List<Token> tokens;
    private final Optional<String> mistake;

    public Glob(String text) {
        this.text = Objects.requireNonNull(text);
        List<String> mistakes = new ArrayList<>();
        this.tokens = List.copyOf(parse(mistakes));
        this.mistake = mistakes.stream().findFirst();
    }

    /** The pattern as written. */
    public String text() {
        return text;
    }

    /** One position of the pattern: a star, or one character it accepts. */
    private sealed interface Token {
    }

    private record Star() implements Token {
    }

    private record One(IntPredicate accepts) implements Token {
    }

    public boolean matches(String value) {
        if (value == null) {
            return false;
        }
        List<Token> p = tokens;
        int pi = 0;
        int vi = 0;
        int starAt = -1;
        int resumeAt = 0;
        while (vi < value.length()) {
            if (pi < p.size() && p.get(pi) instanceof Star) {
                starAt = pi++;
                resumeAt = vi;
            } else if (pi < p.size() && ((One) p.get(pi)).accepts().test(value.charAt(vi))) {
                pi++;
                vi++;
            } else if (starAt >= 0) {
                pi = starAt + 1;
                vi = ++resumeAt;
            } else {
                return false;
            }
        }
        while (pi < p.size() && p.get(pi) instanceof Star) {
            pi++;
        }
        return pi == p.size();
    }

    /** True when the pattern has no wildcard: it names exactly one value. */
    public boolean literal() {
        return text.chars().noneMatch(c -> c == '*' || c == '?' || c == '[');
    }

    /** What makes the pattern surely a mistake (a range written backwards, an unknown [:class:]); empty when none. */
    public Optional<String> mistake() {
        return mistake;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Glob g && g.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return "Glob[text=" + text + "]";
    }

    private List<Token> parse(List<String> mistakes) {
        List<Token> tokens = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '*') {
                if (tokens.isEmpty() || !(tokens.get(tokens.size() - 1) instanceof Star)) {
                    tokens.add(new Star());
                }
                i++;
            } else if (c == '?') {
                tokens.add(new One(ch -> true));
                i++;
            } else if (c == '[') {
                int end = bracketEnd(i);
                if (end < 0) {
                    tokens.add(literal('['));
                    i++;
                } else {
                    tokens.add(set(i + 1, end, mistakes));
                    i = end + 1;
                }
            } else {
                tokens.add(literal(c));
                i++;
            }
        }
        return tokens;
    }

    private static One literal(char c) {
        return new One(ch -> ch == c);
    }

    /** The index of the ']' that closes the set opened at {@code open}, -1 when none does. */
    private int bracketEnd(int open) {
        int i = open + 1;
        if (i < text.length() && (text.charAt(i) == '!' || text.charAt(i) == '^')) {
            i++;
        }
        if (i < text.length() && text.charAt(i) == ']') {
            i++;
        }
        while (i < text.length()) {
            if (text.startsWith("[:", i)) {
                int close = text.indexOf(":]", i + 2);
                if (close >= 0) {
                    i = close + 2;
                    continue;
                }
            }
            if (text.charAt(i) == ']') {
                return i;
            }
            i++;
        }
        return -1;
    }

    private One set(int from, int end, List<String> mistakes) {
        int i = from;
        boolean negate = text.charAt(i) == '!' || text.charAt(i) == '^';
        if (negate) {
            i++;
        }
        IntPredicate any = ch -> false;
        while (i < end) {
            if (text.startsWith("[:", i) && text.indexOf(":]", i + 2) >= 0 && text.indexOf(":]", i + 2) < end) {
                int close = text.indexOf(":]", i + 2);
                String name = text.substring(i + 2, close);
                if (!CLASSES.contains(name)) {
                    mistakes.add("[:" + name + ":] is no character class; use one of " + String.join(", ", CLASSES));
                }
                any = any.or(characterClass(name));
                i = close + 2;
            } else if (i + 2 < end && text.charAt(i + 1) == '-') {
                char low = text.charAt(i);
                char high = text.charAt(i + 2);
                if (high < low) {
                    mistakes.add("the range " + low + "-" + high + " ends before it starts, so it holds nothing; write " + high + "-" + low);
                }
                any = any.or(ch -> ch >= low && ch <= high);
                i += 3;
            } else {
                char c = text.charAt(i);
                any = any.or(ch -> ch == c);
                i++;
            }
        }
        IntPredicate in = any;
        return new One(negate ? in.negate() : in);
    }

    private static IntPredicate characterClass(String name) {
        return switch (name) {
            case "alnum" -> ch -> ch < 128 && Character.isLetterOrDigit(ch);
            case "alpha" -> ch -> ch < 128 && Character.isLetter(ch);
            case "blank" -> ch -> ch == ' ' || ch == '\t';
            case "cntrl" -> ch -> ch < 32 || ch == 127;
            case "digit" -> ch -> ch >= '0' && ch <= '9';
            case "graph" -> ch -> ch > 32 && ch < 127;
            case "lower" -> ch -> ch >= 'a' && ch <= 'z';
            case "print" -> ch -> ch >= 32 && ch < 127;
            case "punct" -> ch -> ch > 32 && ch < 127 && !Character.isLetterOrDigit(ch);
            case "space" -> ch -> ch == ' ' || (ch >= '\t' && ch <= '\r');
            case "upper" -> ch -> ch >= 'A' && ch <= 'Z';
            case "xdigit" -> ch -> (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F');
            default -> ch -> false;
        };
    }
}
