package org.disktune.persist;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import org.disktune.config.ConfigProblem;

/**
 * udev's limit on a rules line, checked on the text of a rule as the generator wrote it (its comment, the rules that
 * jump past it and the rule itself), read the way the machine's udev reads a rules file (udev's history as kept in
 * eudev's repository; systemd's udev-rules.c):
 * <ul>
 * <li>before 131, udev_rules_parse.c ({@code parse_file}) maps the file and takes a line up to a newline that no
 * {@code \} precedes ({@code buf_get_line}), so a rule with its continuation lines, from its first non-blank byte to
 * its last newline, is one count; a count of {@code sizeof(line)} or more is "line too long, rule skipped": that rule
 * is left out, the file is read on. Comments are skipped before the count. {@code line} is LINE_SIZE, 512 bytes
 * (udev.h), before 128, and UTIL_LINE_SIZE, 2048 bytes (lib/libudev-private.h), from 128;</li>
 * <li>from 131 to 151, udev-rules.c reads with {@code fgets(line, UTIL_LINE_SIZE)} (2048 bytes), appending a
 * continuation line in place of its {@code \} and newline; a rule whose joined text, with its newline, is 2047 bytes or
 * more is "line too long, ignored", and what {@code fgets} did not take of a line is read as a line of its own (so a
 * comment line must fit too, or its end is read as a rule). 152 raised UTIL_LINE_SIZE to 16384; eudev reads this way
 * still;</li>
 * <li>systemd's udev ({@code udev_rules_parse_file}) reads each line with {@code read_line(f, UDEV_LINE_SIZE, &buf)},
 * UDEV_LINE_SIZE being 16,384 (udev-def.h): a longer line, even a comment, is an error that ends the reading of the
 * whole file; and a rule continued with {@code \} whose joined text (continuation lines without their leading blanks)
 * reaches UDEV_LINE_SIZE is skipped ("Line is too long, ignored").</li>
 * </ul>
 * A udev from 152 or of unknown version is held to both of the last two, as the machine may run either.
 * Every udev that reads ATTR{} keys (098) joins {@code \} continuations: udev has since December 2004 ("allow multiline
 * rules by backslash at the end of the line").
 */
final class UdevLineLimit {
    /** UDEV_LINE_SIZE of systemd's udev, UTIL_LINE_SIZE of udev from 152 and of eudev. */
    static final int UDEV_LINE_SIZE = 16_384;
    /** LINE_SIZE of udev.h, the rules line of udev before 128. */
    static final int LINE_SIZE = 512;
    /** UTIL_LINE_SIZE of libudev-private.h from udev 128 to 151. */
    static final int UTIL_LINE_SIZE = 2_048;
    /** The first udev with UTIL_LINE_SIZE, and the first with 16384 of it. */
    static final int UTIL_LINE = 128;
    static final int LINE_RAISED = 152;

    private UdevLineLimit() {
    }

    /** What a udev read of a rule that was too long for it: so many bytes, which had to be less than {@code limit}. */
    record Excess(int bytes, int limit, String says) {
    }

    /**
     * The longest thing udev {@code udev} (0: not known) reads of {@code text} (a rule with its comment lines, as written
     * to the file), when it is too long for that udev; empty when every line fits.
     */
    static Optional<Excess> excess(String text, int udev) {
        List<String> lines = List.of(text.split("\n"));
        if (udev > 0 && udev < OldUdevKeys.TOKENS) {
            int size = udev < UTIL_LINE ? LINE_SIZE : UTIL_LINE_SIZE;
            String constant = udev < UTIL_LINE ? "LINE_SIZE, " + LINE_SIZE + " bytes of udev.h" : "UTIL_LINE_SIZE, " + UTIL_LINE_SIZE + " bytes";
            return over(mapped(lines), size, OldUdevKeys.udevName(udev) + " reads a rule, its continuation lines included, into "
                    + constant + ", so of less than " + size + " bytes, and skips a longer rule (\"line too long, rule skipped\")");
        }
        if (udev > 0 && udev < LINE_RAISED) {
            return fgets(lines, UTIL_LINE_SIZE, OldUdevKeys.udevName(udev) + " reads rules lines with fgets into UTIL_LINE_SIZE ("
                    + UTIL_LINE_SIZE + " bytes), which holds a rule, its continuation lines joined and its newline, of less than "
                    + (UTIL_LINE_SIZE - 1) + " bytes and a comment line of less than " + UTIL_LINE_SIZE + "; it ignores a longer rule "
                    + "(\"line too long\") and reads the rest of a longer line as a line of its own");
        }
        String says = "udev reads rules lines of less than " + UDEV_LINE_SIZE + " bytes (UDEV_LINE_SIZE) and stops reading the file at a "
                + "longer one (systemd), or ignores a rule that is, its continuation lines joined and with its newline, "
                + (UDEV_LINE_SIZE - 1) + " bytes or longer (UTIL_LINE_SIZE of eudev and of udev from 152)";
        return over(readLine(lines), UDEV_LINE_SIZE, says).or(() -> fgets(lines, UDEV_LINE_SIZE, says));
    }

