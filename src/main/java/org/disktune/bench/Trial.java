package org.disktune.bench;

/**
 * One measured run of one workload: its figure in the workload's {@link Unit} and, where measured, the latency
 * percentiles of its I/Os (null otherwise). {@code bytes} and {@code operations} are what the trial did, {@code
 * seconds} how long it took (for the record and for checking the figure). {@code engine} says how the I/O was issued
 * where a workload has more than one way ("linux-aio", or "threads" with the reason native AIO was not used; the
 * random reads), null otherwise (and in results stored before it existed).
 */
public record Trial(double value, Latency latency, long bytes, long operations, double seconds, String engine) {
    public Trial {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("a trial's figure is a finite non-negative number: " + value);
        }
    }

    /** A trial of a workload with one way of issuing its I/O. */
    public Trial(double value, Latency latency, long bytes, long operations, double seconds) {
        this(value, latency, bytes, operations, seconds, null);
    }

    public Trial withoutLatency() {
        return new Trial(value, null, bytes, operations, seconds, engine);
    }

    static Trial of(double value) {
        return new Trial(value, null, 0, 0, 0);
    }
}
