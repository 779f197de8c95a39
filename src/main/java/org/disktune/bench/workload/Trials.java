package org.disktune.bench.workload;

import java.util.function.LongSupplier;

import org.disktune.bench.Latency;
import org.disktune.bench.Trial;
import org.disktune.bench.WorkloadContext;

/** The figures of a trial from what it did: MB/s as 10^6 bytes per second (as hdparm and fio print), IOPS, or operations per second. */
final class Trials {
    private Trials() {
    }

    static Trial throughput(long bytes, long operations, long nanos) {
        double seconds = seconds(nanos);
        return new Trial(bytes / seconds / 1e6, null, bytes, operations, seconds);
    }

    static Trial iops(long bytes, long operations, long nanos, Latency latency, String engine) {
        double seconds = seconds(nanos);
        return new Trial(operations / seconds, latency, bytes, operations, seconds, engine);
    }

    /** A rate of operations (files created, stat'ed and deleted; I/Os of a mixed workload) per second. */
    static Trial perSecond(long operations, long bytes, long nanos) {
        double seconds = seconds(nanos);
        return new Trial(operations / seconds, null, bytes, operations, seconds);
    }

    private static double seconds(long nanos) {
        if (nanos <= 0) {
            throw new IllegalStateException("a trial took no time (" + nanos + " ns): the clock does not advance");
        }
        return nanos / 1e9;
    }

    /** The trial's time budget in nanoseconds. */
    static long trialNanos(WorkloadContext context) {
        return context.trialTime().toNanos();
    }

    /** Nanoseconds from {@code start} to now on {@code clock}, at least 1. */
    static long elapsed(LongSupplier clock, long start) {
        return Math.max(1, clock.getAsLong() - start);
    }
}
