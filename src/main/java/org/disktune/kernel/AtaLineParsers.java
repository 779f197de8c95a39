package org.disktune.kernel;

import static org.disktune.kernel.RegexChars.boundary;
import static org.disktune.kernel.RegexChars.digitsEnd;
import static org.disktune.kernel.RegexChars.hasLineTerminator;
import static org.disktune.kernel.RegexChars.isBlank;
import static org.disktune.kernel.RegexChars.isDigit;
import static org.disktune.kernel.RegexChars.nonBlankEnd;
import static org.disktune.kernel.RegexChars.terminatorAt;
import static org.disktune.kernel.RegexChars.wordEnd;

import java.util.ArrayList;
import java.util.List;

/**
 * The libata lines of a boot read by hand, each method with exactly the result of the regex it replaced (quoted above
 * it): null where that regex does not match, else its groups 1..n (null for a group that took no part). No
 * java.util.regex here: compiling and first matching those patterns cost a detect several milliseconds.
 *
 * <p>As in Java's regex: {@code \d} {@code \w} {@code \s} are ASCII only ({@code \S} is anything but the six ASCII
 * blanks), {@code .} is anything but a line terminator (LF, CR, NEL, LS, PS), and the patterns are used with
 * {@code matches()} (the whole input) unless "find" is said. {@code \b} is Java 17's (letters and digits of all
 * scripts, '_', and non-spacing marks after one of them).
 */
final class AtaLineParsers {
    private AtaLineParsers() {
    }

    // ^ata(\d{1,4})\.(\d{2}): (.*)$ ; plain: the caller knows msg holds no line terminator
    static String[] ataDevice(String msg, boolean plain) {
        int i = digitsEnd(msg, 3);
        if (!msg.startsWith("ata") || i == 3 || i > 7 || !msg.startsWith(".", i)) {
            return null;
        }
        int d = digitsEnd(msg, i + 1);
        if (d != i + 3 || !msg.startsWith(": ", d) || !plain && hasLineTerminator(msg, d + 2)) {
            return null;
        }
        return new String[] {msg.substring(3, i), msg.substring(i + 1, d), msg.substring(d + 2)};
    }

    // ^ata(\d{1,4}): (.*)$ ; plain as for ataDevice
    static String[] ataPort(String msg, boolean plain) {
        int i = digitsEnd(msg, 3);
        if (!msg.startsWith("ata") || i == 3 || i > 7 || !msg.startsWith(": ", i) || !plain && hasLineTerminator(msg, i + 2)) {
            return null;
        }
        return new String[] {msg.substring(3, i), msg.substring(i + 2)};
    }

    // ^SATA link (up|down)(?: ((?:\d+(?:\.\d+)?|<unknown>) ?Gbps|<unknown>))?(?: \(SStatus (\w+) SControl (\w+)\))?.*
    static String[] link(String s) {
        String state = s.startsWith("SATA link up") ? "up" : s.startsWith("SATA link down") ? "down" : null;
        int i = 10 + (state == null ? 0 : state.length());
        if (state == null || hasLineTerminator(s, i)) {
            return null; // the optional groups take no line terminator, so .* must take the rest
        }
        String[] g = {state, null, null, null};
        if (s.startsWith(" ", i)) {
            int e = speedEnd(s, i + 1);
            if (e > 0) {
                g[1] = s.substring(i + 1, e);
                i = e;
            }
        }
        if (s.startsWith(" (SStatus ", i)) {
            int a = i + 10;
            int ae = wordEnd(s, a);
            if (ae > a && s.startsWith(" SControl ", ae)) {
                int b = ae + 10;
                int be = wordEnd(s, b);
                if (be > b && s.startsWith(")", be)) {
                    g[2] = s.substring(a, ae);
                    g[3] = s.substring(b, be);
                }
            }
        }
        return g;
    }

