package org.disktune.config;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A shell-style pattern as udev and fnmatch(3) read it: {@code *} any run of characters, {@code ?} one
 * character, {@code [abc]}/{@code [a-z]}/{@code [!a]} one of a set; everything else literal. Used for
 * {@code match.model} and {@code match.name}; the text is kept as written so that a udev rule can say the
 * same thing.
 */
public record Glob(String text) {
    public Glob {
        Objects.requireNonNull(text);
    }

    public boolean matches(String value) {
        return value != null && regex().matcher(value).matches();
    }

    /** True when the pattern has no wildcard: it names exactly one value. */
    public boolean literal() {
        return text.chars().noneMatch(c -> c == '*' || c == '?' || c == '[');
    }

    private Pattern regex() {
        StringBuilder re = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '*' -> re.append(".*");
                case '?' -> re.append('.');
                case '[' -> {
                    int end = text.indexOf(']', i + 2);
                    if (end < 0) {
                        re.append("\\[");
                    } else {
                        String set = text.substring(i + 1, end);
                        boolean negate = set.startsWith("!") || set.startsWith("^");
                        if (negate) {
                            set = set.substring(1);
                        }
                        re.append(negate ? "[^" : "[").append(set.replace("\\", "\\\\").replace("[", "\\[")).append(']');
                        i = end;
                    }
                }
                default -> re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(re.toString(), Pattern.DOTALL);
    }
}
