package org.disktune.bench;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
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
 * @param trialTime how long one trial runs: the profile's {@link Profile#trialTime()} (what the six-argument
 *                  constructor gives, and every real run uses); shorter only in tests and in the accuracy script's
 *                  runner, where a 200 ms trial keeps a test of a real device within its budget without a Profile
 *                  constant that users could pick
 */
public record WorkloadContext(Host host, String device, Path path, Profile profile, Clock clock, LongSupplier nanoTime,
        Duration trialTime) {
    public WorkloadContext {
        Objects.requireNonNull(profile, "profile");
        if (trialTime == null) {
            trialTime = profile.trialTime();
        }
        if (trialTime.isNegative() || trialTime.isZero()) {
            throw new IllegalArgumentException("a trial runs for a positive time: " + trialTime);
        }
    }

    /** A context whose trials run for the profile's trial time. */
    public WorkloadContext(Host host, String device, Path path, Profile profile, Clock clock, LongSupplier nanoTime) {
        this(host, device, path, profile, clock, nanoTime, profile.trialTime());
    }

    /** This context on another path: a sweep's write workloads run in the directory the user named, not on the disk's node. */
    public WorkloadContext withPath(Path other) {
        return new WorkloadContext(host, device, other, profile, clock, nanoTime, trialTime);
    }

    /** This context with trials of {@code time} instead (tests, the accuracy script's runner). */
    public WorkloadContext withTrialTime(Duration time) {
        return new WorkloadContext(host, device, path, profile, clock, nanoTime, time);
    }
}
