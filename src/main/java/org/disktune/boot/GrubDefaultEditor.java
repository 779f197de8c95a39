package org.disktune.boot;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.Predicate;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.disktune.core.DisktuneException;
import org.disktune.initramfs.config.ShellConfigScanner;
import org.disktune.initramfs.config.ShellStatement;
import org.disktune.initramfs.config.ValueForm;

/**
 * Edits {@code GRUB_CMDLINE_LINUX} in {@value #PATH} where GRUB reads no drop-in, keeping every other byte.
 *
 * <p>Who reads what: upstream {@code grub-mkconfig} (util/grub-mkconfig.in) runs {@code . /etc/default/grub}, so the
 * file is POSIX shell, sourced by {@code /bin/sh}; {@code /etc/default/grub.d/*.cfg} is read only by Debian's and
 * Ubuntu's GRUB, through Debian's patch {@code default_grub_d.patch} ("Read /etc/default/grub.d/*.cfg after
 * /etc/default/grub", Colin Watson, 2014), which adds the loop after that line in grub-mkconfig and in
 * {@code grub_util_load_config}. Fedora's and RHEL's grub2 (rhboot/grub2) and Arch's, Gentoo's and openSUSE's
 * upstream-based packages source {@code /etc/default/grub} alone, so there the variable itself is edited.
 *
 * <p>Only disktune's words change: a word inside the value whose name is {@code module.param} of a wanted parameter
 * is replaced in place (its first occurrence; later ones go), a word of a name in {@code owned} that is no longer
 * wanted goes with one space beside it, and a wanted parameter the value lacks is appended after one space. The
 * value keeps its quoting: in {@code "..."} a '"' of a value with spaces is written {@code \"}; in {@code '...'} as
 * it is; an unquoted value stays unquoted while it is one plain word. So adding and then removing a parameter gives
 * back the same bytes. Without {@code GRUB_CMDLINE_LINUX} one line is appended, marked as disktune's, and it goes
 * again with its last parameter.
 *
 * <p>Refused, as a one-line USAGE error naming the file and line and nothing written, where the value cannot be kept
 * byte for byte or means more than its words: the variable set more than once (or with {@code +=}), a value over
 * more than one line, command substitution ({@code $(...)}, backquotes), any {@code $} expansion, a backslash other
 * than {@code \"} in double quotes, a value mixing quoted and unquoted parts or an array, and an unterminated quote
 * (found by {@link ShellConfigScanner}, which reads the whole file as the shell would split it). Pure: bytes in,
 * bytes out; text is handled as ISO-8859-1 so that every byte survives.
 */
