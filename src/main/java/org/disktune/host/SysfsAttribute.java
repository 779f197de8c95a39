package org.disktune.host;

import java.util.regex.Pattern;

/**
 * The sysfs attributes disktune may write, and how a value is read from one. Writes go only to
 * {@code /sys/block/NAME/queue/{scheduler,read_ahead_kb,nr_requests}}, {@code /sys/block/NAME/device/queue_depth}
 * and {@code /sys/block/mdN/md/stripe_cache_size} (NAME of {@code [A-Za-z0-9._:-]}, not "." or ".."), with a
 * value of 1 to 64 printable ASCII characters without whitespace; anything else is a bug in the caller.
 */
final class SysfsAttribute {
    static final String SCHEDULER = "queue/scheduler";

    private static final Pattern WRITABLE = Pattern.compile(
            "/sys/block/(?!\\.{1,2}/)[A-Za-z0-9._:-]+/(queue/scheduler|queue/read_ahead_kb|queue/nr_requests|device/queue_depth)"
                    + "|/sys/block/md[0-9]+/md/stripe_cache_size");
    private static final Pattern VALUE = Pattern.compile("[\\x21-\\x7e]{1,64}");

    private SysfsAttribute() {
    }

    /** Throws IllegalArgumentException unless {@code machinePath} is on the allow-list and {@code value} is plain. */
    static void requireWritable(String machinePath, String value) {
        if (machinePath == null || !WRITABLE.matcher(machinePath).matches()) {
            throw new IllegalArgumentException("not a sysfs attribute disktune writes: " + machinePath);
        }
        if (value == null || !VALUE.matcher(value).matches()) {
            throw new IllegalArgumentException("not a plain sysfs value for " + machinePath + ": " + value);
        }
    }

    /** Throws IllegalArgumentException unless {@code machinePath} is a path under /sys. */
    static void requireReadable(String machinePath) {
        if (machinePath == null || !machinePath.startsWith("/sys/") || machinePath.contains("/../") || machinePath.endsWith("/..")) {
            throw new IllegalArgumentException("not a sysfs attribute path: " + machinePath);
        }
    }

    /** The active value in an attribute's content: the bracketed name of a choice list, else the content stripped. */
    static String activeValue(String content) {
        int open = content.indexOf('[');
        int close = content.indexOf(']', open + 1);
        if (open >= 0 && close > open) {
            return content.substring(open + 1, close);
        }
        return content.strip();
    }
}
