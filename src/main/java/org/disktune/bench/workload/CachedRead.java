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
 * cached-read, like {@code hdparm -T}: hdparm reads the first 2 MiB of the device once and then reads that same
 * region again and again for about 2 seconds (hdparm.c, time_cache), which measures the page cache, memory and the
 * system-call path, not the disk. Here: the first 2 MiB are read once untimed (so they are cached), then again and
 * again for the trial time. MB/s.
 */
final class CachedRead implements Workload {
    private ByteBuffer buffer;

    @Override
    public String name() {
        return "cached-read";
    }

    @Override
    public Unit unit() {
        return Unit.MB_S;
    }

    @Override
    public Trial run(WorkloadContext context) throws IOException {
        BlockTarget target = BlockTarget.of(context);
        target.wholeBlocksEnd(SequentialBufferedRead.BLOCK, name());
        if (buffer == null) {
            buffer = ByteBuffer.allocateDirect(SequentialBufferedRead.BLOCK);
        }
        LongSupplier now = context.nanoTime();
        long budget = context.trialTime().toNanos();
        try (FileChannel channel = target.openForReading()) {
            buffer.clear();
            BlockTarget.readFully(channel, buffer, 0);
            int block = SequentialBufferedRead.BLOCK;
            return SequentialLoop.read(channel, buffer, block, block, now, budget, null);
        }
    }

    @Override
    public void close() {
        buffer = null;
    }
}
