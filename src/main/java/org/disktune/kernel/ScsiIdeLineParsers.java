package org.disktune.kernel;

import static org.disktune.kernel.RegexChars.blankEnd;
import static org.disktune.kernel.RegexChars.boundary;
import static org.disktune.kernel.RegexChars.boundedDigitsEnd;
import static org.disktune.kernel.RegexChars.hasLineTerminator;
import static org.disktune.kernel.RegexChars.nextCodePoint;
import static org.disktune.kernel.RegexChars.nonBlankEnd;
import static org.disktune.kernel.RegexChars.wordEnd;

import java.util.ArrayList;
import java.util.List;

/**
 * Readers of the SCSI, IDE, controller and boot lines of {@link BootFactsCollector} and {@link BootStartDetector},
 * written by hand instead of regexes (compiling and first matching those cost ~14% of a detect on JDK 17). Each gives
 * exactly what the regex quoted above it gave: null when it does not match ({@code matches()}, or {@code find()} where
 * said), else groups 1..n, null for a group that took no part. Java regex semantics kept: {@code \d \w \s} are ASCII,
 * {@code \S} anything but {@code \s}, {@code .} anything but a line terminator (which is why a trailing {@code .*$}
 * under {@code matches()} means "no terminator in the rest"), {@code \b} Unicode letters and digits. No lambdas,
 * streams or String.split here: each of those links method handles.
 */
final class ScsiIdeLineParsers {
    private ScsiIdeLineParsers() {
    }

    // ^(hd[a-z]{1,2}): (.*)$
    static String[] ide(String s) {
        int i = 2;
        while (i < 4 && i < s.length() && s.charAt(i) >= 'a' && s.charAt(i) <= 'z') {
            i++;
        }
        if (!s.startsWith("hd") || i == 2 || !s.startsWith(": ", i) || hasLineTerminator(s, i + 2)) {
            return null;
        }
        return new String[] {s.substring(0, i), s.substring(i + 2)};
    }

    // ^(.*), ((?:ATA|ATAPI) .*)$  (the greedy .* takes the last ", ATA " or ", ATAPI ")
    static String[] ideModel(String s) {
        if (hasLineTerminator(s, 0)) {
            return null;
        }
        for (int p = s.lastIndexOf(", ATA"); p >= 0; p = s.lastIndexOf(", ATA", p - 1)) {
            if (s.startsWith(" ", p + 5) || s.startsWith("PI ", p + 5)) {
                return new String[] {s.substring(0, p), s.substring(p + 2)};
            }
        }
        return null;
    }

    // ^max request size: (\d{1,7}) ?KiB  (find)
    static String[] ideRequest(String s) {
        int at = 18;
        int e = s.startsWith("max request size: ") ? boundedDigitsEnd(s, at, 1, 7) : -1;
        if (e < 0 || !s.startsWith("KiB", s.startsWith(" ", e) ? e + 1 : e)) {
            return null;
        }
        return new String[] {s.substring(at, e)};
    }

