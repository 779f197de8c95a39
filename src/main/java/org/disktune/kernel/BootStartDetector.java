package org.disktune.kernel;

/**
 * Finds where a new boot starts in a stream of kernel lines: a journal separator, a
 * {@code Linux version ...} line, or a monotonic time stamp falling back to about zero. Several signs
 * at one start (separator, then the version line at 0.000000) count once. The lines start_kernel prints before the
 * version line ({@link #isPreamble}: cgroup_init_early's {@code Initializing cgroup subsys cpuset} on 2.6.24 to 4.x,
 * as RHEL 6's unstamped /var/log/dmesg begins; ARM's {@code Booting Linux on physical CPU 0x0}) belong to the boot
 * the version line starts: they are no sign of their own (cgroup_init prints more such lines after the banner).
 */
final class BootStartDetector {
    private static final long EARLY_MICROS = 1_000_000L;
    private static final long BACKWARDS_MICROS = 500_000L;
    private static final String CGROUP = "Initializing cgroup subsys ";
    private static final String ARM_CPU = "Booting Linux on physical CPU ";
    private static final byte[] CGROUP_BYTES = KernelLogLineNormalizer.ascii(CGROUP);
    private static final byte[] ARM_CPU_BYTES = KernelLogLineNormalizer.ascii(ARM_CPU);

    private boolean hasLastMonotonic;
    private long lastMonotonic;
    private long messagesInSegment;
    private boolean segmentStartedBySign;
    private boolean segmentSawVersion;
    private boolean segmentSawLateStamp;
    private boolean segmentOnlyPreamble;

    static boolean isLinuxVersion(String message) {
        return message.startsWith("Linux version ") && ScsiIdeLineParsers.version(message) != null; // ^Linux version \S+ .*
    }

    /** A line start_kernel prints before the {@code Linux version} line. */
    static boolean isPreamble(String message) {
        return message.startsWith(CGROUP) || message.startsWith(ARM_CPU);
    }

    /** The same for the ASCII message {@code b[at, to)}. */
    static boolean isPreamble(byte[] b, int at, int to) {
        return KernelLogLineNormalizer.startsWith(b, at, to, CGROUP_BYTES) || KernelLogLineNormalizer.startsWith(b, at, to, ARM_CPU_BYTES);
    }

    /** True when this line begins a new boot segment (the caller then starts a new boot before handling it). */
    boolean startsNewBoot(KernelLogLine line) {
        if (line.kind() == KernelLogLine.Kind.BOOT_SEPARATOR) {
            boolean fresh = messagesInSegment == 0;
            startSegment();
            return !fresh;
        }
        Long mono = line.monotonicMicros();
        return startsNewBoot(mono != null, mono == null ? 0 : mono, isLinuxVersion(line.message()), isPreamble(line.message()));
    }

    /**
     * The same for a message line given by its parts: whether it has a monotonic time, that time, and whether the
     * message is a {@code Linux version} line ({@link #isLinuxVersion}) or a line printed before it ({@link #isPreamble}),
     * which keeps the segment fresh for the version line.
     */
    boolean startsNewBoot(boolean hasMono, long mono, boolean version, boolean preamble) {
        boolean reset = hasMono && hasLastMonotonic && mono < EARLY_MICROS && lastMonotonic - mono > BACKWARDS_MICROS;
        boolean startNew = false;
        if (version || reset) {
            boolean fresh = messagesInSegment == 0 || segmentOnlyPreamble
                    || (segmentStartedBySign && !segmentSawVersion && !segmentSawLateStamp && !(version && segmentSawVersion));
            if (!fresh) {
                startSegment();
                startNew = true;
            } else if (messagesInSegment == 0) {
                segmentStartedBySign = true;
            }
        }
        messagesInSegment++;
        segmentOnlyPreamble = preamble && (messagesInSegment == 1 || segmentOnlyPreamble);
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
        segmentOnlyPreamble = false;
        hasLastMonotonic = false;
    }
}
