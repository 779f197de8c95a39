package org.disktune.persist;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.disktune.config.ConfigProblem;

/**
 * An fstab file read the way libmount reads it (util-linux libmount/src/tab_parse.c,
 * {@code mnt_table_parse_next} and {@code mnt_parse_table_line}, checked against util-linux's test files
 * {@code tests/ts/libmount/files/fstab*}):
 * <ul>
 * <li>lines end at {@code \n}; one {@code \r} right before it (or before the end of a file without a final
 * newline) is not part of the line, so CRLF files read like LF files;</li>
 * <li>a line that is empty or blank, or whose first non-blank character is {@code #}, is a comment;</li>
 * <li>fields are separated by runs of spaces and tabs; the device, mount point and type are required; the
 * options, freq and passno fields are optional; freq and passno, when present, must be integers
 * ({@code strtol} up to a blank or the end); anything after passno is ignored (so {@code 0 1 # note} is
 * fine);</li>
 * <li>a line that breaks these rules is skipped by mount(8) ("parse error at line N -- ignored"): here it is
 * a {@link ConfigProblem} {@code file:line: ...} and no entry.</li>
 * </ul>
 * The file's bytes are kept: the editor changes one field of one line and leaves every other byte.
 */
public final class Fstab {
    private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]+");

    /** Where an entry's fields are in the file, in offsets of the ISO-8859-1 text (one char per byte). */
    record Located(FstabEntry entry, int typeEnd, String typeSeparator, int optionsStart, int optionsEnd) {
    }

    /** A line mount(8) skips, with the mount point it seems to name (null when it has fewer than two words). */
    record Malformed(int line, String mountPoint) {
    }

    private final String file;
    private final String text;
    private final List<Located> located;
    private final List<Malformed> malformed;
    private final List<ConfigProblem> problems;

    private Fstab(String file, String text, List<Located> located, List<Malformed> malformed, List<ConfigProblem> problems) {
        this.file = file;
        this.text = text;
        this.located = List.copyOf(located);
        this.malformed = List.copyOf(malformed);
        this.problems = List.copyOf(problems);
    }

    /** Reads {@code bytes}; {@code file} names the file in problems ("/etc/fstab"). */
    public static Fstab parse(byte[] bytes, String file) {
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        List<Located> located = new ArrayList<>();
        List<Malformed> malformed = new ArrayList<>();
        List<ConfigProblem> problems = new ArrayList<>();
        int pos = 0;
        for (int number = 1; pos < text.length(); number++) {
            int newline = text.indexOf('\n', pos);
            int end = newline < 0 ? text.length() : newline;
            int contentEnd = end > pos && text.charAt(end - 1) == '\r' ? end - 1 : end;
            parseLine(file, text, pos, contentEnd, number, located, malformed, problems);
            pos = newline < 0 ? text.length() : newline + 1;
        }
        return new Fstab(file, text, located, malformed, problems);
    }

    private static void parseLine(String file, String text, int start, int end, int number, List<Located> located,
            List<Malformed> malformed, List<ConfigProblem> problems) {
        List<int[]> words = new ArrayList<>();
        int i = start;
        while (true) {
            while (i < end && isBlank(text.charAt(i))) {
                i++;
            }
            if (i >= end) {
                break;
            }
            int wordStart = i;
            while (i < end && !isBlank(text.charAt(i))) {
                i++;
            }
            words.add(new int[] {wordStart, i});
        }
        if (words.isEmpty() || text.charAt(words.get(0)[0]) == '#') {
            return;
        }
        String line = text.substring(start, end);
        if (line.indexOf('\0') >= 0) {
            problem(file, number, "contains a NUL byte; mount(8) ignores the rest of the line", words, text, malformed, problems);
            return;
        }
        if (words.size() < 3) {
            problem(file, number, "has " + words.size() + (words.size() == 1 ? " field" : " fields")
                    + "; a mount line needs at least the device, the mount point and the type (fstab(5)); mount(8) ignores it",
                    words, text, malformed, problems);
            return;
        }
        for (int field = 4; field <= 5 && field < words.size(); field++) {
            String word = word(text, words.get(field));
            if (!INTEGER.matcher(word).matches()) {
                problem(file, number, "the " + (field == 4 ? "dump frequency" : "fsck pass number") + " '" + decode(word)
                        + "' is not a number; mount(8) ignores the line", words, text, malformed, problems);
                return;
            }
        }
        int[] type = words.get(2);
        String rawOptions = words.size() > 3 ? word(text, words.get(3)) : null;
        List<String> options = new ArrayList<>();
        if (rawOptions != null) {
            for (String o : splitOptions(rawOptions)) {
                options.add(decode(o));
            }
        }
        FstabEntry entry = new FstabEntry(number, decode(word(text, words.get(0))), decode(word(text, words.get(1))),
                decode(word(text, type)), options, rawOptions);
        String separator = text.substring(words.get(1)[1], type[0]);
        int optionsStart = words.size() > 3 ? words.get(3)[0] : -1;
        int optionsEnd = words.size() > 3 ? words.get(3)[1] : -1;
        located.add(new Located(entry, type[1], separator, optionsStart, optionsEnd));
    }

    private static void problem(String file, int number, String message, List<int[]> words, String text, List<Malformed> malformed,
            List<ConfigProblem> problems) {
        problems.add(new ConfigProblem(file, number, message));
        malformed.add(new Malformed(number, words.size() > 1 ? decode(word(text, words.get(1))) : null));
    }

    private static String word(String text, int[] range) {
        return text.substring(range[0], range[1]);
    }

    static boolean isBlank(char c) {
        return c == ' ' || c == '\t';
    }

    /**
     * The options of a field, split at commas that are not inside double quotes (libmount's
     * {@code mnt_optstr_next_option} lets a quoted value such as {@code context="a,b"} hold commas).
     */
    static List<String> splitOptions(String raw) {
        List<String> options = new ArrayList<>();
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                options.add(raw.substring(start, i));
                start = i + 1;
            }
        }
        options.add(raw.substring(start));
        return options;
    }

    /**
     * Decodes a field as libmount's {@code unmangle} does: backslash and three octal digits is one byte;
     * the bytes (given one per char) are then read as UTF-8.
     */
    static String decode(String raw) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '\\' && i + 3 < raw.length() && isOctal(raw.charAt(i + 1)) && isOctal(raw.charAt(i + 2))
                    && isOctal(raw.charAt(i + 3))) {
                bytes.write(64 * (raw.charAt(i + 1) - '0') + 8 * (raw.charAt(i + 2) - '0') + (raw.charAt(i + 3) - '0'));
                i += 3;
            } else {
                bytes.write(c);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static boolean isOctal(char c) {
        return c >= '0' && c <= '7';
    }

    /** A mount point as it is compared: trailing slashes do not count ({@code /any/foo/} is {@code /any/foo}); {@code /} stays. */
    static String normalize(String mountPoint) {
        String p = mountPoint;
        while (p.length() > 1 && p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p;
    }

    /** The name of the file this was read from, as given to {@link #parse}. */
    public String file() {
        return file;
    }

    /** Every mount line mount(8) would use, in file order. */
    public List<FstabEntry> entries() {
        List<FstabEntry> entries = new ArrayList<>(located.size());
        for (Located l : located) {
            entries.add(l.entry());
        }
        return java.util.Collections.unmodifiableList(entries);
    }

    /** Every mount line for {@code mountPoint}, trailing slashes ignored on both sides (more than one is a conflict). */
    public List<FstabEntry> entries(String mountPoint) {
        String wanted = normalize(mountPoint);
        return entries().stream().filter(e -> normalize(e.mountPoint()).equals(wanted)).toList();
    }

    /** The lines mount(8) ignores, each as {@code file:line: why}. */
    public List<ConfigProblem> problems() {
        return problems;
    }

    List<Located> located() {
        return located;
    }

    List<Malformed> malformed() {
        return malformed;
    }

    String text() {
        return text;
    }
}
