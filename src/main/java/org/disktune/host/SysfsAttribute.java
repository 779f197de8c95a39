package org.disktune.host;

import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The sysfs attributes disktune may write, and how a value is read from one. Writes go only to the attributes the settings
 * table names ({@link WritableAttributes}): {@code /sys/block/NAME/ATTRIBUTE} for those of any block device (NAME of
 * {@code [A-Za-z0-9._:-]}, not "." or ".."), {@code /sys/block/mdN/ATTRIBUTE} for those of md arrays, with a value of 1 to 64
 * printable ASCII characters without whitespace; anything else is a bug in the caller. Without a table on the class path
 * nothing is writable.
 */
final class SysfsAttribute {
    static final String SCHEDULER = "queue/scheduler";

    private static final Pattern VALUE = Pattern.compile("[\\x21-\\x7e]{1,64}");

    /** The allow-list, built once from the table on the first write (a read-only command never loads it). */
    private static final class Writable {
        static final Pattern PATTERN = pattern(ServiceLoader.load(WritableAttributes.class, SysfsAttribute.class.getClassLoader())
                .findFirst());

        static Pattern pattern(Optional<WritableAttributes> table) {
            if (table.isEmpty()) {
                return Pattern.compile("(?!)");
            }
            return Pattern.compile("/sys/block/(?!\\.{1,2}/)[A-Za-z0-9._:-]+/" + alternatives(table.get().ofBlockDevices())
                    + "|/sys/block/md[0-9]+/" + alternatives(table.get().ofMdArrays()));
        }

        private static String alternatives(List<String> attributes) {
            return attributes.isEmpty() ? "(?!)" : attributes.stream().map(Pattern::quote).collect(Collectors.joining("|", "(?:", ")"));
        }
    }

    private SysfsAttribute() {
    }

    /** Throws IllegalArgumentException unless {@code machinePath} is on the allow-list and {@code value} is plain. */
    static void requireWritable(String machinePath, String value) {
        if (machinePath == null || !Writable.PATTERN.matcher(machinePath).matches()) {
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
