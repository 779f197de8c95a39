package org.disktune.bench;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.function.LongSupplier;

import org.disktune.host.Host;

/**
 * What a workload runs against: the host (block-device ioctls, the file cache), the target (a block device's kernel
 * name and its node, or the directory under test), the profile, and a monotonic time source in nanoseconds
 * ({@link System#nanoTime} on a real run; a fake in tests).
 *
 * @param device    the kernel name of the block device under test ("loop3", "sdb"), or of the device holding the
 *                  directory; null when unknown
 * @param path      the device node (/dev/loop3) or the directory, resolved through the host
 * @param trialTime how long one trial runs, overriding the profile's (tests use a fraction of a second); null for
 *                  the profile's own. Read it through {@link #trialTime()}, which applies the fallback.
 */
public record WorkloadContext(Host host, String device, Path path, Profile profile, Clock clock, LongSupplier nanoTime,
        Duration trialTime) {
    public WorkloadContext {
        if (trialTime != null && (trialTime.isNegative() || trialTime.isZero())) {
            throw new IllegalArgumentException("a trial time is positive: " + trialTime);
        }
    }

    /** With the profile's trial time (a real run). */
    public WorkloadContext(Host host, String device, Path path, Profile profile, Clock clock, LongSupplier nanoTime) {
        this(host, device, path, profile, clock, nanoTime, null);
    }

    /** How long one trial runs: the override when given, else the profile's. */
    @Override
    public Duration trialTime() {
        return trialTime != null ? trialTime : profile.trialTime();
    }
}
