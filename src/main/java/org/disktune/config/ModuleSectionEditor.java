package org.disktune.config;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

import org.disktune.core.DisktuneException;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.modprobe.OptionValidator;

/**
 * Sets and removes one option of a {@code [module NAME]} section of {@code disktune.conf}, keeping every
 * other byte: comments, blank lines, CR LF line ends, a byte order mark, other sections and a missing
 * final newline. Returns the new bytes (the same array when nothing changes) and writes nothing.
 *
 * <p>A new section goes at the end after one blank line (even when the file already ends with one, so
 * that {@link #unset} can give back exactly the bytes {@link #set} started from); unsetting its last key
 * removes the header and that blank line again.
 */
public final class ModuleSectionEditor {
    public static final String NEW_FILE_HEADER = "# " + DesiredStateReader.PATH + ": the desired state disktune applies and verifies.\n"
            + "# Format, sections and keys: man disktune.conf\n";

    private final OptionValidator options;
    private final ConfigParser parser;

    public ModuleSectionEditor() {
        this(OptionValidator.beforeKernel(DriverCatalog.load()));
    }

    public ModuleSectionEditor(OptionValidator options) {
        this.options = options;
        this.parser = new ConfigParser(options);
    }

    /** {@code current} with {@code parameter = value} in {@code [module module]}; null current starts a new file. */
    public byte[] set(byte[] current, String module, String parameter, String value) {
        String m = moduleName(module);
        String p = parameterName(m, parameter);
        if (value == null || ConfigNames.unsafeCharacter(value) != null || value.chars().anyMatch(Character::isWhitespace)) {
            throw DisktuneException.usage("value '" + printable(value) + "' of " + m + " " + p
                    + " must be one word without control characters or any of ;&|$`<>\"'\\#");
        }
        String canonical = options.check(m, p, value).value();
        if (current == null) {
            byte[] created = (NEW_FILE_HEADER + "\n" + section(m, p, canonical, "\n", true)).getBytes(StandardCharsets.UTF_8);
            return checked(created, m, p, canonical);
        }
        requireValid(current);
        List<ConfigLines.Line> lines = ConfigLines.scan(current);
        String eol = ConfigLines.lineEnd(current, lines);
        int header = findSection(lines, m);
        if (header < 0) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.writeBytes(current);
            boolean empty = lines.isEmpty();
            boolean finalNewline = empty || lines.get(lines.size() - 1).terminated();
            if (!empty) {
                out.writeBytes(((finalNewline ? "" : eol) + eol).getBytes(StandardCharsets.UTF_8));
            }
            out.writeBytes(section(m, p, canonical, eol, finalNewline).getBytes(StandardCharsets.UTF_8));
            return checked(out.toByteArray(), m, p, canonical);
        }
        int end = sectionEnd(lines, header);
        int lastKey = header;
        for (int i = header + 1; i < end; i++) {
            ConfigLines.Line line = lines.get(i);
            if (isOption(line)) {
                lastKey = i;
                if (key(line).equals(p)) {
                    return replaceValue(current, line, m, p, canonical);
                }
            }
        }
        ConfigLines.Line anchor = lines.get(lastKey);
        String added = p + " = " + canonical;
        byte[] insert = (anchor.terminated() ? added + eol : eol + added).getBytes(StandardCharsets.UTF_8);
        int at = anchor.terminated() ? anchor.next() : anchor.end();
        return checked(splice(current, at, at, insert), m, p, canonical);
    }

    /** {@code current} without {@code parameter} in {@code [module module]} (and without the section once it is empty). */
    public byte[] unset(byte[] current, String module, String parameter) {
        String m = moduleName(module);
        String p = parameterName(m, parameter);
        if (current == null) {
            return null;
        }
        requireValid(current);
        List<ConfigLines.Line> lines = ConfigLines.scan(current);
        int header = findSection(lines, m);
        if (header < 0) {
            return current;
        }
        int end = sectionEnd(lines, header);
        int target = -1;
        int keys = 0;
        for (int i = header + 1; i < end; i++) {
            if (isOption(lines.get(i))) {
                keys++;
                if (key(lines.get(i)).equals(p)) {
                    target = i;
                }
            }
        }
        if (target < 0) {
            return current;
        }
        boolean[] remove = new boolean[lines.size()];
        remove[target] = true;
        if (keys == 1) {
            remove[header] = true;
            int after = nextKept(remove, header);
            boolean blankOrEndAfter = after >= lines.size() || blank(lines.get(after));
            if (header > 0 && blank(lines.get(header - 1)) && blankOrEndAfter) {
                remove[header - 1] = true;
            } else if (header == 0 && after < lines.size() && blank(lines.get(after))) {
                remove[after] = true;
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(current, 0, ConfigLines.bomLength(current));
        int lastKept = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (!remove[i]) {
                lastKept = i;
            }
        }
        boolean finalNewline = lines.get(lines.size() - 1).terminated();
        for (int i = 0; i <= lastKept; i++) {
            if (!remove[i]) {
                ConfigLines.Line l = lines.get(i);
                int to = i == lastKept && !finalNewline ? l.end() : l.next();
                out.write(current, l.start(), to - l.start());
            }
        }
        byte[] result = out.toByteArray();
        ParsedConfig parsed = parser.parse(result, DesiredStateReader.PATH);
        boolean gone = parsed.state().modules().stream().filter(s -> s.module().equals(m))
                .flatMap(s -> s.parameters().stream()).noneMatch(x -> x.name().equals(p));
        if (!parsed.ok() || !gone) {
            throw new IllegalStateException("bug: removing " + m + " " + p + " gave an invalid or unchanged configuration: " + parsed.errors());
        }
        return result;
    }

    private static int nextKept(boolean[] remove, int from) {
        int i = from + 1;
        while (i < remove.length && remove[i]) {
            i++;
        }
        return i;
    }

    private byte[] replaceValue(byte[] current, ConfigLines.Line line, String m, String p, String canonical) {
        int eq = line.start();
        while (current[eq] != '=') {
            eq++;
        }
        int from = eq + 1;
        while (from < line.end() && (current[from] == ' ' || current[from] == '\t')) {
            from++;
        }
        int to = line.end();
        while (to > from && (current[to - 1] == ' ' || current[to - 1] == '\t')) {
            to--;
        }
        String existing = new String(current, from, to - from, StandardCharsets.UTF_8);
        if (options.check(m, p, existing).value().equals(canonical)) {
            return current;
        }
        return checked(splice(current, from, to, canonical.getBytes(StandardCharsets.UTF_8)), m, p, canonical);
    }

    /** The edited file must parse and hold the option; anything else is a bug of this editor. */
    private byte[] checked(byte[] result, String m, String p, String value) {
        ParsedConfig parsed = parser.parse(result, DesiredStateReader.PATH);
        boolean holds = parsed.state().modules().stream().filter(s -> s.module().equals(m))
                .flatMap(s -> s.parameters().stream()).anyMatch(x -> x.name().equals(p) && x.value().equals(value));
        if (!parsed.ok() || !holds) {
            throw new IllegalStateException("bug: setting " + m + " " + p + "=" + value + " gave an invalid configuration: " + parsed.errors());
        }
        return result;
    }

    private void requireValid(byte[] current) {
        ParsedConfig parsed = parser.parse(current, DesiredStateReader.PATH);
        if (!parsed.ok()) {
            throw DesiredStateReader.failure(parsed);
        }
    }

    private static String section(String m, String p, String value, String eol, boolean finalNewline) {
        return "[module " + m + "]" + eol + p + " = " + value + (finalNewline ? eol : "");
    }

    private static byte[] splice(byte[] content, int from, int to, byte[] insert) {
        byte[] result = new byte[content.length - (to - from) + insert.length];
        System.arraycopy(content, 0, result, 0, from);
        System.arraycopy(insert, 0, result, from, insert.length);
        System.arraycopy(content, to, result, from + insert.length, content.length - to);
        return result;
    }

    private static int findSection(List<ConfigLines.Line> lines, String module) {
        for (int i = 0; i < lines.size(); i++) {
            String t = lines.get(i).text().trim();
            if (t.startsWith("[") && t.endsWith("]")) {
                String[] words = t.substring(1, t.length() - 1).trim().split("\\s+", 2);
                if (words.length == 2 && words[0].equals("module") && words[1].trim().replace('-', '_').equals(module)) {
                    return i;
                }
            }
        }
        return -1;
    }

    private static int sectionEnd(List<ConfigLines.Line> lines, int header) {
        int i = header + 1;
        while (i < lines.size() && !lines.get(i).text().trim().startsWith("[")) {
            i++;
        }
        return i;
    }

    private static boolean blank(ConfigLines.Line line) {
        return line.text().trim().isEmpty();
    }

    private static boolean isOption(ConfigLines.Line line) {
        String t = line.text().trim();
        return !t.isEmpty() && !t.startsWith("#") && !t.startsWith(";") && !t.startsWith("[") && t.indexOf('=') > 0;
    }

    private static String key(ConfigLines.Line line) {
        String t = line.text().trim();
        return t.substring(0, t.indexOf('=')).trim().replace('-', '_');
    }

    private static String moduleName(String module) {
        if (module == null || !ConfigNames.isModuleName(module)) {
            throw DisktuneException.usage("'" + printable(module) + "' is not a module name; use lower-case letters, digits and _ as lsmod shows it");
        }
        return module.replace('-', '_');
    }

    private static String parameterName(String module, String parameter) {
        String p = parameter == null ? null : parameter.replace('-', '_');
        if (p == null || !ConfigNames.isParameterName(p)) {
            throw DisktuneException.usage("'" + printable(parameter) + "' is not a parameter name of " + module
                    + "; use lower-case letters, digits and _ (modinfo -p " + module + " lists them)");
        }
        return p;
    }

    private static String printable(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            b.append(Character.isISOControl(c) ? String.format(Locale.ROOT, "\\u%04x", (int) c) : String.valueOf(c));
        }
        return b.toString();
    }
}
