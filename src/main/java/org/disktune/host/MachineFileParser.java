package org.disktune.host;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.core.FileMode;

/**
 * Parses the {@code .machine} format (one entry per line, see the samples' index) into entries:
 * <pre>
 * # comment                      (column 0, outside a heredoc)
 * /sys/block/sda -&gt; ../devices/... a symlink, target as written
 * /dev/disk/by-id/               an (empty) directory
 * /sys/block/sda/size = 2097152  a file holding VALUE + "\n" ("PATH =" holds just "\n")
 * /proc/mdstat &lt;&lt;EOF ... EOF     a file holding the lines in between, each + "\n"
 * /sys/.../config base64 DATA    exact bytes ("PATH base64 " is an empty file)
 * /etc/rc.local mode=0755 &lt;&lt;EOF   a file of mode 0755: "mode=NNNN " (octal permission bits) after the path of
 *                                any of the three file forms; a file without it is 0644
 * </pre>
 * Empty lines are ignored. Every problem is a {@link DisktuneException} (USAGE) naming the sample
 * and the line: a malformed line, a duplicate path, an entry below a file or link, an unclosed heredoc.
 */
public final class MachineFileParser {
    /** Before the form of a file that is not 0644: {@code PATH mode=0755 <<EOF}. */
    static final String MODE = "mode=";

    private MachineFileParser() {
    }

