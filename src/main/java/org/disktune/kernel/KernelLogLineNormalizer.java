package org.disktune.kernel;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Takes the format off one line of a kernel log, whatever wrote it: plain dmesg with or without
 * {@code [    4.620129]} stamps (and the {@code <6>} level of {@code dmesg -r} and klogctl), {@code dmesg -T},
 * util-linux {@code --time-format iso}, journalctl short / short-precise / short-iso / short-full /
 * short-monotonic / short-unix, syslog files (kern.log, messages; other programs' lines are dropped),
 * /var/log/dmesg of old distributions, raw /dev/kmsg records (their indented dictionary lines are
 * dropped) and serial-console captures (CR line ends, junk lines pass as messages no parser matches).
 *
 * <p>One instance per log: it remembers whether the previous line was a /dev/kmsg record. It never
 * throws; a line it cannot read is returned as a plain message.
 */
public final class KernelLogLineNormalizer {
    /** The /dev/kmsg record form: priority, sequence, microseconds, flags and fields, then the message (anything). */
    static final String KMSG_REGEX = "^(\\d{1,3}),(\\d{1,20}),(\\d{1,20}),[^;]{0,200};(.*)$";

    /** The /dev/kmsg record pattern, compiled when a line that starts with a digit first comes. */
    private static final class Kmsg {
        static final Pattern RECORD = Pattern.compile(KMSG_REGEX, Pattern.DOTALL);
    }

    private boolean previousWasKmsg;
    private long stampMicros;
    private int messageFrom;

    /**
     * A /dev/kmsg record handed over as ASCII bytes ({@code bytes[from, to)}, no newline): when
     * {@link #normalize} would give {@code message(stampMicros(), null, message)} with the message at
     * {@code bytes[messageFrom(), to)} unchanged, this returns true having made the same change of state; otherwise
     * (not a record by {@link #kmsg}'s reading, a time of more than 18 digits, a backslash that may start an escape,
     * a carriage return) false, changing nothing.
     */
    boolean kmsgAscii(byte[] b, int from, int to) {
        for (int k = from; k < to; k++) {
            if (b[k] == '\\' || b[k] == '\r') {
                return false;
            }
        }
        int i = from;
        long micros = 0;
        for (int field = 0; field < 3; field++) {
            int start = i;
            long value = 0;
            while (i < to && i - start <= 20 && b[i] >= '0' && b[i] <= '9') {
                value = value * 10 + (b[i] - '0');
                i++;
            }
            int digits = i - start;
            if (digits == 0 || digits > (field == 0 ? 3 : 20) || i >= to || b[i] != ',') {
                return false;
            }
            if (field == 2) {
                if (digits > 18) {
                    return false;
                }
                micros = value;
            }
            i++;
        }
        int fieldsStart = i;
        while (i < to && b[i] != ';') {
            if (i - fieldsStart >= 200) {
                return false;
            }
            i++;
        }
        if (i >= to) {
            return false;
        }
        previousWasKmsg = true;
        stampMicros = micros;
        messageFrom = i + 1;
        return true;
    }

    /** The monotonic time of the last record {@link #kmsgAscii} took. */
    long stampMicros() {
        return stampMicros;
    }

    /** Where the message of the last record {@link #kmsgAscii} took starts. */
    int messageFrom() {
        return messageFrom;
    }

    /** The bytes of ASCII text. */
    static byte[] ascii(String text) {
        return text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    /** True when bytes[at, to) starts with {@code prefix} (false when {@code at} is before 0). */
    static boolean startsWith(byte[] b, int at, int to, byte[] prefix) {
        int n = prefix.length;
        if (at < 0 || to - at < n) {
            return false;
        }
        for (int k = 0; k < n; k++) {
            if (b[at + k] != prefix[k]) {
                return false;
            }
        }
        return true;
    }

    /** The line's message and times; empty for lines that are not kernel messages (other programs, kmsg dictionaries, journal headers). */
    public Optional<KernelLogLine> normalize(String raw) {
        if (raw == null) {
            return Optional.empty();
        }
        String line = stripLineEnd(raw);
        if (previousWasKmsg && line.startsWith(" ")) {
            return Optional.empty(); // /dev/kmsg dictionary: " SUBSYSTEM=pci"
        }
        int[] record = startsWithDigit(line) ? kmsg(line) : null;
        if (record != null) {
            previousWasKmsg = true;
            return Optional.of(KernelLogLine.message(micros(line.substring(record[0], record[1])), null,
                    unescapeKmsg(line.substring(record[2]))));
        }
        previousWasKmsg = false;
        if (line.startsWith("-- ")) {
            if (LogLineFormats.journalBoot(line)) {
                return Optional.of(KernelLogLine.bootSeparator(line.trim()));
            }
            if (LogLineFormats.journalMeta(line)) {
                return Optional.empty();
            }
        }
        line = stripLevel(line);
        String[] g;
        if ((g = LogLineFormats.monotonic(line)) != null) {
            Long mono = micros(g[0], g[1]);
            String rest = g[2];
            String[] k = rest.contains(" kernel:") ? LogLineFormats.hostKernel(rest) : null;
            if (k != null) { // journalctl -o short-monotonic
                return Optional.of(KernelLogLine.message(mono, null, stripLevel(k[1])));
            }
            return Optional.of(KernelLogLine.message(mono, null, rest));
        }
        if ((g = LogLineFormats.ctime(line)) != null) {
            return Optional.of(KernelLogLine.message(null, g[0], stripLevel(g[1])));
        }
        if ((g = LogLineFormats.isoDmesg(line)) != null) {
            return Optional.of(KernelLogLine.message(null, g[0], g[1]));
        }
        if ((g = LogLineFormats.syslog(line)) != null || (g = LogLineFormats.isoSyslog(line)) != null
                || (g = LogLineFormats.full(line)) != null || (g = LogLineFormats.unix(line)) != null) {
            return program(g[0], g[2], g[3]);
        }
        return Optional.of(KernelLogLine.message(null, null, line));
    }

    private static Optional<KernelLogLine> program(String wallClock, String program, String rest) {
        if (!program.equals("kernel")) {
            return Optional.empty();
        }
        String text = stripLevel(rest);
        String[] g = LogLineFormats.monotonic(text);
        if (g != null) { // kern.log: "kernel: [    4.620129] ata3.00: ..."
            return Optional.of(KernelLogLine.message(micros(g[0], g[1]), wallClock, g[2]));
        }
        return Optional.of(KernelLogLine.message(null, wallClock, text));
    }

    /**
     * A /dev/kmsg record ({@code PRIO,SEQ,MICROS,FLAGS[,...];MESSAGE}) as {@link #KMSG_REGEX} reads it: {start, end}
     * of the MICROS digits and the message's start, or null when the line is not of that form.
     */
    static int[] kmsg(String line) {
        Matcher m = Kmsg.RECORD.matcher(line);
        return m.matches() ? new int[] {m.start(3), m.end(3), m.start(4)} : null;
    }

    private static String stripLineEnd(String raw) {
        int end = raw.length();
        while (end > 0 && (raw.charAt(end - 1) == '\r' || raw.charAt(end - 1) == '\n')) {
            end--;
        }
        int start = 0;
        while (start < end && raw.charAt(start) == '\r') {
            start++;
        }
        return raw.substring(start, end);
    }

    private static boolean startsWithDigit(String s) {
        return !s.isEmpty() && s.charAt(0) >= '0' && s.charAt(0) <= '9';
    }

    private static String stripLevel(String s) {
        if (!s.startsWith("<")) {
            return s;
        }
        String[] g = LogLineFormats.level(s); // ^<(\d{1,3})>
        return g != null ? s.substring(g[0].length() + 2) : s;
    }

    private static Long micros(String seconds, String fraction) {
        // the fraction's first six digits, right-padded with zeros (both are ASCII digits: the patterns say so)
        long f = 0;
        for (int i = 0; i < 6; i++) {
            f = f * 10 + (i < fraction.length() ? fraction.charAt(i) - '0' : 0);
        }
        return Long.parseLong(seconds) * 1_000_000L + f;
    }

    private static Long micros(String digits) {
        return digits.length() > 18 ? null : Long.valueOf(digits);
    }

    /** /dev/kmsg escapes non-printable bytes (and backslashes) as \xNN. */
    private static String unescapeKmsg(String s) {
        if (s.indexOf("\\x") < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length() && s.charAt(i + 1) == 'x' && hex(s, i + 2) >= 0) {
                b.append((char) hex(s, i + 2));
                i += 3;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static int hex(String s, int at) {
        if (at + 2 > s.length()) {
            return -1;
        }
        int hi = Character.digit(s.charAt(at), 16);
        int lo = Character.digit(s.charAt(at + 1), 16);
        return hi < 0 || lo < 0 ? -1 : hi * 16 + lo;
    }
}
