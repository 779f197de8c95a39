package org.disktune.bench.workload;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.function.LongSupplier;

import com.sun.nio.file.ExtendedOpenOption;

import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.Workload;
import org.disktune.bench.WorkloadContext;

/**
 * seq-read-direct: 2 MiB O_DIRECT reads (Java's {@link ExtendedOpenOption#DIRECT}) from the start of the device,
 * one at a time, wrapping at its end, for the trial time; the page cache is bypassed, so neither readahead nor
 * earlier reads help. The same I/O as {@code fio --rw=read --direct=1 --bs=2M --ioengine=psync}: one pread(2) of an
 * aligned buffer after the other. MB/s.
 */
final class SequentialDirectRead implements Workload {
    private ByteBuffer buffer;
    private int bufferAlignment;

    @Override
    public String name() {
        return "seq-read-direct";
    }

    @Override
    public Unit unit() {
        return Unit.MB_S;
    }

    @Override
    public Trial run(WorkloadContext context) throws IOException {
        BlockTarget target = BlockTarget.of(context);
        int block = SequentialBufferedRead.BLOCK;
        long end = target.wholeBlocksEnd(block, name());
        int alignment = target.directAlignment();
        if (buffer == null || bufferAlignment != alignment) {
            buffer = DirectBuffers.aligned(block, alignment);
            bufferAlignment = alignment;
        }
        LongSupplier now = context.nanoTime();
        long budget = context.trialTime().toNanos();
        try (FileChannel channel = target.openForReading(ExtendedOpenOption.DIRECT)) {
            return SequentialLoop.read(channel, buffer, block, end, now, budget, null);
        }
    }

    /** The buffer of the last trial (tests check its alignment), or null before the first. */
    ByteBuffer buffer() {
        return buffer;
    }

    @Override
    public void close() {
        buffer = null;
    }
}
