package org.disktune.persist;

import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import org.disktune.config.ConfigProblem;

/**
 * udev's limit on a rules line, checked on a rule as the generator rendered it. systemd's udev-rules.c
 * ({@code udev_rules_parse_file}) reads each line with {@code read_line(f, UDEV_LINE_SIZE, &buf)}, UDEV_LINE_SIZE being
 * 16,384 (udev-def.h): a longer line, even a comment, is an error that ends the reading of the whole file, so every
 * later rule is lost; and a rule continued with {@code \} whose joined text reaches UDEV_LINE_SIZE is skipped ("Line
 * is too long, ignored"). So every line of a rule, with its newline, and the rule's joined text stay below it.
 */
final class UdevLineLimit {
    /** UDEV_LINE_SIZE of systemd's udev. */
    static final int UDEV_LINE_SIZE = 16_384;

    private UdevLineLimit() {
    }

    /**
     * The length in bytes of the longest thing udev reads of a rule rendered from {@code comment} and {@code lines} (each
     * line with its newline, or the joined rule), when it reaches {@link #UDEV_LINE_SIZE}; empty when the rule fits.
     */
    static Optional<Integer> excess(List<String> renderedLines, List<String> ruleLines) {
        int longest = bytes(String.join(", ", ruleLines));
        for (String line : renderedLines) {
            longest = Math.max(longest, bytes(line) + 1);
        }
        return longest >= UDEV_LINE_SIZE ? Optional.of(longest) : Optional.empty();
    }

    /** A key of a section and its value as written, for naming the one that makes a rule too long. */
    record Valued(String key, int line, String value) {
    }

    /**
     * True, with an error at the longest value's line, when udev could not read the rule {@code text} (see
     * {@link UdevLineLimit}): the check is on the rule as rendered, so it holds whatever the rule's other keys are.
     */
    static boolean tooLong(String text, List<String> lines, List<Valued> values, String section, String file,
            List<ConfigProblem> errors) {
        Optional<Integer> excess = excess(List.of(text.split("\n")), lines);
        if (excess.isEmpty()) {
            return false;
        }
        Valued longest = values.stream().max(Comparator.comparingInt(v -> v.value() == null ? 0 : v.value().length())).orElseThrow();
        errors.add(new ConfigProblem(file, longest.line(), longest.key() + " of " + section + " is " + longest.value().length()
                + " characters long, which makes a line of its udev rule " + excess.get() + " bytes; udev reads rules lines of less than "
                + UDEV_LINE_SIZE + " bytes (UDEV_LINE_SIZE) and stops reading the file at a longer one: shorten the value"));
        return true;
    }

    private static int bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }
}
