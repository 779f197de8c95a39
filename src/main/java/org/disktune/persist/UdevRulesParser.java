package org.disktune.persist;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.disktune.config.ConfigProblem;

/**
 * Reads a udev rules file as systemd-udevd 252 does (src/udev/udev-rules.c: {@code parse_file},
 * {@code parse_line}, {@code udev_rule_parse_value}; udev(7)):
 * <ul>
 * <li>leading whitespace is skipped; a line whose first other character is {@code #} is a comment, also in
 * the middle of a continued rule; empty lines are ignored;</li>
 * <li>a line whose very last character is a backslash continues on the next line (the backslash is dropped,
 * the next line's leading whitespace too); a file ending inside a continuation is an error;</li>
 * <li>keys are separated by whitespace and commas: {@code NAME}, an optional {@code {attribute}}, an operator
 * ({@code == != = += -= :=}), then a double-quoted value, optionally prefixed {@code e} (C escapes) or
 * {@code r} (raw, systemd 254 on); in plain and {@code e} values {@code \"} does not end the value;</li>
 * <li>an unknown key name, a missing or forbidden {@code {attribute}}, an assignment operator on a key that
 * can only match (KERNEL, ATTRS ...), a match operator on a key that can only assign (RUN, GOTO ...), or an
 * unquoted or unterminated value make the line an error, {@code file:line: message}; udev ignores such a
 * rule, so it is reported rather than guessed.</li>
 * </ul>
 * Values are kept as written between the quotes. A rule's line is the line it starts on (udevadm reports the
 * line it ends on). Pure.
 */
public final class UdevRulesParser {
    private enum Kind { MATCH, ASSIGN, EITHER }

    private enum Attr { NONE, REQUIRED, OPTIONAL }

    private record KeySpec(Kind kind, Attr attr) {
    }

    /** The keys of udev 252 (udev(7), "Rules files"). */
    private static final Map<String, KeySpec> KEYS = Map.ofEntries(
            Map.entry("ACTION", new KeySpec(Kind.MATCH, Attr.NONE)),
            Map.entry("DEVPATH", new KeySpec(Kind.MATCH, Attr.NONE)),
            Map.entry("KERNEL", new KeySpec(Kind.MATCH, Attr.NONE)),
            Map.entry("SUBSYSTEM", new KeySpec(Kind.MATCH, Attr.NONE)),
            Map.entry("DRIVER", new KeySpec(Kind.MATCH, Attr.NONE)),
            Map.entry("KERNELS", new KeySpec(Kind.MATCH, Attr.NONE)),
            Map.entry("SUBSYSTEMS", new KeySpec(Kind.MATCH, Attr.NONE)),
            Map.entry("DRIVERS", new KeySpec(Kind.MATCH, Attr.NONE)),
            Map.entry("ATTRS", new KeySpec(Kind.MATCH, Attr.REQUIRED)),
            Map.entry("TAGS", new KeySpec(Kind.MATCH, Attr.NONE)),
            Map.entry("RESULT", new KeySpec(Kind.MATCH, Attr.NONE)),
            Map.entry("TEST", new KeySpec(Kind.MATCH, Attr.OPTIONAL)),
            Map.entry("CONST", new KeySpec(Kind.MATCH, Attr.REQUIRED)),
            Map.entry("PROGRAM", new KeySpec(Kind.EITHER, Attr.NONE)),
            Map.entry("IMPORT", new KeySpec(Kind.EITHER, Attr.REQUIRED)),
            Map.entry("ATTR", new KeySpec(Kind.EITHER, Attr.REQUIRED)),
            Map.entry("SYSCTL", new KeySpec(Kind.EITHER, Attr.REQUIRED)),
            Map.entry("ENV", new KeySpec(Kind.EITHER, Attr.REQUIRED)),
            Map.entry("TAG", new KeySpec(Kind.EITHER, Attr.NONE)),
            Map.entry("NAME", new KeySpec(Kind.EITHER, Attr.NONE)),
            Map.entry("SYMLINK", new KeySpec(Kind.EITHER, Attr.NONE)),
            Map.entry("OWNER", new KeySpec(Kind.ASSIGN, Attr.NONE)),
            Map.entry("GROUP", new KeySpec(Kind.ASSIGN, Attr.NONE)),
            Map.entry("MODE", new KeySpec(Kind.ASSIGN, Attr.NONE)),
            Map.entry("SECLABEL", new KeySpec(Kind.ASSIGN, Attr.REQUIRED)),
            Map.entry("OPTIONS", new KeySpec(Kind.ASSIGN, Attr.NONE)),
            Map.entry("RUN", new KeySpec(Kind.ASSIGN, Attr.OPTIONAL)),
            Map.entry("GOTO", new KeySpec(Kind.ASSIGN, Attr.NONE)),
            Map.entry("LABEL", new KeySpec(Kind.ASSIGN, Attr.NONE)));

    private static final String KEY_END = " \t\n\r\f\u000b!:+-={";