    /** Before 131: each rule with its continuation lines as one count (from its first non-blank byte, without its last newline). */
    private static List<Integer> mapped(List<String> lines) {
        List<Integer> counts = new ArrayList<>();
        StringBuilder rule = new StringBuilder();
        for (String line : lines) {
            rule.append(line);
            if (line.endsWith("\\")) {
                rule.append('\n');
                continue;
            }
            String read = rule.toString().stripLeading();
            rule.setLength(0);
            if (!read.isEmpty() && !read.startsWith("#")) {
                counts.add(bytes(read));
            }
        }
        return counts;
    }

    /** 131 to 151 (and eudev): a rule joined in place of its continuations' {@code \}, with its newline, below size - 1. */
    private static Optional<Excess> fgets(List<String> lines, int size, String says) {
        List<Integer> rules = new ArrayList<>();
        List<Integer> comments = new ArrayList<>();
        StringBuilder rule = new StringBuilder();
        for (String line : lines) {
            if (rule.isEmpty() && line.stripLeading().startsWith("#")) {
                comments.add(bytes(line) + 1);
                continue;
            }
            if (line.endsWith("\\")) {
                rule.append(line, 0, line.length() - 1);
                continue;
            }
            rules.add(bytes(rule.append(line).toString()) + 1);
            rule.setLength(0);
        }
        return over(rules, size - 1, says).or(() -> over(comments, size, says));
    }

    /** systemd: every line with its newline, and a rule joined without its continuations' leading blanks. */
    private static List<Integer> readLine(List<String> lines) {
        List<Integer> counts = new ArrayList<>();
        StringBuilder rule = new StringBuilder();
        for (String line : lines) {
            counts.add(bytes(line) + 1);
            String read = line.stripLeading();
            if (read.startsWith("#")) {
                continue;
            }
            if (read.endsWith("\\")) {
                rule.append(read, 0, read.length() - 1);
                continue;
            }
            counts.add(bytes(rule.append(read).toString()));
            rule.setLength(0);
        }
        return counts;
    }

    private static Optional<Excess> over(List<Integer> counts, int limit, String says) {
        return counts.stream().max(Comparator.naturalOrder()).filter(n -> n >= limit).map(n -> new Excess(n, limit, says));
    }

    /** A key of a section and its value as written, for naming the one that makes a rule too long. */
    record Valued(String key, int line, String value) {
    }

    /**
     * True, with an error at the longest value's line, when udev {@code udev} could not read the rule {@code text} (see
     * {@link UdevLineLimit}): the check is on the rule as written, so it holds whatever the rule's other keys are.
     */
    static boolean tooLong(String text, int udev, List<Valued> values, String section, String file, List<ConfigProblem> errors) {
        Optional<Excess> excess = excess(text, udev);
        if (excess.isEmpty()) {
            return false;
        }
        Valued longest = values.stream().max(Comparator.comparingInt(v -> v.value() == null ? 0 : v.value().length())).orElseThrow();
        errors.add(new ConfigProblem(file, longest.line(), longest.key() + " of " + section + " is " + longest.value().length()
                + " characters long, which makes a line of its udev rule " + excess.get().bytes() + " bytes; " + excess.get().says()
                + ": shorten the value"));
        return true;
    }

    private static int bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }
}
