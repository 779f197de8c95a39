package org.disktune.bench;

import java.io.IOException;

/**
 * One benchmark workload (seq-read-buffered, rand-read-4k-qd32, small-files ...): its name as the JSON contract
 * spells it, its unit, and one trial of it. A workload prepares what it needs in {@link #prepare} (files of a
 * directory workload; nothing for a raw device), runs trials, and removes everything it made in {@link #close}
 * (also when a trial failed, and from a shutdown hook on Ctrl-C or SIGTERM). Raw devices are only read.
 */
public interface Workload extends AutoCloseable {
    String name();

    Unit unit();

    default void prepare(WorkloadContext context) throws IOException {
    }

    /** One trial of about {@code context.trialTime()} (the profile's trial time on a real run). */
    Trial run(WorkloadContext context) throws IOException;

    @Override
    default void close() throws IOException {
    }
}