    /*
     * ^(\d{1,19}) sectors \((\d{1,12}) MB\)(?: w/(\d{1,7}) ?KiB Cache)?(?:, CHS=(\d+/\d+/\d+))?(?:, ((?:UDMA|DMA|MWDMA|PIO)\S*))?.*$
     * Each optional group is taken where it can be (its extent is fixed: digit runs end at a non-digit, \S* at a blank);
     * only the \S* of the last can hold a terminator (NEL, LS, PS), and no other choice of groups ends later, so the
     * regex matches exactly when the rest after the greedy choice holds no terminator.
     */
    static String[] ideSectors(String s) {
        int e1 = boundedDigitsEnd(s, 0, 1, 19);
        if (e1 < 0 || !s.startsWith(" sectors (", e1)) {
            return null;
        }
        int e2 = boundedDigitsEnd(s, e1 + 10, 1, 12);
        if (e2 < 0 || !s.startsWith(" MB)", e2)) {
            return null;
        }
        String[] g = {s.substring(0, e1), s.substring(e1 + 10, e2), null, null, null};
        int i = e2 + 4;
        int e = s.startsWith(" w/", i) ? boundedDigitsEnd(s, i + 3, 1, 7) : -1;
        if (e >= 0) {
            int k = s.startsWith(" ", e) ? e + 1 : e;
            if (s.startsWith("KiB Cache", k)) {
                g[2] = s.substring(i + 3, e);
                i = k + 9;
            }
        }
        if (s.startsWith(", CHS=", i)) {
            int a = boundedDigitsEnd(s, i + 6, 1, Integer.MAX_VALUE);
            int b = a >= 0 && s.startsWith("/", a) ? boundedDigitsEnd(s, a + 1, 1, Integer.MAX_VALUE) : -1;
            int c = b >= 0 && s.startsWith("/", b) ? boundedDigitsEnd(s, b + 1, 1, Integer.MAX_VALUE) : -1;
            if (c >= 0) {
                g[3] = s.substring(i + 6, c);
                i = c;
            }
        }
        if (s.startsWith(", ", i) && (s.startsWith("UDMA", i + 2) || s.startsWith("DMA", i + 2)
                || s.startsWith("MWDMA", i + 2) || s.startsWith("PIO", i + 2))) {
            int end = nonBlankEnd(s, i + 2);
            g[4] = s.substring(i + 2, end);
            i = end;
        }
        return hasLineTerminator(s, i) ? null : g;
    }

    // ^(\S+) mode selected  (find)
    static String[] ideSelected(String s) {
        int e = nonBlankEnd(s, 0);
        return e > 0 && s.startsWith(" mode selected", e) ? new String[] {s.substring(0, e)} : null;
    }

    /** \b(hd[a-z]{1,2}):(DMA|pio)\b: the groups of every match of {@code find()} in turn, flattened (empty: none). */
    static List<String> ideBios(String s) {
        List<String> out = new ArrayList<>();
        int n = s.length();
        int p = s.indexOf("hd");
        while (p >= 0) {
            int i = p + 2;
            while (i < p + 4 && i < n && s.charAt(i) >= 'a' && s.charAt(i) <= 'z') {
                i++;
            }
            int end = -1;
            if (i > p + 2 && s.startsWith(":", i) && (s.startsWith("DMA", i + 1) || s.startsWith("pio", i + 1))
                    && boundary(s, p) && boundary(s, i + 4)) {
                end = i + 4;
                out.add(s.substring(p, i));
                out.add(s.substring(i + 1, end));
            }
            p = s.indexOf("hd", end >= 0 ? end : p + 1);
        }
        return out;
    }

    // ^(?:Kernel )?[Cc]ommand line: (.*)$
    static String[] commandLine(String s) {
        int i = s.startsWith("Kernel ") ? 7 : 0;
        if (!(s.startsWith("Command line: ", i) || s.startsWith("command line: ", i)) || hasLineTerminator(s, i + 14)) {
            return null;
        }
        return new String[] {s.substring(i + 14)};
    }

    // ^Linux version (\S+) .*
    static String[] version(String s) {
        int e = s.startsWith("Linux version ") ? nonBlankEnd(s, 14) : 14;
        if (e == 14 || !s.startsWith(" ", e) || hasLineTerminator(s, e + 1)) {
            return null;
        }
        return new String[] {s.substring(14, e)};
    }

    private static final String[] DRIVERS = {"ahci", "ata_piix", "ata_generic", "pata_", "sata_", "pdc_adma", "acard-ahci", "ahci_"};

    // ^(ahci|ata_piix|ata_generic|pata_\w+|sata_\w+|pdc_adma|acard-ahci|ahci_\w+) ([0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]): (.*)$
    static String[] controller(String s) {
        for (String d : DRIVERS) {
            if (!s.startsWith(d)) {
                continue;
            }
            int e = d.length();
            if (d.endsWith("_")) { // pata_\w+, sata_\w+, ahci_\w+
                e = wordEnd(s, e);
                if (e == d.length()) {
                    continue;
                }
            }
            int a = e + 1;
            if (s.startsWith(" ", e) && a + 14 <= s.length() && hex(s, a, 4) && s.charAt(a + 4) == ':' && hex(s, a + 5, 2)
                    && s.charAt(a + 7) == ':' && hex(s, a + 8, 2) && s.charAt(a + 10) == '.'
                    && s.charAt(a + 11) >= '0' && s.charAt(a + 11) <= '7' && s.startsWith(": ", a + 12)
                    && !hasLineTerminator(s, a + 14)) {
                return new String[] {s.substring(0, e), s.substring(a, a + 12), s.substring(a + 14)};
            }
        }
        return null;
    }

