package org.disktune.modprobe;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A port of kmod's libkmod/libkmod-config.c ({@code kmod_config_parse}, {@code kmod_config_parse_kcmdline},
 * {@code underscores}) and of the kernel's {@code next_arg()} (kernel/params.c), kept whole as one routine.
 * It parses modprobe configuration exactly as kmod does: a backslash before a
 * newline joins lines, a backslash before any other character is dropped, a line is a comment only
 * when its FIRST character is '#' (an inline '#' is passed on as text), words are separated by
 * spaces and tabs, module names have '-' replaced by '_', and the rest of an options, install,
 * remove, softdep or weakdep statement is kept verbatim. Also parses the kernel command line the
 * way kmod does ({@code module.param=value}, quotes, {@code modprobe.blacklist=a,b}).
 */
public final class ModprobeConfigParser {

    /** The statements of one file plus the lines kmod would ignore. */
    public record ParsedFile(List<ModprobeDirective> directives, List<IgnoredLine> ignored) {
        public ParsedFile {
            directives = List.copyOf(directives);
            ignored = List.copyOf(ignored);
        }
    }

    public ParsedFile parse(String source, byte[] content) {
        String text = new String(content, StandardCharsets.UTF_8);
        List<ModprobeDirective> directives = new ArrayList<>();
        List<IgnoredLine> ignored = new ArrayList<>();
        int lineNumber = 1;
        int i = 0;
        int n = text.length();
        while (i < n) {
            int startLine = lineNumber;
            StringBuilder line = new StringBuilder();
            boolean ended = false;
            while (i < n && !ended) {
                char c = text.charAt(i++);
                if (c == '\n') {
                    lineNumber++;
                    ended = true;
                } else if (c == '\\') {
                    if (i >= n) {
                        break;
                    }
                    char next = text.charAt(i++);
                    if (next == '\n') {
                        lineNumber++;
                    } else {
                        line.append(next);
                    }
                } else {
                    line.append(c);
                }
            }
            parseLine(line.toString(), new ConfigOrigin(source, startLine), directives, ignored);
        }
        return new ParsedFile(directives, ignored);
    }

    private static void parseLine(String line, ConfigOrigin origin, List<ModprobeDirective> out, List<IgnoredLine> ignored) {
        if (line.isEmpty() || line.charAt(0) == '#') {
            return;
        }
        Tokenizer t = new Tokenizer(line);
        String cmd = t.token();
        if (cmd == null) {
            return;
        }
        DirectiveKind kind = switch (cmd) {
            case "alias" -> DirectiveKind.ALIAS;
            case "blacklist" -> DirectiveKind.BLACKLIST;
            case "options" -> DirectiveKind.OPTIONS;
            case "install" -> DirectiveKind.INSTALL;
            case "remove" -> DirectiveKind.REMOVE;
            case "softdep" -> DirectiveKind.SOFTDEP;
            case "weakdep" -> DirectiveKind.WEAKDEP;
            default -> null;
        };
        if (kind == null) {
            String reason = cmd.equals("include") || cmd.equals("config")
                    ? "command " + cmd + " is deprecated and not parsed by kmod"
                    : "unknown command '" + cmd + "'";
            ignored.add(new IgnoredLine(origin, line, reason));
            return;
        }
        String name = t.token();
        String normalized = name == null ? null : underscores(name);
        String argument;
        if (kind == DirectiveKind.ALIAS) {
            String target = t.token();
            String normalizedTarget = target == null ? null : underscores(target);
            if (normalized == null || normalizedTarget == null) {
                ignored.add(new IgnoredLine(origin, line, "alias needs a pattern and a module"));
                return;
            }
            argument = normalizedTarget;
        } else if (kind == DirectiveKind.BLACKLIST) {
            argument = "";
        } else {
            argument = t.rest();
        }
        if (normalized == null || argument == null) {
            ignored.add(new IgnoredLine(origin, line, cmd + " needs a module name" + (kind == DirectiveKind.BLACKLIST ? "" : " and an argument")));
            return;
        }
        if (kind == DirectiveKind.OPTIONS) {
            argument = argument.replace('\t', ' ');
        }
        out.add(new ModprobeDirective(kind, normalized, argument, origin));
    }

