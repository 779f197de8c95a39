package org.disktune.bench;

/**
 * One measured run of one workload: its figure in the workload's {@link Unit} and, where measured, the latency
 * percentiles of its I/Os (null otherwise). {@code bytes} and {@code operations} are what the trial did, {@code
 * seconds} how long it took (for the record and for checking the figure).
 */
public record Trial(double value, Latency latency, long bytes, long operations, double seconds) {
    public Trial {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("a trial's figure is a finite non-negative number: " + value);
        }
    }

    public Trial withoutLatency() {
        return new Trial(value, null, bytes, operations, seconds);
    }

    static Trial of(double value) {
        return new Trial(value, null, 0, 0, 0);
    }
}