    // ^Using (ADMA|SWNCQ) mode  (find)
    static String[] nvMode(String s) {
        if (s.startsWith("Using ADMA mode")) {
            return new String[] {"ADMA"};
        }
        return s.startsWith("Using SWNCQ mode") ? new String[] {"SWNCQ"} : null;
    }

    // ^scsi(?: host(\d{1,6}):|(\d{1,6}) :) (\S+)  (find)
    static String[] scsiHost(String s) {
        if (!s.startsWith("scsi")) {
            return null;
        }
        int e = s.startsWith(" host", 4) ? boundedDigitsEnd(s, 9, 1, 6) : -1;
        if (e >= 0 && s.startsWith(": ", e)) {
            int w = nonBlankEnd(s, e + 2);
            if (w > e + 2) {
                return new String[] {s.substring(9, e), null, s.substring(e + 2, w)};
            }
        }
        e = boundedDigitsEnd(s, 4, 1, 6);
        if (e >= 0 && s.startsWith(" : ", e)) {
            int w = nonBlankEnd(s, e + 3);
            if (w > e + 3) {
                return new String[] {null, s.substring(4, e), s.substring(e + 3, w)};
            }
        }
        return null;
    }

    // ^scsi (\d{1,6}):(\d{1,4}):(\d{1,6}):(\d{1,6}): (.*?) PQ: .*$  (the reluctant .*? ends at the first " PQ: ")
    static String[] scsiDevice(String s) {
        String[] g = address(s, "scsi ", 5);
        if (g == null || hasLineTerminator(s, s.length() - g[4].length())) {
            return null;
        }
        int p = g[4].indexOf(" PQ: ");
        if (p < 0) {
            return null;
        }
        g[4] = g[4].substring(0, p);
        return g;
    }

    // ^sd (\d{1,6}):(\d{1,4}):(\d{1,6}):(\d{1,6}): \[(\w+)\] (.*)$
    static String[] sdBracket(String s) {
        String[] a = address(s, "sd ", 5);
        if (a == null || !a[4].startsWith("[")) {
            return null;
        }
        String rest = a[4];
        int e = wordEnd(rest, 1);
        if (e == 1 || !rest.startsWith("] ", e) || hasLineTerminator(rest, e + 2)) {
            return null;
        }
        return new String[] {a[0], a[1], a[2], a[3], rest.substring(1, e), rest.substring(e + 2)};
    }

    // ^(\d{1,19}) (\d{3,6})-byte (?:logical blocks|hardware sectors|hdwr sectors)  (find)
    static String[] sdBlocks(String s) {
        int e1 = boundedDigitsEnd(s, 0, 1, 19);
        int e2 = e1 >= 0 && s.startsWith(" ", e1) ? boundedDigitsEnd(s, e1 + 1, 3, 6) : -1;
        if (e2 < 0 || !s.startsWith("-byte ", e2)) {
            return null;
        }
        int k = e2 + 6;
        if (s.startsWith("logical blocks", k) || s.startsWith("hardware sectors", k) || s.startsWith("hdwr sectors", k)) {
            return new String[] {s.substring(0, e1), s.substring(e1 + 1, e2)};
        }
        return null;
    }

    // ^sd (\d{1,6}):(\d{1,4}):(\d{1,6}):(\d{1,6}): Attached scsi disk (\w+)  (find)
    static String[] sdAttachedOld(String s) {
        String[] a = address(s, "sd ", 5);
        if (a == null || !a[4].startsWith("Attached scsi disk ")) {
            return null;
        }
        int e = wordEnd(a[4], 19);
        if (e == 19) {
            return null;
        }
        a[4] = a[4].substring(19, e);
        return a;
    }

