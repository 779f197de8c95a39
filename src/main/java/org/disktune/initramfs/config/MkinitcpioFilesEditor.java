package org.disktune.initramfs.config;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.disktune.core.DisktuneException;

/**
 * Adds a path to, or removes it from, the FILES setting of /etc/mkinitcpio.conf, changing only
 * that token: the array form {@code FILES=(a b)}, the old string form {@code FILES="a b"} or
 * {@code FILES='a b'}, empty values, multi-line arrays and comments all keep their bytes. Commented
 * FILES examples are ignored (only real bash assignments count; the last one is edited). Without
 * a FILES assignment one is appended in the file's era style (array when the file uses arrays,
 * string otherwise) with a marker comment, so that removal restores the exact original bytes.
 * Adding a path already present, or removing one absent, returns the input unchanged; adding to a file
 * that sets FILES twice ({@code FILES=} on two lines, where bash keeps only the last) is refused.
 */
public final class MkinitcpioFilesEditor {
    public static final String MARKER = "# added by disktune";
    private static final Pattern SAFE_PATH = Pattern.compile("/[A-Za-z0-9_./+@-]*");

    private final String label;

    /** {@code label} names the file in messages, e.g. "/etc/mkinitcpio.conf". */
    public MkinitcpioFilesEditor(String label) {
        this.label = label;
    }

    public MkinitcpioConf parse(byte[] content) {
        return evaluate(ShellConfigScanner.scan(label, latin1(content)));
    }

    static MkinitcpioConf evaluate(List<ShellStatement> statements) {
        List<String> files = new ArrayList<>();
        List<String> hooks = new ArrayList<>();
        List<String> modules = new ArrayList<>();
        ValueForm form = null;
        int filesLine = 0;
        for (ShellStatement s : statements) {
            if (s instanceof ShellStatement.Assignment a) {
                List<String> target = switch (a.name()) {
                    case "FILES" -> files;
                    case "HOOKS" -> hooks;
                    case "MODULES" -> modules;
                    default -> null;
                };
                if (target == null) {
                    continue;
                }
                if (!a.append()) {
                    target.clear();
                }
                target.addAll(a.values());
                if (a.name().equals("FILES")) {
                    form = a.form();
                    filesLine = a.line();
                }
            }
        }
        return new MkinitcpioConf(files, hooks, modules, form, filesLine, hooks.contains("modconf"));
    }

    public boolean contains(byte[] content, String path) {
        return parse(content).files().contains(path);
    }

    public byte[] add(byte[] content, String path) {
        checkPath(path);
        String text = latin1(content);
        List<ShellStatement> statements = ShellConfigScanner.scan(label, text);
        if (evaluate(statements).files().contains(path)) {
            return content;
        }
        refuseFilesSetTwice(statements);
        ShellStatement.Assignment files = lastFiles(statements);
        if (files == null) {
            boolean arrays = statements.stream().anyMatch(s -> s instanceof ShellStatement.Assignment a && a.form() == ValueForm.ARRAY);
            String line = (arrays ? "FILES=(" + path + ")" : "FILES=\"" + path + "\"") + " " + MARKER;
            String appended = text.isEmpty() || text.endsWith("\n") ? text + line + "\n" : text + "\n" + line;
            return holding(bytes(appended), path);
        }
        if (files.form() == ValueForm.UNQUOTED) {
            throw DisktuneException.usage(label + " line " + files.line() + ": FILES has an unquoted value; write it as FILES=(...) and run again");
        }
        List<ShellWord> words = files.words();
        String insertion;
        int at;
        if (words.isEmpty()) {
            at = files.contentStart();
            insertion = path;
        } else {
            ShellWord last = words.get(words.size() - 1);
            int newline = text.indexOf('\n', last.end());
            if (newline >= 0 && newline < files.contentEnd()) {
                // ')' is on a later line: the path gets a line of its own after the last element's line
                at = newline;
                insertion = "\n" + indentOf(text, last.start()) + path;
            } else {
                at = last.end();
                insertion = " " + path;
            }
        }
        return holding(bytes(text.substring(0, at) + insertion + text.substring(at)), path);
    }

