package org.disktune.config;

import java.util.ArrayList;
import java.util.List;

/**
 * The line scan that comes before ini4j, and how the two divide the work. ini4j reads disktune.conf: the sections,
 * the keys and their values (trimmed, no escapes, only whole-line comments). It does not tell on which line it
 * found them, and it reads lines disktune refuses in its own way (a '\' continues a line, a ':' separates a key
 * too, a key may stand outside any section). So this scan looks at each line first, only for what makes a line
 * unreadable: bytes that are not UTF-8, a control character or a backslash, a header without ']' or without a
 * name, a line that is neither a header nor KEY = VALUE, a key that is empty, holds ':' or stands outside a
 * section, and every line of a section whose header was refused. Each refused line gets its error and reaches
 * ini4j as an empty line; every other line reaches ini4j unchanged. ini4j then reports exactly one event per kept
 * line, in order, so the n-th event stands at the n-th kept line ({@link Ini4jReader}). The scan never reads a
 * value; it finds a key only to name it in a message and to count a refused line as that key.
 */
final class IniLineScan {
    private IniLineScan() {
    }

    /** A line handed to ini4j: its number, and whether it is a section header (else KEY = VALUE). */
    record Kept(int line, boolean header) {
    }

    /** The text for ini4j (refused lines empty), the kept lines in order, and the refused lines that name a key. */
    record Result(String forIni4j, List<Kept> kept, List<IniEntry.Refused> refused) {
    }

    static Result scan(List<ConfigLines.Line> lines, ConfigProblems problems) {
        StringBuilder forIni4j = new StringBuilder();
        List<Kept> kept = new ArrayList<>();
        List<IniEntry.Refused> refused = new ArrayList<>();
        boolean inSection = false;
        boolean inBrokenSection = false;
        for (ConfigLines.Line line : lines) {
            String text = line.text().trim();
            String problem = problem(line, text, inSection, inBrokenSection);
            boolean header = text.startsWith("[");
            if (header) {
                inBrokenSection = problem != null;
                inSection = true;
            }
            boolean keep = problem == null && !isBlankOrComment(text) && !(inBrokenSection && !header);
            if (problem != null && !problem.isEmpty()) {
                problems.error(line.number(), problem);
                if (inSection && !inBrokenSection && !header && text.indexOf('=') > 0) {
                    refused.add(new IniEntry.Refused(line.number(), keyOf(text)));
                }
            }
            if (keep) {
                kept.add(new Kept(line.number(), header));
            }
            forIni4j.append(keep ? text : "").append('\n');
        }
        return new Result(forIni4j.toString(), kept, refused);
    }

    private static boolean isBlankOrComment(String text) {
        return text.isEmpty() || text.startsWith("#") || text.startsWith(";");
    }

    /** The key of a KEY = VALUE line, for messages: what stands before the first '='. */
    private static String keyOf(String text) {
        return text.substring(0, text.indexOf('=')).trim();
    }

    /**
     * Why ini4j must not read this line (the error to report; "" for a line refused without a message of its own, a
     * key below a refused header), or null when it may (blank and comment lines too).
     */
    private static String problem(ConfigLines.Line line, String text, boolean inSection, boolean inBrokenSection) {
        if (isBlankOrComment(text)) {
            return null;
        }
        if (!line.validUtf8()) {
            return "the line is not valid UTF-8; save the file as UTF-8";
        }
        // the untrimmed line: String.trim() also strips control characters, which must not slip through at a line's ends
        String unreadable = line.text().chars().filter(c -> (Character.isISOControl(c) && c != '\t') || c == '\\')
                .mapToObj(c -> "the line contains " + ConfigNames.describe((char) c) + "; remove it (" + (c == '\r'
                        ? "lines end with LF or CR LF)" : c == '\\' ? "disktune.conf has no escapes)" : "only printable text is allowed)"))
                .findFirst().orElse(null);
        if (unreadable != null) {
            return unreadable;
        }
        if (text.startsWith("[")) {
            if (!text.endsWith("]")) {
                return "section header " + text + " lacks its closing ']'; write " + text + "]";
            }
            if (text.substring(1, text.length() - 1).trim().isEmpty()) {
                return "empty section header []; write [module NAME], [disk LABEL], [md NAME] or [mount PATH]";
            }
            return null;
        }
        int eq = text.indexOf('=');
        if (eq < 0) {
            return "'" + text + "' is neither a [section] header nor KEY = VALUE; comments are whole lines starting with # or ;";
        }
        if (eq == 0) {
            return "the line has no key before '='; write KEY = VALUE";
        }
        String key = keyOf(text);
        if (inBrokenSection) {
            return "";
        }
        if (!inSection) {
            return "key " + key + " is outside any section; put it under a [module NAME], [disk LABEL], [md NAME] or [mount PATH] header";
        }
        if (key.indexOf(':') >= 0) {
            // ini4j also splits at ':', so it would read another key; no disktune key has one
            return "key " + key + " contains ':'; keys are names such as read_ahead_kb or match.model (KEY = VALUE)";
        }
        return null;
    }
}
