package org.disktune.bench;

import java.util.List;
import java.util.Map;

/**
 * One stored benchmark run ({@code /var/lib/disktune/bench/ID.json}): its id, what was measured (the target as given,
 * the device's kernel name and its stable identity so that a later run finds the same disk after a reboot renamed it),
 * the settings in force (scheduler, read_ahead_kb, queue_depth, nr_requests ... as read from sysfs), the kernel, the
 * boot ID, the time, the profile and every workload with every trial.
 *
 * <p>A directory run also says how its test-file workloads ran: {@code threads} (1 unless {@code --threads}) and
 * {@code blockSize} in bytes (null: each workload's own, 1 MiB sequential and 4 KiB random). Both are null for a block
 * device and in results stored before they were recorded, which ran one thread with the workloads' own blocks.
 */
public record BenchResult(int schemaVersion, String id, String target, String device, String identity, String kernel, String bootId,
        String time, Profile profile, Map<String, String> settings, List<WorkloadResult> workloads, Integer threads, Integer blockSize) {
    public static final int SCHEMA_VERSION = 1;

    public BenchResult {
        settings = Map.copyOf(settings);
        workloads = List.copyOf(workloads);
        if ((threads != null && threads < 1) || (blockSize != null && (blockSize < 1 || Integer.bitCount(blockSize) != 1))) {
            throw new IllegalArgumentException("threads " + threads + " and block size " + blockSize + " are not a run's");
        }
    }

    /** A result without threads or block size: a block device's. */
    public BenchResult(int schemaVersion, String id, String target, String device, String identity, String kernel, String bootId,
            String time, Profile profile, Map<String, String> settings, List<WorkloadResult> workloads) {
        this(schemaVersion, id, target, device, identity, kernel, bootId, time, profile, settings, workloads, null, null);
    }

    /** This result under another id. */
    public BenchResult withId(String newId) {
        return new BenchResult(schemaVersion, newId, target, device, identity, kernel, bootId, time, profile, settings, workloads, threads,
                blockSize);
    }

    /** The threads the run used: 1 when not recorded. */
    public int threadsUsed() {
        return threads == null ? 1 : threads;
    }

    /** "16 threads, 8 KiB blocks"; "1 thread, the workloads' own blocks". */
    public String describeShape() {
        int t = threadsUsed();
        String blocks = blockSize == null ? "the workloads' own blocks"
                : blockSize % (1 << 20) == 0 ? blockSize / (1 << 20) + " MiB blocks"
                : blockSize % 1024 == 0 ? blockSize / 1024 + " KiB blocks" : blockSize + "-byte blocks";
        return t + (t == 1 ? " thread, " : " threads, ") + blocks;
    }
}
