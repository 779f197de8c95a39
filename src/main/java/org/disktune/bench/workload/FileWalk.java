package org.disktune.bench.workload;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.WorkloadContext;

/**
 * A workload that walks each thread's laid-out test file block by block, in order, until the trial time is up: each
 * trial goes on where the previous one stopped (wrapping at the end), so that it meets the part of the file touched
 * longest ago, the part the page cache dropped first. What is done at each block is the workload's ({@link #step});
 * MB/s of blocks walked.
 */
abstract sealed class FileWalk extends DirectoryWorkload permits SequentialRead, Rewrite {
    private ByteBuffer[] blocks;
    private FileChannel[] channels;
    private long[] cursors;

    FileWalk(long fileBytes, boolean directAllowed, IoShape shape) {
        super(fileBytes, directAllowed, shape);
    }

    @Override
    public final Unit unit() {
        return Unit.MB_S;
    }

    @Override
    final boolean usesTestFile() {
        return true;
    }

    @Override
    final void setUp(WorkloadContext context) throws IOException {
        blocks = new ByteBuffer[threads()];
        channels = new FileChannel[threads()];
        cursors = new long[threads()];
        for (int lane = 0; lane < threads(); lane++) {
            blocks[lane] = FileIo.randomBlock(block(), alignment());
            channels[lane] = layOut(lane);
        }
    }

    @Override
    final Trial trial(WorkloadContext context) throws IOException {
        long limit = Trials.trialNanos(context);
        long start = context.nanoTime().getAsLong();
        Lanes.Done done = lanes().run(lane -> walk(lane, context, start, limit));
        return Trials.throughput(done.bytes(), done.operations(), Trials.elapsed(context.nanoTime(), start));
    }

    private Lanes.Done walk(int lane, WorkloadContext context, long start, long limit) throws IOException {
        ByteBuffer block = blocks[lane];
        FileChannel channel = channels[lane];
        long fileBytes = plan().fileBytes();
        long operations = 0;
        do {
            scratch().checkOpen();
            step(channel, block, cursors[lane]);
            cursors[lane] = (cursors[lane] + block.capacity()) % fileBytes;
            operations++;
        } while (context.nanoTime().getAsLong() - start < limit);
        finishTrial(channel);
        return new Lanes.Done(operations * block.capacity(), operations);
    }

    /** The I/O of one block at {@code offset} of a thread's file, through {@code block} (its own buffer). */
    abstract void step(FileChannel channel, ByteBuffer block, long offset) throws IOException;

    /** What ends a thread's trial inside the time measured (a writer's fsync); nothing by default. */
    void finishTrial(FileChannel channel) throws IOException {
    }

    @Override
    final void tearDown() throws IOException {
        Channels.closeAll(channels);
    }
}
