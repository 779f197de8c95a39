package org.disktune.persist;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

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

    private static int bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }
}