    /** The end of {@code (?:\d+(?:\.\d+)?|<unknown>) ?Gbps|<unknown>} at {@code i}, or -1. */
    private static int speedEnd(String s, int i) {
        boolean unknown = s.startsWith("<unknown>", i);
        int e;
        if (unknown) {
            e = i + 9;
        } else {
            e = digitsEnd(s, i);
            if (e == i) {
                return -1;
            }
            if (s.startsWith(".", e) && digitsEnd(s, e + 1) > e + 1) {
                e = digitsEnd(s, e + 1);
            }
        }
        int g = s.startsWith(" ", e) ? e + 1 : e;
        if (s.startsWith("Gbps", g)) {
            return g + 4;
        }
        return unknown ? i + 9 : -1;
    }

    // (\d)Gbps replaced by "$1 Gbps" everywhere (replaceAll)
    static String spaceBeforeGbps(String s) {
        StringBuilder out = null;
        int copied = 0;
        for (int i = 0; i + 5 <= s.length(); i++) {
            if (isDigit(s.charAt(i)) && s.startsWith("Gbps", i + 1)) {
                if (out == null) {
                    out = new StringBuilder(s.length() + 4);
                }
                out.append(s, copied, i + 1).append(' ');
                copied = i + 1;
            }
        }
        return out == null ? s : out.append(s, copied, s.length()).toString();
    }

    // ^(SATA|PATA) max (\S+)(?: (.*))?$
    static String[] port(String s) {
        if (!s.startsWith("SATA max ") && !s.startsWith("PATA max ")) {
            return null;
        }
        int e = nonBlankEnd(s, 9);
        if (e == 9) {
            return null;
        }
        if (e == s.length()) {
            return new String[] {s.substring(0, 4), s.substring(9), null};
        }
        if (s.charAt(e) != ' ' || hasLineTerminator(s, e + 1)) {
            return null;
        }
        return new String[] {s.substring(0, 4), s.substring(9, e), s.substring(e + 1)};
    }

    // \birq (\d{1,6})\b (find)
    static String[] irq(String s) {
        for (int i = s.indexOf("irq "); i >= 0; i = s.indexOf("irq ", i + 1)) {
            int d = i + 4;
            int e = digitsEnd(s, d);
            if (e > d && e - d <= 6 && boundary(s, i) && boundary(s, e)) {
                return new String[] {s.substring(d, e)};
            }
        }
        return null;
    }

    // ^((?:ATA|CFA)(?:-\d{1,3})?|ATAPI): (.*), ([^,]*), max (\S+?)(?:,.*)?$
    static String[] identity(String s) {
        int p = revisionEnd(s, ": ");
        if (p < 0 && s.startsWith("ATAPI: ")) {
            p = 5;
        }
        if (p < 0) {
            return null;
        }
        int from = p + 2;
        int t = terminatorAt(s, from); // the greedy (.*) ends at a ", " before t, the last one that lets the rest match
        for (int a = s.lastIndexOf(", ", t - 1); a >= from; a = s.lastIndexOf(", ", a - 1)) {
            int b = s.indexOf(',', a + 2); // ([^,]*) ends at the next comma
            if (b >= 0 && s.startsWith(", max ", b)) {
                int r = modeEnd(s, b + 6);
                if (r >= 0) {
                    return new String[] {s.substring(0, p), s.substring(from, a), s.substring(a + 2, b), s.substring(b + 6, r)};
                }
            }
        }
        return null;
    }

    // ^((?:ATA|CFA)(?:-\d{1,3})?), max (\S+?), (\d{1,19}) sectors: (.*)$
    static String[] oldIdentity(String s) {
        int p = revisionEnd(s, ", max ");
        if (p < 0) {
            return null;
        }
        int q = p + 6;
        int e = nonBlankEnd(s, q); // (\S+?) then ", ": the comma is the last of the blank-free run, the blank after it ' '
        int d = e + 1;
        if (e - 1 <= q || s.charAt(e - 1) != ',' || !s.startsWith(" ", e)) {
            return null;
        }
        int f = digitsEnd(s, d);
        if (f == d || f - d > 19 || !s.startsWith(" sectors: ", f) || hasLineTerminator(s, f + 10)) {
            return null;
        }
        return new String[] {s.substring(0, p), s.substring(q, e - 1), s.substring(d, f), s.substring(f + 10)};
    }

