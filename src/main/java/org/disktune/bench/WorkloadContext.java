package org.disktune.bench;

import java.nio.file.Path;
import java.time.Clock;

import org.disktune.host.Host;

/**
 * What a workload runs against: the host (block-device ioctls, the file cache), the target (a block device's kernel
 * name and its node, or the directory under test), the profile, and a monotonic time source in nanoseconds
 * ({@link System#nanoTime} on a real run; a fake in tests).
 *
 * @param device the kernel name of the block device under test ("loop3", "sdb"), or of the device holding the
 *               directory; null when unknown
 * @param path      the device node (/dev/loop3) or the directory, resolved through the host
 * @param trialTime how long one trial runs: the profile's unless given (tests and scripts run shorter trials)
 */
public record WorkloadContext(Host host, String device, Path path, Profile profile, Clock clock, java.util.function.LongSupplier nanoTime,
        java.time.Duration trialTime) {
    public WorkloadContext {
        if (trialTime == null) {
            trialTime = profile.trialTime();
        }
    }

    /** The profile's trial time. */
    public WorkloadContext(Host host, String device, Path path, Profile profile, Clock clock, java.util.function.LongSupplier nanoTime) {
        this(host, device, path, profile, clock, nanoTime, null);
    }
}
