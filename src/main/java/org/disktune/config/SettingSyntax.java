package org.disktune.config;

import java.math.BigInteger;
import java.util.regex.Pattern;

/**
 * The syntax of each {@link Setting}'s value and its canonical form: numbers in their range written as
 * plain decimals, switches as on/off or yes/no, the Linux 2.6 scheduler names with their blk-mq successors as the
 * canonical value (anticipatory has none). Whether a device offers a value (a 2.6 name the kernel still offers is
 * written as is, else the successor, with a note; a queue depth beyond its maximum) is for the planner, which sees
 * the machine.
 */
public final class SettingSyntax {
    private static final class Patterns {
        static final Pattern SCHEDULER_NAME = Pattern.compile("[a-z0-9_-]{1,32}");
        static final Pattern DIGITS = Pattern.compile("[0-9]+");
    }

    /** A scheduler name as queue/scheduler shows it, at most 32 characters. */
    static boolean isSchedulerName(String s) {
        return Patterns.SCHEDULER_NAME.matcher(s).matches();
    }

    /** A whole number however many digits it has. */
    static boolean isDigits(String s) {
        return Patterns.DIGITS.matcher(s).matches();
    }

    private SettingSyntax() {
    }

    /** What a value as written comes to: accepted in canonical form (maybe with a warning), or rejected. */
    public sealed interface Outcome {
        /** The canonical value, and a warning (null when none) that does not stop it from being used. */
        record Accepted(String value, String warning) implements Outcome {
        }

        /** Why the value is refused, naming the key, the value and what is accepted. */
        record Rejected(String message) implements Outcome {
        }
    }

    /** What {@code written} comes to for {@code setting}: its row's rule decides. */
    public static Outcome check(Setting setting, String written) {
        return setting.syntax().check(setting.key(), written);
    }

    /**
     * The syntax of one setting's value, given by its row in {@link Setting}: how a value as written is checked and made
     * canonical, and what a value read back from the machine means (so that {@code read_ahead_kb} "01024" is 1024 and
     * {@code write_cache} 1 is on).
     */
    public sealed interface Rule {
        Outcome check(String key, String written);

        /** The meaning of a value, written or read back: a whole number without leading zeros, else the value stripped. */
        default String meaning(String value) {
            String v = value.strip();
            try {
                return Long.toString(Long.parseLong(v));
            } catch (NumberFormatException e) {
                return v;
            }
        }

        /** True when the kernel takes a value (else the setting is read-only and only its reading is of use). */
        default boolean writable() {
            return true;
        }
    }

    /** A whole number from {@code min} to {@code max}, {@code unit} saying what it counts (and anything else to know). */
    public static Rule range(long min, long max, String unit) {
        return new Range(min, max, unit);
    }

    /** A switch: on/off, yes/no or 1/0 as written, {@code yes} or {@code no} as canonical. */
    public static Rule onOff(String yes, String no) {
        return new Switch(yes, no);
    }

    /** One of these words, as written. */
    public static Rule oneOf(String... accepted) {
        return new OneOf(java.util.List.of(accepted));
    }

    /** A value the kernel shows but does not take: refused, with {@code why} saying what to set instead. */
    public static Rule readOnly(String why) {
        return new ReadOnly(why);
    }

    record Range(long min, long max, String unit) implements Rule {
        @Override
        public Outcome check(String key, String written) {
            return range(key, written, min, max, unit);
        }
    }

    record Switch(String yes, String no) implements Rule {
        @Override
        public Outcome check(String key, String written) {
            return onOff(key, written, yes, no);
        }

        @Override
        public String meaning(String value) {
            return switch (value.strip().toLowerCase(java.util.Locale.ROOT)) {
                case "1", "on", "yes", "true" -> "1";
                case "0", "off", "no", "false" -> "0";
                default -> value.strip();
            };
        }
    }

    record OneOf(java.util.List<String> accepted) implements Rule {
        @Override
        public Outcome check(String key, String written) {
            return oneOf(key, written, accepted.toArray(String[]::new));
        }
    }

    /** A scheduler name; the 2.6 names noop, deadline and cfq become their blk-mq successors. */
    record SchedulerName() implements Rule {
        @Override
        public Outcome check(String key, String written) {
            return scheduler(written);
        }
    }

    /** An acoustic level: 0 (off) or 128 to 254. */
    record AcousticLevel() implements Rule {
        @Override
        public Outcome check(String key, String written) {
            return acoustic(written);
        }
    }

    record ReadOnly(String why) implements Rule {
        @Override
        public Outcome check(String key, String written) {
            return new Outcome.Rejected(key + " is read-only: " + why);
        }

        @Override
        public boolean writable() {
            return false;
        }
    }

    private static Outcome scheduler(String written) {
        return switch (written) {
            case "noop" -> new Outcome.Accepted("none", null);
            case "deadline" -> new Outcome.Accepted("mq-deadline", null);
            case "cfq" -> new Outcome.Accepted("bfq", null);
            default -> isSchedulerName(written) ? new Outcome.Accepted(written, null)
                    : new Outcome.Rejected("scheduler = " + written + " is not a scheduler name; use one the disk offers in "
                            + "queue/scheduler, such as none, mq-deadline, bfq or kyber");
        };
    }

    /** The value of a whole number of any length, or -1 when it is beyond every range (no long holds it). */
    private static long wholeNumber(String digits) {
        BigInteger v = new BigInteger(digits);
        return v.bitLength() < Long.SIZE ? v.longValue() : -1;
    }

    private static Outcome range(String key, String written, long min, long max, String unit) {
        if (isDigits(written)) {
            long v = wholeNumber(written);
            if (v >= min && v <= max) {
                return new Outcome.Accepted(Long.toString(v), null);
            }
            return new Outcome.Rejected(key + " = " + written + " is out of range; use a whole number from " + min + " to " + max + " " + unit);
        }
        return new Outcome.Rejected(key + " = " + written + " is not a whole number; use one from " + min + " to " + max + " " + unit);
    }

    private static Outcome acoustic(String written) {
        if (isDigits(written)) {
            long v = wholeNumber(written);
            if (v == 0 || v >= 128 && v <= 254) {
                return new Outcome.Accepted(Long.toString(v), null);
            }
        }
        return new Outcome.Rejected("acoustic = " + written + " is not an acoustic level; use 0 (off) or 128 (quiet) to 254 (fast)");
    }

    private static Outcome oneOf(String key, String written, String... accepted) {
        for (String a : accepted) {
            if (a.equals(written)) {
                return new Outcome.Accepted(a, null);
            }
        }
        return new Outcome.Rejected(key + " = " + written + " is not accepted; use " + String.join(", ", accepted));
    }

    private static Outcome onOff(String key, String written, String yes, String no) {
        Boolean b = parseSwitch(written);
        if (b == null) {
            return new Outcome.Rejected(key + " = " + written + " is not a switch; use " + yes + " or " + no
                    + " (on/off, yes/no and 1/0 are accepted)");
        }
        return new Outcome.Accepted(b ? yes : no, null);
    }

    /** on/off, yes/no, 1/0 (any case); null for anything else. */
    static Boolean parseSwitch(String written) {
        return switch (written.toLowerCase(java.util.Locale.ROOT)) {
            case "on", "yes", "1" -> Boolean.TRUE;
            case "off", "no", "0" -> Boolean.FALSE;
            default -> null;
        };
    }
}