    // ^ATAPI(?:-\d{1,3})?, max (\S+?)(?:,.*)?$
    static String[] oldAtapi(String s) {
        int p = s.startsWith("ATAPI") ? suffixEnd(s, 5, ", max ") : -1;
        int r = p < 0 ? -1 : modeEnd(s, p + 6);
        return r < 0 ? null : new String[] {s.substring(p + 6, r)};
    }

    // ^(\d{1,19}) sectors, multi (\d{1,5}): (LBA48|LBA)\b\s*(.*)$
    static String[] sectors(String s) {
        int g = multiEnd(s);
        if (g < 0 || !s.startsWith(": ", g)) {
            return null;
        }
        int a = g + 2;
        String mode = s.startsWith("LBA48", a) && boundary(s, a + 5) ? "LBA48"
                : s.startsWith("LBA", a) && boundary(s, a + 3) ? "LBA" : null;
        if (mode == null) {
            return null;
        }
        int w = a + mode.length();
        while (w < s.length() && isBlank(s.charAt(w))) {
            w++;
        }
        if (hasLineTerminator(s, w)) {
            return null; // \s* giving back blanks only lengthens what (.*) must take
        }
        int f = digitsEnd(s, 0);
        return new String[] {s.substring(0, f), s.substring(f + 16, g), mode, s.substring(w)};
    }

    // ^(\d{1,19}) sectors, multi (\d{1,5}), CHS (\d+/\d+/\d+).*$
    static String[] sectorsChs(String s) {
        int g = multiEnd(s);
        if (g < 0 || !s.startsWith(", CHS ", g)) {
            return null;
        }
        int c = g + 6;
        int x = digitsEnd(s, c);
        int y = x > c && s.startsWith("/", x) ? digitsEnd(s, x + 1) : -1;
        int z = y > x + 1 && s.startsWith("/", y) ? digitsEnd(s, y + 1) : -1;
        if (z <= y + 1 || hasLineTerminator(s, z)) {
            return null;
        }
        int f = digitsEnd(s, 0);
        return new String[] {s.substring(0, f), s.substring(f + 16, g), s.substring(c, z)};
    }

    /** The end of {@code ^(\d{1,19}) sectors, multi (\d{1,5})}, or -1. */
    private static int multiEnd(String s) {
        int f = digitsEnd(s, 0);
        if (f == 0 || f > 19 || !s.startsWith(" sectors, multi ", f)) {
            return -1;
        }
        int g = digitsEnd(s, f + 16);
        return g == f + 16 || g - (f + 16) > 5 ? -1 : g;
    }

    // ^ata\d+: dev \d+ multi count (\d{1,5})$
    static String[] oldMulti(String s) {
        int a = digitsEnd(s, 3);
        if (!s.startsWith("ata") || a == 3 || !s.startsWith(": dev ", a)) {
            return null;
        }
        int b = digitsEnd(s, a + 6);
        if (b == a + 6 || !s.startsWith(" multi count ", b)) {
            return null;
        }
        int c = b + 13;
        int e = digitsEnd(s, c);
        return e == c || e - c > 5 || e != s.length() ? null : new String[] {s.substring(c)};
    }

    // NCQ \(depth (\d{1,4})(?:/(\d{1,4}))?\)(, AA)? (find)
    static String[] ncqDepth(String s) {
        for (int i = s.indexOf("NCQ (depth "); i >= 0; i = s.indexOf("NCQ (depth ", i + 1)) {
            int d = i + 11;
            int e = digitsEnd(s, d);
            if (e == d || e - d > 4) {
                continue;
            }
            String drive = null;
            int c = e;
            if (s.startsWith("/", e)) {
                int f = digitsEnd(s, e + 1);
                if (f > e + 1 && f - (e + 1) <= 4) {
                    drive = s.substring(e + 1, f);
                    c = f;
                }
            }
            if (s.startsWith(")", c)) {
                return new String[] {s.substring(d, e), drive, s.startsWith(", AA", c + 1) ? ", AA" : null};
            }
        }
        return null;
    }

