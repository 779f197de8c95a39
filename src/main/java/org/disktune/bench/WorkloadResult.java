package org.disktune.bench;

import java.util.List;

/**
 * Every measured trial of one workload in one benchmark run (warm-ups are not kept), with their median and the
 * median latency percentiles where measured. {@code trials} are in the order they ran.
 */
public record WorkloadResult(String name, Unit unit, List<Trial> trials, double median, Latency latency) {
    public WorkloadResult {
        trials = List.copyOf(trials);
    }

    /** The figures alone, in the order they ran. */
    public double[] values() {
        return trials.stream().mapToDouble(Trial::value).toArray();
    }
}
