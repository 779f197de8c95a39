package org.disktune.kernel;

/**
 * One kernel-log line after its format has been taken off: the kernel's message text and, when the
 * format carried them, the monotonic time since boot in microseconds ({@code [    4.620129]}, kmsg,
 * journalctl short-monotonic) and the wall-clock time as written ({@code dmesg -T}, syslog,
 * journalctl short/iso).
 */
public record KernelLogLine(Kind kind, Long monotonicMicros, String wallClock, String message) {

    /** What the line is. */
    public enum Kind {
        /** A kernel message. */
        MESSAGE,
        /** A journal separator between boots ({@code -- Boot 3f2c... --}, {@code -- Reboot --}). */
        BOOT_SEPARATOR
    }

    public static KernelLogLine message(Long monotonicMicros, String wallClock, String message) {
        return new KernelLogLine(Kind.MESSAGE, monotonicMicros, wallClock, message);
    }

    public static KernelLogLine bootSeparator(String text) {
        return new KernelLogLine(Kind.BOOT_SEPARATOR, null, null, text);
    }
}
