package org.disktune.bench.workload;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.function.LongSupplier;

import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.Workload;
import org.disktune.bench.WorkloadContext;

/**
 * seq-read-buffered, like {@code hdparm -t}: hdparm flushes the device's buffer cache (BLKFLSBUF) and then reads 2 MiB
 * blocks (TIMING_BUF_MB) sequentially through the page cache, readahead included, for about 3 seconds (hdparm.c,
 * time_device). Here: the caches are dropped ({@link BlockTarget#dropCaches}, the loop device's backing file
 * included), then 2 MiB blocks are read from the start of the device for the trial time; a trial that reaches the end
 * drops the caches again, untimed, and wraps to the start, so that every timed read goes to the device. MB/s.
 */
final class SequentialBufferedRead implements Workload {
    static final int BLOCK = 2 << 20;

    private ByteBuffer buffer;

    @Override
    public String name() {
        return "seq-read-buffered";
    }

    @Override
    public Unit unit() {
        return Unit.MB_S;
    }

    @Override
    public Trial run(WorkloadContext context) throws IOException {
        BlockTarget target = BlockTarget.of(context);
        long end = target.wholeBlocksEnd(BLOCK, name());
        if (buffer == null) {
            buffer = ByteBuffer.allocateDirect(BLOCK);
        }
        LongSupplier now = context.nanoTime();
        long budget = context.trialTime().toNanos();
        try (FileChannel channel = target.openForReading()) {
            target.dropCaches(context.host());
            return SequentialLoop.read(channel, buffer, BLOCK, end, now, budget, () -> target.dropCaches(context.host()));
        }
    }

    @Override
    public void close() {
        buffer = null;
    }
}
