package org.disktune.kernel;

import static org.disktune.kernel.LineGroups.first;
import static org.disktune.kernel.LineGroups.whole;

import java.util.regex.Pattern;

/**
 * The line formats {@link KernelLogLineNormalizer} takes off: journal separators, levels, dmesg stamps, syslog and
 * journalctl prefixes. Each reader gives the groups 1..n of its pattern, or null where it does not match the whole
 * line. Most are DOTALL, so their {@code (.*)$} is the rest of the line whatever it holds.
 */
final class LogLineFormats {
    private LogLineFormats() {
    }

    private static final String MONTH = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
    private static final String DAY = "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)";
    /** After a syslog-like stamp: host, program, message. */
    private static final String PROGRAM = " (\\S+) ([^\\s:\\[]+)(?:\\[\\d{1,10}\\])?: ?(.*)$";

    /** The patterns, compiled when a reader is first used. */
    private static final class Patterns {
        static final Pattern JOURNAL_BOOT = Pattern.compile("^-- (?:Boot [0-9a-f]{1,64}|Reboot) --\\s*$");
        static final Pattern JOURNAL_META = Pattern.compile(
                "^-- (?:Logs begin|Logs end|Journal begins|Journal ends|No entries|Subject|Defined-By).*");
        static final Pattern LEVEL = Pattern.compile("^<(\\d{1,3})>");
        static final Pattern MONOTONIC = Pattern.compile("^\\[\\s{0,12}(\\d{1,10})\\.(\\d{1,9})\\]\\s?(.*)$", Pattern.DOTALL);
        static final Pattern HOST_KERNEL = Pattern.compile("^(\\S+) kernel: ?(.*)$", Pattern.DOTALL);
        static final Pattern CTIME = Pattern.compile("^\\[(" + DAY + " " + MONTH + " [ \\d]\\d \\d\\d:\\d\\d:\\d\\d \\d{4})\\]\\s?(.*)$",
                Pattern.DOTALL);
        static final Pattern ISO_DMESG = Pattern.compile("^(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d,\\d{1,9}(?:Z|[+-]\\d\\d:?\\d\\d)?) (.*)$",
                Pattern.DOTALL);
        static final Pattern SYSLOG = Pattern.compile("^(" + MONTH + " [ \\d]?\\d \\d\\d:\\d\\d:\\d\\d(?:\\.\\d{1,9})?)" + PROGRAM, Pattern.DOTALL);
        static final Pattern ISO_SYSLOG = Pattern.compile("^(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(?:\\.\\d{1,9})?(?:Z|[+-]\\d\\d:?\\d\\d)?)"
                + PROGRAM, Pattern.DOTALL);
        static final Pattern FULL = Pattern.compile("^(" + DAY + " \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d(?:\\.\\d{1,9})? \\S+)" + PROGRAM,
                Pattern.DOTALL);
        static final Pattern UNIX = Pattern.compile("^(\\d{9,11}\\.\\d{1,9})" + PROGRAM, Pattern.DOTALL);
    }

    /** journalctl's {@code -- Boot ID --} or {@code -- Reboot --}. */
    static boolean journalBoot(String s) {
        return Patterns.JOURNAL_BOOT.matcher(s).matches();
    }

    /** journalctl's headers ({@code -- Logs begin at ...}, {@code -- No entries --}). */
    static boolean journalMeta(String s) {
        return Patterns.JOURNAL_META.matcher(s).matches();
    }

    /** The {@code <6>} level at the start: its digits. */
    static String[] level(String s) {
        return first(Patterns.LEVEL, s);
    }

    /** {@code [    4.620129] message}: seconds, fraction, message. */
    static String[] monotonic(String s) {
        return whole(Patterns.MONOTONIC, s);
    }

    /** journalctl short-monotonic's rest {@code host kernel: message}: host, message. */
    static String[] hostKernel(String s) {
        return whole(Patterns.HOST_KERNEL, s);
    }

    /** dmesg -T's {@code [Mon Nov 30 11:00:00 2026] message}: time, message. */
    static String[] ctime(String s) {
        return whole(Patterns.CTIME, s);
    }

    /** util-linux dmesg's {@code --time-format iso}: time, message. */
    static String[] isoDmesg(String s) {
        return whole(Patterns.ISO_DMESG, s);
    }

    /** A syslog file's {@code Nov 30 11:00:00 host kernel: message}: time, host, program, message. */
    static String[] syslog(String s) {
        return whole(Patterns.SYSLOG, s);
    }

    /** journalctl short-iso (and rsyslog's RFC 3339 stamps): time, host, program, message. */
    static String[] isoSyslog(String s) {
        return whole(Patterns.ISO_SYSLOG, s);
    }

    /** journalctl short-full: time with zone, host, program, message. */
    static String[] full(String s) {
        return whole(Patterns.FULL, s);
    }

    /** journalctl short-unix: time, host, program, message. */
    static String[] unix(String s) {
        return whole(Patterns.UNIX, s);
    }
}