    /** kmod's underscores(): '-' becomes '_' outside [...] groups; null when brackets do not balance. */
    static String underscores(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '-') {
                b.append('_');
            } else if (c == ']') {
                return null;
            } else if (c == '[') {
                int close = s.indexOf(']', i);
                if (close < 0) {
                    return null;
                }
                b.append(s, i, close + 1);
                i = close;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** strtok_r over " \t", with the "rest of the line" call kmod makes with an empty delimiter set. */
    private static final class Tokenizer {
        private final String s;
        private int pos;

        Tokenizer(String s) {
            this.s = s;
        }

        String token() {
            while (pos < s.length() && isSep(s.charAt(pos))) {
                pos++;
            }
            if (pos >= s.length()) {
                return null;
            }
            int start = pos;
            while (pos < s.length() && !isSep(s.charAt(pos))) {
                pos++;
            }
            String token = s.substring(start, pos);
            if (pos < s.length()) {
                pos++; // strtok_r overwrites the one separator that ends the token
            }
            return token;
        }

        String rest() {
            if (pos >= s.length()) {
                return null;
            }
            String rest = s.substring(pos);
            pos = s.length();
            return rest;
        }

        private static boolean isSep(char c) {
            return c == ' ' || c == '\t';
        }
    }

    /**
     * The module options and blacklists on a kernel command line, as kmod's
     * kmod_config_parse_kcmdline() finds them: {@code mod.param[=value]} words ("-" in the module
     * name becomes "_"), quoted values, a word quoted as a whole ({@code "mod.p=a b"}), and
     * {@code modprobe.blacklist=a,b}. Words whose '=' comes before the first '.' are not module
     * options.
     */
    public List<ModprobeDirective> parseKernelCommandLine(String cmdline) {
        List<ModprobeDirective> out = new ArrayList<>();
        String buf = cmdline + '\0';
        final int modname0 = 0;
        final int ignore = 0;
        final int stModname = 1;
        final int stParam = 2;
        final int stValue = 3;
        int state = stModname;
        int modname = modname0;
        int modnameEnd = -1;
        int param = -1;
        int value = -1;
        int quoteStart = -1;
        boolean quoted = false;
        for (int p = 0; p < buf.length(); p++) {
            char c = buf.charAt(p);
            boolean complete = false;
            switch (c) {
                case '"' -> {
                    quoted = !quoted;
                    if (quoted && state == stModname && p == modname) {
                        quoteStart = p;
                        modname = p + 1;
                    } else if (state != stValue) {
                        state = ignore;
                    }
                }
                case '\0', ' ', '\n', '\t', '\u000b', '\f', '\r' -> {
                    if (quoted && state == stValue) {
                        // a space inside a quoted value
                    } else if (quoted) {
                        state = ignore;
                    } else if (state == stValue || state == stParam) {
                        complete = true;
                    } else {
                        modname = p + 1;
                        state = stModname;
                        quoteStart = -1;
                    }
                }
                case '.' -> {
                    if (state == stModname) {
                        modnameEnd = p;
                        param = p + 1;
                        value = -1;
                        state = stParam;
                    } else if (state == stParam) {
                        state = ignore;
                    }
                }
                case '=' -> {
                    if (state == stParam) {
                        value = p + 1;
                        state = stValue;
                    } else if (state == stModname) {
                        state = ignore;
                    }
                }
                default -> {
                }
            }
            if (complete) {
                String mod = buf.substring(modname, modnameEnd);
                String paramText;
                if (quoteStart >= 0 && quoteStart < modname && value > 0) {
                    paramText = buf.substring(param, value) + '"' + buf.substring(value, p);
                } else {
                    paramText = buf.substring(param, p);
                }
                addKernelOption(mod, paramText, out);
                modname = p + 1;
                state = stModname;
                quoteStart = -1;
            }
        }
        return out;
    }

    private static void addKernelOption(String mod, String param, List<ModprobeDirective> out) {
        ConfigOrigin origin = ConfigOrigin.kernelCommandLine();
        if (mod.equals("modprobe") && param.startsWith("blacklist=")) {
            for (String name : param.substring("blacklist=".length()).split(",", -1)) {
                String normalized = underscores(name);
                if (normalized != null && !normalized.isEmpty()) {
                    out.add(new ModprobeDirective(DirectiveKind.BLACKLIST, normalized, "", origin));
                }
            }
            return;
        }
        String normalized = underscores(mod);
        if (normalized != null && !normalized.isEmpty()) {
            out.add(new ModprobeDirective(DirectiveKind.OPTIONS, normalized, param, origin));
        }
    }

    /**
     * Splits an options string into parameters as the kernel's parse_args()/next_arg() does:
     * whitespace separates, double quotes group (and are removed around the value), a word without
     * '=' is a bare parameter (value null). Parameter names keep their spelling; compare them with
     * {@link #sameParameter}.
     */
    public static List<String[]> splitOptions(String options) {
        List<String[]> out = new ArrayList<>();
        int i = 0;
        int n = options.length();
        while (i < n) {
            while (i < n && Character.isWhitespace(options.charAt(i))) {
                i++;
            }
            if (i >= n) {
                break;
            }
            int start = i;
            boolean inQuote = false;
            int equals = -1;
            while (i < n) {
                char c = options.charAt(i);
                if (Character.isWhitespace(c) && !inQuote) {
                    break;
                }
                if (equals < 0 && c == '=') {
                    equals = i;
                }
                if (c == '"') {
                    inQuote = !inQuote;
                }
                i++;
            }
            String word = options.substring(start, i);
            if (equals < 0) {
                out.add(new String[] {stripQuotes(word), null});
            } else {
                String name = stripQuotes(options.substring(start, equals));
                String value = options.substring(equals + 1, i);
                out.add(new String[] {name, stripQuotes(value)});
            }
        }
        return out;
    }

    private static String stripQuotes(String s) {
        String r = s;
        if (r.startsWith("\"")) {
            r = r.substring(1);
            if (r.endsWith("\"")) {
                r = r.substring(0, r.length() - 1);
            }
        }
        return r;
    }

    /** The kernel's parameq(): '-' and '_' are the same in parameter names. */
    public static boolean sameParameter(String a, String b) {
        return normalizeName(a).equals(normalizeName(b));
    }

    /** Module or parameter name with '-' replaced by '_'. */
    public static String normalizeName(String name) {
        return name.replace('-', '_');
    }
}
