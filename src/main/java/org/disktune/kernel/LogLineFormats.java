package org.disktune.kernel;

import static org.disktune.kernel.RegexChars.blankEnd;
import static org.disktune.kernel.RegexChars.boundedDigitsEnd;
import static org.disktune.kernel.RegexChars.hasLineTerminator;
import static org.disktune.kernel.RegexChars.isBlank;
import static org.disktune.kernel.RegexChars.isDigit;
import static org.disktune.kernel.RegexChars.nonBlankEnd;

/**
 * The line formats {@link KernelLogLineNormalizer} takes off (journal separators, levels, dmesg stamps, syslog and
 * journalctl prefixes), read by hand instead of regexes: each gives exactly what the regex quoted above it gave with
 * {@code matches()} (groups 1..n, or null when it does not match). Most were DOTALL, so their {@code (.*)$} is simply
 * the rest of the line. Every choice in them is decided by the next character (a digit run ends at a non-digit, a
 * {@code \S+} run at a blank), so a single pass gives the regex's match. No lambdas or streams: they link method handles.
 */
final class LogLineFormats {
    private LogLineFormats() {
    }

    private static final String[] MONTHS = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    private static final String[] DAYS = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
    private static final String[] JOURNAL_META = {"Logs begin", "Logs end", "Journal begins", "Journal ends", "No entries", "Subject",
        "Defined-By"};

    // ^-- (?:Boot [0-9a-f]{1,64}|Reboot) --\s*$
    static boolean journalBoot(String s) {
        int i;
        if (s.startsWith("-- Boot ")) {
            i = 8;
            while (i < s.length() && (isDigit(s.charAt(i)) || s.charAt(i) >= 'a' && s.charAt(i) <= 'f')) {
                i++;
            }
            if (i == 8 || i - 8 > 64) {
                return false;
            }
        } else if (s.startsWith("-- Reboot")) {
            i = 9;
        } else {
            return false;
        }
        return s.startsWith(" --", i) && blankEnd(s, i + 3) == s.length();
    }

    // ^-- (?:Logs begin|Logs end|Journal begins|Journal ends|No entries|Subject|Defined-By).*
    static boolean journalMeta(String s) {
        if (!s.startsWith("-- ")) {
            return false;
        }
        for (String m : JOURNAL_META) {
            if (s.startsWith(m, 3)) {
                return !hasLineTerminator(s, 3 + m.length());
            }
        }
        return false;
    }

    // ^<(\d{1,3})>  (find)
    static String[] level(String s) {
        int e = s.startsWith("<") ? boundedDigitsEnd(s, 1, 1, 3) : -1;
        return e >= 0 && s.startsWith(">", e) ? new String[] {s.substring(1, e)} : null;
    }

    // ^\[\s{0,12}(\d{1,10})\.(\d{1,9})\]\s?(.*)$  (DOTALL)
    static String[] monotonic(String s) {
        if (!s.startsWith("[")) {
            return null;
        }
        int a = blankEnd(s, 1);
        int e = a - 1 <= 12 ? boundedDigitsEnd(s, a, 1, 10) : -1;
        int f = e >= 0 && s.startsWith(".", e) ? boundedDigitsEnd(s, e + 1, 1, 9) : -1;
        if (f < 0 || !s.startsWith("]", f)) {
            return null;
        }
        return new String[] {s.substring(a, e), s.substring(e + 1, f), s.substring(optionalBlank(s, f + 1))};
    }

    // ^(\S+) kernel: ?(.*)$  (DOTALL)
    static String[] hostKernel(String s) {
        int e = nonBlankEnd(s, 0);
        if (e == 0 || !s.startsWith(" kernel:", e)) {
            return null;
        }
        int r = s.startsWith(" ", e + 8) ? e + 9 : e + 8;
        return new String[] {s.substring(0, e), s.substring(r)};
    }

    // ^\[((?:Mon|...|Sun) (?:Jan|...|Dec) [ \d]\d \d\d:\d\d:\d\d \d{4})\]\s?(.*)$  (DOTALL)
    static String[] ctime(String s) {
        if (s.length() < 26 || s.charAt(0) != '[' || !oneOf(DAYS, s, 1) || s.charAt(4) != ' ' || !oneOf(MONTHS, s, 5)
                || s.charAt(8) != ' ' || !(s.charAt(9) == ' ' || isDigit(s.charAt(9))) || !isDigit(s.charAt(10)) || s.charAt(11) != ' '
                || !clock(s, 12) || s.charAt(20) != ' ' || boundedDigitsEnd(s, 21, 4, 4) != 25 || s.charAt(25) != ']') {
            return null;
        }
        return new String[] {s.substring(1, 25), s.substring(optionalBlank(s, 26))};
    }

    // ^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d,\d{1,9}(?:Z|[+-]\d\d:?\d\d)?) (.*)$  (DOTALL)
    static String[] isoDmesg(String s) {
        int f = isoDateTime(s) && s.startsWith(",", 19) ? boundedDigitsEnd(s, 20, 1, 9) : -1;
        int e = f >= 0 ? zoneEnd(s, f) : -1;
        if (e < 0 || !s.startsWith(" ", e)) {
            return null;
        }
        return new String[] {s.substring(0, e), s.substring(e + 1)};
    }