    // ^configured for (\S+) (find)
    static String[] configured(String s) {
        int e = s.startsWith("configured for ") ? nonBlankEnd(s, 15) : 15;
        return e == 15 ? null : new String[] {s.substring(15, e)};
    }

    // ^FORCE: (.*)$
    static String[] force(String s) {
        return s.startsWith("FORCE: ") && !hasLineTerminator(s, 7) ? new String[] {s.substring(7)} : null;
    }

    // ^(?:horkage )?modified \((.*)\)$
    static String[] forceModified(String s) {
        int from = s.startsWith("horkage modified (") ? 18 : s.startsWith("modified (") ? 10 : -1;
        int end = s.length() - 1;
        if (from < 0 || end < from || s.charAt(end) != ')' || hasLineTerminator(s, from)) {
            return null;
        }
        return new String[] {s.substring(from, end)};
    }

    // ^Model '(.*)', rev '(.*)', applying quirks:(.*)$
    static String[] quirks(String s) {
        if (!s.startsWith("Model '") || hasLineTerminator(s, 7)) {
            return null;
        }
        int q = s.lastIndexOf("', applying quirks:"); // the greedy groups: the last split that leaves room for the rest
        int r = q < 0 ? -1 : s.lastIndexOf("', rev '", q - 8);
        if (r < 7) {
            return null;
        }
        return new String[] {s.substring(7, r), s.substring(r + 8, q), s.substring(q + 19)};
    }

    // ^Features:(.*)$
    static String[] features(String s) {
        return s.startsWith("Features:") && !hasLineTerminator(s, 9) ? new String[] {s.substring(9)} : null;
    }

    /**
     * The pieces of {@code s} between runs of ASCII blanks ({@code \s}), and of commas too when {@code commas}: what
     * {@code s.split("\\s+")} (or {@code "[,\\s]+"}) gives, without its empty strings.
     */
    static List<String> words(String s, boolean commas) {
        List<String> out = new ArrayList<>();
        int start = -1;
        for (int i = 0; i <= s.length(); i++) {
            boolean cut = i == s.length() || isBlank(s.charAt(i)) || commas && s.charAt(i) == ',';
            if (cut && start >= 0) {
                out.add(s.substring(start, i));
                start = -1;
            } else if (!cut && start < 0) {
                start = i;
            }
        }
        return out;
    }

    /** The end of the group 1 of {@code (?:ATA|CFA)(?:-\d{1,3})?} at 0 followed by {@code follow}, or -1. */
    private static int revisionEnd(String s, String follow) {
        return s.startsWith("ATA") || s.startsWith("CFA") ? suffixEnd(s, 3, follow) : -1;
    }

    /** The end of {@code (?:-\d{1,3})?} at {@code i} followed by {@code follow} (which starts with no '-'), or -1. */
    private static int suffixEnd(String s, int i, String follow) {
        if (s.startsWith("-", i)) {
            int e = digitsEnd(s, i + 1);
            return e > i + 1 && e - (i + 1) <= 3 && s.startsWith(follow, e) ? e : -1;
        }
        return s.startsWith(follow, i) ? i : -1;
    }

    /** The end of {@code (\S+?)} in {@code (\S+?)(?:,.*)?$} at {@code q} up to the end of {@code s}, or -1. */
    private static int modeEnd(String s, int q) {
        int n = s.length();
        for (int r = q + 1; r <= n; r++) {
            if (isBlank(s.charAt(r - 1))) {
                return -1;
            }
            if (r == n || s.charAt(r) == ',' && !hasLineTerminator(s, r + 1)) {
                return r;
            }
        }
        return -1;
    }
}