public final class GrubDefaultEditor {
    public static final String PATH = "/etc/default/grub";
    static final String VARIABLE = "GRUB_CMDLINE_LINUX";
    /** Ends the line disktune appends when the file has no GRUB_CMDLINE_LINUX; the line goes with its last parameter. */
    static final String ADDED = " # added by disktune, which removes this line with its last parameter";
    /** An unquoted value stays unquoted only as one word of these bytes (no glob, no tilde, nothing the shell reads). */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_.,:=+\\-/@%]*");

    private GrubDefaultEditor() {
    }

    /**
     * {@code file} with exactly {@code wanted} among disktune's words of GRUB_CMDLINE_LINUX: names in {@code owned}
     * ({@code module.param}) that are not wanted go. The same bytes when nothing changes.
     */
    public static byte[] edit(byte[] file, List<KernelParameter> wanted, Predicate<String> ours) {
        String text = new String(file, StandardCharsets.ISO_8859_1);
        Map<String, KernelParameter> want = new LinkedHashMap<>();
        wanted.forEach(p -> want.putIfAbsent(name(p), p));
        Optional<Value> found = locate(text);
        if (found.isEmpty()) {
            if (want.isEmpty()) {
                return file;
            }
            String words = want.values().stream().map(p -> encode(p, ValueForm.DOUBLE_QUOTED)).collect(Collectors.joining(" "));
            String line = VARIABLE + "=\"" + words + "\"" + ADDED;
            String added = text.isEmpty() || text.endsWith("\n") ? line + "\n" : "\n" + line;
            return (text + added).getBytes(StandardCharsets.ISO_8859_1);
        }
        Value value = found.get();
        StringBuilder content = new StringBuilder();
        int copied = value.start;
        int lastEnd = value.start;
        Set<String> placed = new HashSet<>();
        for (Word w : value.words(text)) {
            String name = w.name();
            if (name == null || !want.containsKey(name) && !ours.test(name)) {
                continue;
            }
            if (want.containsKey(name) && placed.add(name)) {
                content.append(text, copied, w.start).append(encode(want.get(name), value.form));
            } else {
                int from = w.start;
                int to = w.end;
                if (from > value.start && from - 1 >= lastEnd && isBlank(text.charAt(from - 1))) {
                    from--;
                } else if (to < value.end && isBlank(text.charAt(to))) {
                    to++;
                }
                content.append(text, copied, from);
                w = new Word(from, to, w.text);
            }
            copied = w.end;
            lastEnd = w.end;
        }
        content.append(text, copied, value.end);
        List<KernelParameter> missing = want.values().stream().filter(p -> !placed.contains(name(p))).toList();
        for (KernelParameter p : missing) {
            String word = encode(p, value.form);
            if (value.form == ValueForm.UNQUOTED && (!content.isEmpty() || !PLAIN.matcher(word).matches())) {
                throw refused(value.line, VARIABLE + "=" + text.substring(value.start, value.end) + " is not quoted, so adding "
                        + p.render() + " would change its quoting; write it as " + VARIABLE + "=\"" + text.substring(value.start, value.end)
                        + "\" and run again");
            }
            content.append(content.isEmpty() ? "" : " ").append(word);
        }
        String edited = text.substring(0, value.start) + content + text.substring(value.end);
        if (content.isEmpty() && value.addedLine(text)) {
            int lineEnd = text.indexOf('\n', value.start);
            edited = lineEnd < 0 ? text.substring(0, Math.max(0, value.lineStart - 1))
                    : text.substring(0, value.lineStart) + text.substring(lineEnd + 1);
        }
        return edited.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The module parameters ({@code module.param=value}) GRUB_CMDLINE_LINUX holds, in order; empty when it is not set. */
    public static List<KernelParameter> parameters(byte[] file) {
        String text = new String(file, StandardCharsets.ISO_8859_1);
        return locate(text).map(v -> v.words(text).stream().map(Word::parameter).flatMap(Optional::stream).toList())
                .orElse(List.of());
    }

    /** {@code module.param} of a parameter, the key disktune's words are told by. */
    static String name(KernelParameter p) {
        return p.module() + "." + p.parameter();
    }

    private static String encode(KernelParameter p, ValueForm form) {
        String word = p.render();
        return form == ValueForm.DOUBLE_QUOTED ? word.replace("\"", "\\\"") : word;
    }

    /** The one assignment of GRUB_CMDLINE_LINUX, checked; empty when the file sets none. */
    private static Optional<Value> locate(String text) {
        List<ShellStatement.Assignment> sets = ShellConfigScanner.scan(PATH, text).stream()
                .filter(s -> s instanceof ShellStatement.Assignment a && a.name().equals(VARIABLE))
                .map(ShellStatement.Assignment.class::cast).toList();
        if (sets.isEmpty()) {
            return Optional.empty();
        }
        if (sets.size() > 1) {
            throw refused(sets.get(0).line(), VARIABLE + " is set " + sets.size() + " times (lines " + sets.stream()
                    .map(a -> Integer.toString(a.line())).collect(Collectors.joining(" and ")) + "), so disktune cannot tell which one "
                    + "GRUB reads; keep one line and run again");
        }
        ShellStatement.Assignment a = sets.get(0);
        String raw = text.substring(a.valueStart(), a.valueEnd());
        String content = text.substring(a.contentStart(), a.contentEnd());
        String problem = a.append() ? "'+=' appends to a value set elsewhere"
                : a.form() == ValueForm.ARRAY ? "its value is an array"
                : raw.indexOf('\n') >= 0 ? "its value continues on the next line"
                : raw.contains("$(") || raw.indexOf('`') >= 0 ? "its value runs a command"
                : raw.indexOf('$') >= 0 ? "its value expands a variable ($)"
                : a.form() == ValueForm.DOUBLE_QUOTED && content.replace("\\\"", "").indexOf('\\') >= 0 ? "its value has a backslash escape"
                : a.form() == ValueForm.UNQUOTED && !PLAIN.matcher(raw).matches() ? "its value mixes quoted and unquoted parts"
                : null;
        if (problem != null) {
            throw refused(a.line(), VARIABLE + ": " + problem + ", which disktune cannot edit and keep byte for byte; write it as one line "
                    + VARIABLE + "=\"...\" of plain words and run again");
        }
        return Optional.of(new Value(a.form(), a.contentStart(), a.contentEnd(), a.line(), text.lastIndexOf('\n', a.start() - 1) + 1,
                a.start()));
    }

    private static DisktuneException refused(int line, String what) {
        return DisktuneException.usage(PATH + " line " + line + ": " + what + " (nothing was changed)");
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t';
    }

    /** The inside of the value, [start, end) of the text, and how it is quoted. */
    private record Value(ValueForm form, int start, int end, int line, int lineStart, int statementStart) {
        /** The value's words as the kernel splits them: at blanks outside double quotes ({@code \"} in a double-quoted value). */
        List<Word> words(String text) {
            List<Word> words = new ArrayList<>();
            int i = start;
            while (i < end) {
                while (i < end && isBlank(text.charAt(i))) {
                    i++;
                }
                if (i >= end) {
                    break;
                }
                int from = i;
                boolean quoted = false;
                StringBuilder decoded = new StringBuilder();
                while (i < end && (quoted || !isBlank(text.charAt(i)))) {
                    char c = text.charAt(i);
                    if (form == ValueForm.DOUBLE_QUOTED && c == '\\' && i + 1 < end && text.charAt(i + 1) == '"') {
                        c = '"';
                        i++;
                    }
                    if (c == '"') {
                        quoted = !quoted;
                    }
                    decoded.append(c);
                    i++;
                }
                words.add(new Word(from, i, decoded.toString()));
            }
            return words;
        }

        /** True when the statement is the whole line disktune appends (with its mark), whatever its words. */
        boolean addedLine(String text) {
            int lineEnd = text.indexOf('\n', end);
            return form == ValueForm.DOUBLE_QUOTED && lineStart == statementStart
                    && text.substring(lineStart, start).equals(VARIABLE + "=\"")
                    && text.substring(end, lineEnd < 0 ? text.length() : lineEnd).equals("\"" + ADDED);
        }
    }

    /** A word of the value, [start, end) of the text, and the argument the kernel reads from it. */
    private record Word(int start, int end, String text) {
        Optional<KernelParameter> parameter() {
            return KernelCommandLine.parse(text).moduleParameters().stream().findFirst();
        }

        /** {@code module.param} when the word is a module parameter, else null. */
        String name() {
            List<KernelCommandLine.Argument> args = KernelCommandLine.parse(text).kernel();
            if (args.size() != 1) {
                return null;
            }
            String n = args.get(0).name();
            int dot = n.indexOf('.');
            return dot <= 0 || dot == n.length() - 1 ? null
                    : n.substring(0, dot).replace('-', '_') + "." + n.substring(dot + 1).replace('-', '_');
        }
    }
}