    /**
     * {@code edited} when it reads back with {@code path} in FILES; otherwise the file's shell syntax took the edit
     * elsewhere (a last line ending in a backslash continues onto the appended line) and the edit is refused.
     */
    private byte[] holding(byte[] edited, String path) {
        if (!evaluate(ShellConfigScanner.scan(label, latin1(edited))).files().contains(path)) {
            throw DisktuneException.usage(label + ": adding " + path + " to FILES would not read back (does its last line end with a "
                    + "'\\' that continues it?); fix the file's shell syntax (bash -n " + label + ") and run again");
        }
        return edited;
    }

    public byte[] remove(byte[] content, String path) {
        checkPath(path);
        String text = latin1(content);
        List<ShellStatement> statements = ShellConfigScanner.scan(label, text);
        for (int s = statements.size() - 1; s >= 0; s--) {
            if (!(statements.get(s) instanceof ShellStatement.Assignment a) || !a.name().equals("FILES") || a.form() == ValueForm.UNQUOTED) {
                continue;
            }
            List<ShellWord> words = a.words();
            for (int i = 0; i < words.size(); i++) {
                if (!words.get(i).value().equals(path)) {
                    continue;
                }
                int lineEnd = text.indexOf('\n', a.start());
                int end = lineEnd < 0 ? text.length() : lineEnd;
                if (words.size() == 1 && isLineStart(text, a.start()) && text.substring(a.valueEnd(), end).equals(" " + MARKER)) {
                    return lineEnd >= 0 ? bytes(text.substring(0, a.start()) + text.substring(lineEnd + 1))
                            : bytes(text.substring(0, Math.max(0, a.start() - 1)));
                }
                int from;
                int to;
                int lineStart = text.lastIndexOf('\n', words.get(i).start() - 1) + 1;
                if (i > 0 && lineStart > words.get(i - 1).end() && text.substring(lineStart, words.get(i).start()).isBlank()) {
                    from = lineStart - 1;
                    to = words.get(i).end();
                } else if (i > 0) {
                    from = words.get(i - 1).end();
                    to = words.get(i).end();
                } else if (words.size() > 1) {
                    from = words.get(i).start();
                    to = words.get(i + 1).start();
                } else {
                    from = words.get(i).start();
                    to = words.get(i).end();
                }
                return bytes(text.substring(0, from) + text.substring(to));
            }
        }
        return content;
    }

    /**
     * Two plain FILES assignments: bash keeps only the last, so a path in the first is silently dropped, and
     * which one the admin means is not for disktune to guess. {@code FILES+=(...)} after one is fine.
     */
    private void refuseFilesSetTwice(List<ShellStatement> statements) {
        List<Integer> lines = statements.stream()
                .filter(s -> s instanceof ShellStatement.Assignment a && a.name().equals("FILES") && !a.append())
                .map(s -> ((ShellStatement.Assignment) s).line()).toList();
        if (lines.size() > 1) {
            throw DisktuneException.usage(label + " sets FILES " + lines.size() + " times (lines " + lines.stream().map(String::valueOf)
                    .collect(java.util.stream.Collectors.joining(", ")) + "), and only the last counts; keep one FILES line and run again");
        }
    }

    private static ShellStatement.Assignment lastFiles(List<ShellStatement> statements) {
        ShellStatement.Assignment last = null;
        for (ShellStatement s : statements) {
            if (s instanceof ShellStatement.Assignment a && a.name().equals("FILES")) {
                last = a;
            }
        }
        return last;
    }

    private static boolean isLineStart(String text, int offset) {
        return offset == 0 || text.charAt(offset - 1) == '\n';
    }

    private static String indentOf(String text, int offset) {
        int lineStart = text.lastIndexOf('\n', offset - 1) + 1;
        String before = text.substring(lineStart, offset);
        if (before.isBlank()) {
            return before;
        }
        int i = 0;
        while (i < before.length() && (before.charAt(i) == ' ' || before.charAt(i) == '\t')) {
            i++;
        }
        return before.substring(0, i);
    }

    private void checkPath(String path) {
        if (path == null || !SAFE_PATH.matcher(path).matches()) {
            throw DisktuneException.usage("'" + path + "' cannot go into FILES of " + label
                    + ": use an absolute path of letters, digits and _ . / + @ -");
        }
    }

    static String latin1(byte[] content) {
        return new String(content, StandardCharsets.ISO_8859_1);
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }
}
