package org.disktune.bench.workload;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.function.LongSupplier;

import org.disktune.bench.Trial;

/**
 * The timed loop of the sequential block workloads (seq-read-buffered, seq-read-direct, cached-read): one positional
 * read of a whole block after the other from byte 0 of a region, wrapping to its start at its end, until the trial's
 * time is spent; MB/s over the time spent reading. A workload that must restore a state at the wrap (the buffered read
 * drops the caches again, so that no timed read comes from memory) passes that step as {@code atWrap}: it runs outside
 * the timed part.
 */
final class SequentialLoop {
    /** Work done untimed when the reads reach the end of the region. */
    @FunctionalInterface
    interface Untimed {
        void run() throws IOException;
    }

    private SequentialLoop() {
    }

    /**
     * Reads {@code block} bytes at a time into {@code buffer} (cleared before each read) from {@code channel}, starting
     * at 0 and wrapping at {@code end} (a multiple of {@code block}), until {@code budgetNanos} of timed reading;
     * at least one read.
     *
     * @param atWrap run untimed at each wrap, or null
     */
    static Trial read(FileChannel channel, ByteBuffer buffer, int block, long end, LongSupplier now, long budgetNanos, Untimed atWrap)
            throws IOException {
        long position = 0;
        long operations = 0;
        long timed = 0;
        long start = now.getAsLong();
        while (true) {
            buffer.clear();
            BlockTarget.readFully(channel, buffer, position);
            position += block;
            operations++;
            long t = now.getAsLong();
            if (timed + (t - start) >= budgetNanos) {
                timed += t - start;
                break;
            }
            if (position == end) {
                position = 0;
                if (atWrap != null) {
                    timed += t - start;
                    atWrap.run();
                    start = now.getAsLong();
                }
            }
        }
        return Trials.throughput(operations * block, operations, timed);
    }
}
