package org.disktune.kernel;

/**
 * Finds where a new boot starts in a stream of kernel lines: a journal separator, a
 * {@code Linux version ...} line, or a monotonic time stamp falling back to about zero. Several signs
 * at one start (separator, then the version line at 0.000000) count once.
 */
final class BootStartDetector {
    private static final long EARLY_MICROS = 1_000_000L;
    private static final long BACKWARDS_MICROS = 500_000L;

    private boolean hasLastMonotonic;
    private long lastMonotonic;
    private long messagesInSegment;
    private boolean segmentStartedBySign;
    private boolean segmentSawVersion;
    private boolean segmentSawLateStamp;

    static boolean isLinuxVersion(String message) {
        return message.startsWith("Linux version ") && ScsiIdeLineParsers.version(message) != null; // ^Linux version \S+ .*
    }

    /** True when this line begins a new boot segment (the caller then starts a new boot before handling it). */
    boolean startsNewBoot(KernelLogLine line) {
        if (line.kind() == KernelLogLine.Kind.BOOT_SEPARATOR) {
            boolean fresh = messagesInSegment == 0;
            startSegment();
            return !fresh;
        }
        Long mono = line.monotonicMicros();
        return startsNewBoot(mono != null, mono == null ? 0 : mono, isLinuxVersion(line.message()));
    }

    /**
     * The same for a message line given by its parts: whether it has a monotonic time, that time, and whether the
     * message is a {@code Linux version} line ({@link #isLinuxVersion}).
     */
    boolean startsNewBoot(boolean hasMono, long mono, boolean version) {
        boolean reset = hasMono && hasLastMonotonic && mono < EARLY_MICROS && lastMonotonic - mono > BACKWARDS_MICROS;
        boolean startNew = false;
        if (version || reset) {
            boolean fresh = messagesInSegment == 0
                    || (segmentStartedBySign && !segmentSawVersion && !segmentSawLateStamp && !(version && segmentSawVersion));
            if (!fresh) {
                startSegment();
                startNew = true;
            } else if (messagesInSegment == 0) {
                segmentStartedBySign = true;
            }
        }
        messagesInSegment++;
        if (version) {
            segmentSawVersion = true;
        }
        if (hasMono) {
            if (mono >= EARLY_MICROS) {
                segmentSawLateStamp = true;
            }
            lastMonotonic = mono;
            hasLastMonotonic = true;
        }
        return startNew;
    }

    private void startSegment() {
        messagesInSegment = 0;
        segmentStartedBySign = true;
        segmentSawVersion = false;
        segmentSawLateStamp = false;
        hasLastMonotonic = false;
    }
}
