package org.disktune.bench.workload;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.WorkloadContext;

/**
 * rewrite, bonnie++'s "Sequential Output, Rewrite" (sysbench fileio's seqrewr without the read): each block (1 MiB, or
 * --block-size) of the test file read, changed (one byte) and written back in place, in order, until the trial time is
 * up, then fsynced; MB/s of blocks rewritten, including the fsync. With several threads each rewrites a file of its
 * own at once. Each trial goes on where the previous one stopped (wrapping at the end), so that it meets the part of
 * the file touched longest ago, the part the page cache dropped first.
 */
final class Rewrite extends DirectoryWorkload {
    private ByteBuffer[] blocks;
    private FileChannel[] channels;
    private long[] cursors;

    Rewrite(long fileBytes, boolean directAllowed, IoShape shape) {
        super(fileBytes, directAllowed, shape);
    }

    @Override
    public String name() {
        return "rewrite";
    }

    @Override
    public Unit unit() {
        return Unit.MB_S;
    }

    @Override
    boolean usesTestFile() {
        return true;
    }

    @Override
    void setUp(WorkloadContext context) throws IOException {
        blocks = new ByteBuffer[threads()];
        channels = new FileChannel[threads()];
        cursors = new long[threads()];
        for (int lane = 0; lane < threads(); lane++) {
            blocks[lane] = FileIo.randomBlock(block(), alignment());
            channels[lane] = layOut(lane);
        }
    }

    @Override
    Trial trial(WorkloadContext context) throws IOException {
        long limit = Trials.trialNanos(context);
        long start = context.nanoTime().getAsLong();
        Lanes.Done done = lanes().run(lane -> rewrite(lane, context, start, limit));
        return Trials.throughput(done.bytes(), done.operations(), Trials.elapsed(context.nanoTime(), start));
    }

    private Lanes.Done rewrite(int lane, WorkloadContext context, long start, long limit) throws IOException {
        ByteBuffer block = blocks[lane];
        FileChannel channel = channels[lane];
        long fileBytes = plan().fileBytes();
        long operations = 0;
        do {
            scratch().checkOpen();
            block.clear();
            FileIo.readFully(channel, block, cursors[lane]);
            block.put(0, (byte) (block.get(0) + 1));
            block.clear();
            FileIo.writeFully(channel, block, cursors[lane]);
            cursors[lane] = (cursors[lane] + block.capacity()) % fileBytes;
            operations++;
        } while (context.nanoTime().getAsLong() - start < limit);
        channel.force(true);
        return new Lanes.Done(operations * block.capacity(), operations);
    }

    @Override
    void tearDown() throws IOException {
        Channels.closeAll(channels);
    }
}