    // ^((?:Jan|...|Dec) [ \d]?\d \d\d:\d\d:\d\d(?:\.\d{1,9})?) PROGRAM$  (DOTALL; [ \d]? takes a character when a digit follows it)
    static String[] syslog(String s) {
        if (s.length() < 6 || !oneOf(MONTHS, s, 0) || s.charAt(3) != ' ') {
            return null;
        }
        int t;
        if ((s.charAt(4) == ' ' || isDigit(s.charAt(4))) && isDigit(s.charAt(5))) {
            t = 6;
        } else if (isDigit(s.charAt(4))) {
            t = 5;
        } else {
            return null;
        }
        int e = s.startsWith(" ", t) && s.length() >= t + 9 && clock(s, t + 1) ? fractionEnd(s, t + 9) : -1;
        return e >= 0 ? program(s, e) : null;
    }

    // ^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:?\d\d)?) PROGRAM$  (DOTALL)
    static String[] isoSyslog(String s) {
        int f = isoDateTime(s) ? fractionEnd(s, 19) : -1;
        int e = f >= 0 ? zoneEnd(s, f) : -1;
        return e >= 0 ? program(s, e) : null;
    }

    // ^((?:Mon|...|Sun) \d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,9})? \S+) PROGRAM$  (DOTALL)
    static String[] full(String s) {
        if (s.length() < 23 || !oneOf(DAYS, s, 0) || s.charAt(3) != ' ' || !date(s, 4) || s.charAt(14) != ' ' || !clock(s, 15)) {
            return null;
        }
        int f = fractionEnd(s, 23);
        int z = f >= 0 && s.startsWith(" ", f) ? nonBlankEnd(s, f + 1) : -1;
        return z > f + 1 ? program(s, z) : null;
    }

    // ^(\d{9,11}\.\d{1,9}) PROGRAM$  (DOTALL)
    static String[] unix(String s) {
        int i = boundedDigitsEnd(s, 0, 9, 11);
        int e = i >= 0 && s.startsWith(".", i) ? boundedDigitsEnd(s, i + 1, 1, 9) : -1;
        return e >= 0 ? program(s, e) : null;
    }

    /**
     * The groups of a syslog-like line whose stamp (group 1) is s[0, at) when PROGRAM follows there:
     * {@code  (\S+) ([^\s:\[]+)(?:\[\d{1,10}\])?: ?(.*)} (host, program, message).
     */
    private static String[] program(String s, int at) {
        if (!s.startsWith(" ", at)) {
            return null;
        }
        int h = nonBlankEnd(s, at + 1);
        if (h == at + 1 || !s.startsWith(" ", h)) {
            return null;
        }
        int p = h + 1;
        while (p < s.length() && !isBlank(s.charAt(p)) && s.charAt(p) != ':' && s.charAt(p) != '[') {
            p++;
        }
        if (p == h + 1) {
            return null;
        }
        int c = p;
        if (s.startsWith("[", p)) {
            int d = boundedDigitsEnd(s, p + 1, 1, 10);
            c = d >= 0 && s.startsWith("]", d) ? d + 1 : p;
        }
        if (!s.startsWith(":", c)) {
            return null;
        }
        int r = s.startsWith(" ", c + 1) ? c + 2 : c + 1;
        return new String[] {s.substring(0, at), s.substring(at + 1, h), s.substring(h + 1, p), s.substring(r)};
    }

    /** \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d at the start. */
    private static boolean isoDateTime(String s) {
        return s.length() >= 19 && date(s, 0) && s.charAt(10) == 'T' && clock(s, 11);
    }

    /** \d{4}-\d\d-\d\d at {@code at} (10 characters, which the caller made sure of). */
    private static boolean date(String s, int at) {
        return isDigit(s.charAt(at)) && isDigit(s.charAt(at + 1)) && isDigit(s.charAt(at + 2)) && isDigit(s.charAt(at + 3))
                && s.charAt(at + 4) == '-' && isDigit(s.charAt(at + 5)) && isDigit(s.charAt(at + 6)) && s.charAt(at + 7) == '-'
                && isDigit(s.charAt(at + 8)) && isDigit(s.charAt(at + 9));
    }

    /** \d\d:\d\d:\d\d at {@code at} (8 characters, which the caller made sure of). */
    private static boolean clock(String s, int at) {
        return isDigit(s.charAt(at)) && isDigit(s.charAt(at + 1)) && s.charAt(at + 2) == ':' && isDigit(s.charAt(at + 3))
                && isDigit(s.charAt(at + 4)) && s.charAt(at + 5) == ':' && isDigit(s.charAt(at + 6)) && isDigit(s.charAt(at + 7));
    }

    /** After an optional (?:\.\d{1,9}) at {@code at}; -1 when a '.' there starts no such fraction (then nothing can follow). */
    private static int fractionEnd(String s, int at) {
        return s.startsWith(".", at) ? boundedDigitsEnd(s, at + 1, 1, 9) : at;
    }

    /** After an optional (?:Z|[+-]\d\d:?\d\d) at {@code at}; a broken zone is left to the caller's next test to fail. */
    private static int zoneEnd(String s, int at) {
        if (s.startsWith("Z", at)) {
            return at + 1;
        }
        if (s.startsWith("+", at) || s.startsWith("-", at)) {
            int i = at + 1;
            if (i + 2 <= s.length() && isDigit(s.charAt(i)) && isDigit(s.charAt(i + 1))) {
                i += s.startsWith(":", i + 2) ? 3 : 2;
                if (i + 2 <= s.length() && isDigit(s.charAt(i)) && isDigit(s.charAt(i + 1))) {
                    return i + 2;
                }
            }
        }
        return at;
    }

    private static boolean oneOf(String[] words, String s, int at) {
        for (String w : words) {
            if (s.startsWith(w, at)) {
                return true;
            }
        }
        return false;
    }

    /** After one optional regex blank (\s?) at {@code at}. */
    private static int optionalBlank(String s, int at) {
        return at < s.length() && isBlank(s.charAt(at)) ? at + 1 : at;
    }
}