    /** Parses the whole text of sample {@code sampleName} (used only in error messages). */
    public static List<MachineEntry> parse(String sampleName, String text) {
        String[] lines = text.split("\n", -1);
        int count = text.endsWith("\n") ? lines.length - 1 : lines.length;
        List<MachineEntry> entries = new ArrayList<>();
        Map<String, Integer> lineOf = new HashMap<>();
        Map<String, MachineEntry> byPath = new HashMap<>();
        int i = 0;
        while (i < count) {
            int lineNo = i + 1;
            String line = lines[i++];
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.indexOf('\r') >= 0) {
                throw error(sampleName, lineNo, "carriage return in line (the format uses \\n line ends only)");
            }
            int space = line.indexOf(' ');
            String pathToken = space < 0 ? line : line.substring(0, space);
            if (space > 0 && line.startsWith("= ", space + 1)) { // the common line, read without its own substrings
                String path = checkedPath(sampleName, lineNo, pathToken);
                MachineEntry entry = new MachineEntry.FileEntry(path, lineEnd(line, space + 3));
                Integer first = lineOf.putIfAbsent(path, lineNo);
                if (first != null) {
                    throw error(sampleName, lineNo, "duplicate entry for " + path + " (first at line " + first + ")");
                }
                entries.add(entry);
                byPath.put(path, entry);
                continue;
            }
            String rest = space < 0 ? "" : line.substring(space + 1);
            FileMode mode = FileMode.DEFAULT;
            if (rest.startsWith(MODE)) {
                int end = rest.indexOf(' ');
                String octal = rest.substring(MODE.length(), end < 0 ? rest.length() : end);
                mode = FileMode.parse(octal).orElseThrow(() -> error(sampleName, lineNo, "bad mode '" + octal
                        + "' (octal permission bits, such as 0755)"));
                if (end < 0) {
                    throw error(sampleName, lineNo, "expected '= VALUE', '<<TAG' or 'base64 DATA' after the mode of " + pathToken);
                }
                rest = rest.substring(end + 1);
                if (rest.startsWith("-> ")) {
                    throw error(sampleName, lineNo, "a link has no mode of its own: " + pathToken);
                }
            }
            MachineEntry entry;
            if (space < 0 && pathToken.endsWith("/") && pathToken.length() > 1) {
                entry = new MachineEntry.Dir(checkedPath(sampleName, lineNo, pathToken.substring(0, pathToken.length() - 1)));
            } else if (space < 0) {
                throw error(sampleName, lineNo, pathToken.endsWith("=") ? "no space between path and '='"
                        : "expected 'PATH = VALUE', 'PATH -> TARGET', 'PATH/', 'PATH <<TAG' or 'PATH base64 DATA'");
            } else {
                String path = checkedPath(sampleName, lineNo, pathToken);
                if (rest.equals("=")) {
                    entry = new MachineEntry.FileEntry(path, new byte[] {'\n'}, mode);
                } else if (rest.startsWith("= ")) {
                    entry = new MachineEntry.FileEntry(path, lineEnd(rest, 2), mode);
                } else if (rest.startsWith("-> ") && rest.length() > 3) {
                    entry = new MachineEntry.Link(path, rest.substring(3));
                } else if (rest.equals("base64") || rest.startsWith("base64 ")) {
                    String data = rest.length() > 7 ? rest.substring(7) : "";
                    try {
                        entry = new MachineEntry.FileEntry(path, Base64.getDecoder().decode(data), mode);
                    } catch (IllegalArgumentException e) {
                        throw error(sampleName, lineNo, "bad base64 data for " + path);
                    }
                } else if (rest.startsWith("<<")) {
                    String tag = rest.substring(2);
                    if (!isTag(tag)) {
                        throw error(sampleName, lineNo, "bad heredoc tag '" + tag + "' (letters, digits and _ only)");
                    }
                    StringBuilder content = new StringBuilder();
                    boolean closed = false;
                    while (i < count) {
                        String body = lines[i++];
                        if (body.equals(tag)) {
                            closed = true;
                            break;
                        }
                        content.append(body).append('\n');
                    }
                    if (!closed) {
                        throw error(sampleName, lineNo, "heredoc <<" + tag + " has no closing '" + tag + "' line");
                    }
                    entry = new MachineEntry.FileEntry(path, content.toString().getBytes(StandardCharsets.UTF_8), mode);
                } else {
                    throw error(sampleName, lineNo, "expected '= VALUE', '-> TARGET', '<<TAG' or 'base64 DATA' after " + path);
                }
            }
            Integer first = lineOf.putIfAbsent(entry.path(), lineNo);
            if (first != null) {
                throw error(sampleName, lineNo, "duplicate entry for " + entry.path() + " (first at line " + first + ")");
            }
            entries.add(entry);
            byPath.put(entry.path(), entry);
        }
        checkNothingBelowFilesOrLinks(sampleName, entries, byPath, lineOf);
        return List.copyOf(entries);
    }

    /** {@code line} from {@code from} on and a newline, as UTF-8 ({@code (line.substring(from) + "\n").getBytes(UTF_8)}). */
    static byte[] lineEnd(String line, int from) {
        int n = line.length() - from;
        byte[] bytes = new byte[n + 1];
        for (int k = 0; k < n; k++) {
            char c = line.charAt(from + k);
            if (c >= 0x80) {
                return (line.substring(from) + "\n").getBytes(StandardCharsets.UTF_8);
            }
            bytes[k] = (byte) c;
        }
        bytes[n] = '\n';
        return bytes;
    }

    private static void checkNothingBelowFilesOrLinks(String sampleName, List<MachineEntry> entries,
            Map<String, MachineEntry> byPath, Map<String, Integer> lineOf) {
        // Each directory checked once: an entry's parent seen before needs no look at its ancestors, which were
        // checked with it (a sample's 2,000 entries have 400 directories; a substring per ancestor per entry was
        // most of a sample's parse). Only when something is wrong, the loop below finds the first entry to name.
        Set<String> checked = new HashSet<>();
        boolean wrong = false;
        for (int e = 0; e < entries.size() && !wrong; e++) {
            String path = entries.get(e).path();
            for (int slash = path.lastIndexOf('/'); slash > 0; slash = path.lastIndexOf('/', slash - 1)) {
                String ancestor = path.substring(0, slash);
                if (!checked.add(ancestor)) {
                    break;
                }
                MachineEntry above = byPath.get(ancestor);
                if (above != null && !(above instanceof MachineEntry.Dir)) {
                    wrong = true;
                    break;
                }
            }
        }
        if (!wrong) {
            return;
        }
        for (MachineEntry entry : entries) {
            String path = entry.path();
            for (int slash = path.lastIndexOf('/'); slash > 0; slash = path.lastIndexOf('/', slash - 1)) {
                String ancestor = path.substring(0, slash);
                MachineEntry above = byPath.get(ancestor);
                if (above != null && !(above instanceof MachineEntry.Dir)) {
                    throw error(sampleName, lineOf.get(path),
                            path + " lies below " + ancestor + ", which line " + lineOf.get(ancestor) + " makes a file or link");
                }
            }
        }
    }

    private static String checkedPath(String sampleName, int lineNo, String path) {
        if (!isPath(path)) {
            throw error(sampleName, lineNo, "bad path '" + path + "' (absolute, no empty segments, no spaces)");
        }
        if (Patterns.DOT_SEGMENT.matcher(path).find()) {
            throw error(sampleName, lineNo, "bad path '" + path + "' ('.' and '..' segments are not allowed)");
        }
        return path;
    }

    /** The patterns, compiled when a sample is first parsed. */
    private static final class Patterns {
        static final Pattern PATH = Pattern.compile("(/[^/\\s]+)+");
        static final Pattern TAG = Pattern.compile("[A-Za-z0-9_]+");
        static final Pattern DOT_SEGMENT = Pattern.compile("/\\.\\.?(?=/|\\z)");
    }

    /** An absolute path of non-empty components without blanks, no trailing slash: {@code (/[^/\s]+)+}. */
    static boolean isPath(String s) {
        return Patterns.PATH.matcher(s).matches();
    }

    /** A heredoc tag: {@code [A-Za-z0-9_]+}. */
    static boolean isTag(String s) {
        return Patterns.TAG.matcher(s).matches();
    }

    private static DisktuneException error(String sampleName, int lineNo, String problem) {
        return new DisktuneException(ExitCode.USAGE, "sample " + sampleName + " line " + lineNo + ": " + problem);
    }
}
