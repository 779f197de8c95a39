package org.disktune.bench;

import java.util.List;
import java.util.Map;

/**
 * One stored benchmark run ({@code /var/lib/disktune/bench/ID.json}): its id, what was measured (the target as given,
 * the device's kernel name and its stable identity so that a later run finds the same disk after a reboot renamed it),
 * the settings in force (scheduler, read_ahead_kb, queue_depth, nr_requests ... as read from sysfs), the kernel, the
 * boot ID, the time, the profile and every workload with every trial.
 */
public record BenchResult(int schemaVersion, String id, String target, String device, String identity, String kernel, String bootId,
        String time, Profile profile, Map<String, String> settings, List<WorkloadResult> workloads) {
    public static final int SCHEMA_VERSION = 1;

    public BenchResult {
        settings = Map.copyOf(settings);
        workloads = List.copyOf(workloads);
    }
}