    public UdevRulesFile parse(String text, String file) {
        List<UdevRule> rules = new ArrayList<>();
        List<ConfigProblem> errors = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        StringBuilder continued = null;
        int start = 0;
        int count = text.endsWith("\n") ? lines.length - 1 : lines.length;
        for (int i = 0; i < count; i++) {
            int number = i + 1;
            String line = lines[i].endsWith("\r") ? lines[i].substring(0, lines[i].length() - 1) : lines[i];
            line = stripLeading(line);
            if (line.startsWith("#")) {
                continue;
            }
            if (continued != null) {
                line = continued.append(line).toString();
            } else {
                start = number;
            }
            if (line.endsWith("\\")) {
                continued = new StringBuilder(line.substring(0, line.length() - 1));
                continue;
            }
            continued = null;
            if (!line.isEmpty()) {
                parseRule(line, file, start, rules, errors);
            }
        }
        if (continued != null) {
            errors.add(new ConfigProblem(file, start, "the rule ends the file inside a line continuation (a final backslash); "
                    + "remove the backslash or finish the rule"));
        }
        return new UdevRulesFile(file, rules, errors);
    }

    private static void parseRule(String line, String file, int number, List<UdevRule> rules, List<ConfigProblem> errors) {
        List<UdevKey> keys = new ArrayList<>();
        int p = 0;
        int n = line.length();
        while (true) {
            while (p < n && (Character.isWhitespace(line.charAt(p)) || line.charAt(p) == ',')) {
                p++;
            }
            if (p >= n) {
                break;
            }
            int keyStart = p;
            while (p < n && KEY_END.indexOf(line.charAt(p)) < 0) {
                p++;
            }
            String name = line.substring(keyStart, p);
            if (p >= n || name.isEmpty()) {
                errors.add(new ConfigProblem(file, number, "'" + line.substring(keyStart) + "' is not KEY==\"value\"; udev ignores this rule"));
                return;
            }
            String attribute = null;
            if (line.charAt(p) == '{') {
                int close = line.indexOf('}', p);
                if (close < 0) {
                    errors.add(new ConfigProblem(file, number, name + "{ has no closing brace; udev ignores this rule"));
                    return;
                }
                attribute = line.substring(p + 1, close);
                p = close + 1;
            }
            while (p < n && Character.isWhitespace(line.charAt(p))) {
                p++;
            }
            String operator = operator(line, p);
            if (operator == null) {
                errors.add(new ConfigProblem(file, number, name + " is not followed by an operator (== != = += -= :=); udev ignores this rule"));
                return;
            }
            p += operator.length();
            while (p < n && Character.isWhitespace(line.charAt(p))) {
                p++;
            }
            char prefix = p < n && (line.charAt(p) == 'e' || line.charAt(p) == 'r') ? line.charAt(p) : 0;
            if (prefix != 0) {
                p++;
            }
            if (p >= n || line.charAt(p) != '"') {
                errors.add(new ConfigProblem(file, number, name + operator + " is not followed by a double-quoted value; udev ignores this rule"));
                return;
            }
            int close = closingQuote(line, p + 1, prefix == 'r');
            if (close < 0) {
                errors.add(new ConfigProblem(file, number, "the value of " + name + " has no closing double quote; udev ignores this rule"));
                return;
            }
            String value = line.substring(p + 1, close);
            p = close + 1;
            String problem = check(name, attribute, operator);
            if (problem != null) {
                errors.add(new ConfigProblem(file, number, problem + "; udev ignores this rule"));
                return;
            }
            keys.add(new UdevKey(name, attribute, operator, value));
        }
        rules.add(new UdevRule(number, keys));
    }

    private static String operator(String line, int p) {
        for (String op : new String[] {"==", "!=", "+=", "-=", ":="}) {
            if (line.startsWith(op, p)) {
                return op;
            }
        }
        return line.startsWith("=", p) ? "=" : null;
    }

    private static int closingQuote(String line, int from, boolean raw) {
        for (int i = from; i < line.length(); i++) {
            char c = line.charAt(i);
            if (!raw && c == '\\' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                i++;
            } else if (c == '"') {
                return i;
            }
        }
        return -1;
    }

    private static String check(String name, String attribute, String operator) {
        KeySpec spec = KEYS.get(name);
        if (spec == null) {
            return "unknown key " + name;
        }
        if (spec.attr() == Attr.REQUIRED && (attribute == null || attribute.isEmpty())) {
            return name + " needs an {attribute}";
        }
        if (spec.attr() == Attr.NONE && attribute != null) {
            return name + " takes no {attribute}";
        }
        boolean match = operator.equals("==") || operator.equals("!=");
        if (spec.kind() == Kind.MATCH && !match) {
            return name + " can only be matched (== or !=), not assigned with " + operator;
        }
        if (spec.kind() == Kind.ASSIGN && match) {
            return name + " can only be assigned, not matched with " + operator;
        }
        return null;
    }

    private static String stripLeading(String line) {
        int i = 0;
        while (i < line.length() && Character.isWhitespace(line.charAt(i))) {
            i++;
        }
        return line.substring(i);
    }
}