    // ^SCSI device (\w+): (\d{1,19}) (\d{3,6})-byte hdwr sectors  (find)
    static String[] scsiDeviceOld(String s) {
        if (!s.startsWith("SCSI device ")) {
            return null;
        }
        int w = wordEnd(s, 12);
        int e1 = w > 12 && s.startsWith(": ", w) ? boundedDigitsEnd(s, w + 2, 1, 19) : -1;
        int e2 = e1 >= 0 && s.startsWith(" ", e1) ? boundedDigitsEnd(s, e1 + 1, 3, 6) : -1;
        if (e2 < 0 || !s.startsWith("-byte hdwr sectors", e2)) {
            return null;
        }
        return new String[] {s.substring(12, w), s.substring(w + 2, e1), s.substring(e1 + 1, e2)};
    }

    /*
     * ^\s*Vendor: (.{0,8}?)\s*Model: (.{0,16}?)\s*Rev: (.{0,4}?)\s*$
     * The regex's own search: each reluctant .{0,n}? tries 0..n code points (no terminator), each \s* is greedy and
     * has no other choice (a shorter run leaves a blank where a letter must follow); the first success wins.
     */
    static String[] inquiryOld(String s) {
        int v = blankEnd(s, 0);
        if (!s.startsWith("Vendor: ", v)) {
            return null;
        }
        int a = v + 8;
        int ae = a;
        for (int na = 0; na <= 8; na++) {
            int m = blankEnd(s, ae);
            if (s.startsWith("Model: ", m)) {
                int b = m + 7;
                int be = b;
                for (int nb = 0; nb <= 16; nb++) {
                    int r = blankEnd(s, be);
                    if (s.startsWith("Rev: ", r)) {
                        int c = r + 5;
                        int ce = c;
                        for (int nc = 0; nc <= 4; nc++) {
                            if (blankEnd(s, ce) == s.length()) {
                                return new String[] {s.substring(a, ae), s.substring(b, be), s.substring(c, ce)};
                            }
                            ce = nextCodePoint(s, ce);
                            if (ce < 0) {
                                break;
                            }
                        }
                    }
                    be = nextCodePoint(s, be);
                    if (be < 0) {
                        break;
                    }
                }
            }
            ae = nextCodePoint(s, ae);
            if (ae < 0) {
                break;
            }
        }
        return null;
    }

    // ^\s*Type:\s+(\S+)\s+ANSI.*$
    static String[] typeOld(String s) {
        int t = blankEnd(s, 0);
        if (!s.startsWith("Type:", t)) {
            return null;
        }
        int a = blankEnd(s, t + 5);
        int e = nonBlankEnd(s, a);
        int z = blankEnd(s, e);
        if (a == t + 5 || e == a || z == e || !s.startsWith("ANSI", z) || hasLineTerminator(s, z + 4)) {
            return null;
        }
        return new String[] {s.substring(a, e)};
    }

    /** The words of {@code text} split at runs of regex {@code \s} (as {@code text.split("\\s+")} of a stripped text: [""] for ""). */
    static List<String> blankSeparated(String text) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = text.length();
        do {
            int e = nonBlankEnd(text, i);
            out.add(text.substring(i, e));
            i = blankEnd(text, e);
        } while (i < n);
        return out;
    }

    /**
     * {@code prefix} then (\d{1,6}):(\d{1,4}):(\d{1,6}):(\d{1,6}):{space}: the four numbers and the rest after the
     * blank, or null.
     */
    private static String[] address(String s, String prefix, int groups) {
        if (!s.startsWith(prefix)) {
            return null;
        }
        String[] g = new String[groups];
        int i = prefix.length();
        for (int k = 0; k < 4; k++) {
            int e = boundedDigitsEnd(s, i, 1, k == 1 ? 4 : 6);
            if (e < 0 || !s.startsWith(":", e)) {
                return null;
            }
            g[k] = s.substring(i, e);
            i = e + 1;
        }
        if (!s.startsWith(" ", i)) {
            return null;
        }
        g[4] = s.substring(i + 1);
        return g;
    }

    private static boolean hex(String s, int at, int count) {
        for (int i = at; i < at + count; i++) {
            char c = s.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        return true;
    }
}
