package org.disktune.bench.workload;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.WorkloadContext;

/**
 * seq-read, bonnie++'s "Sequential Input, Block" and sysbench fileio's seqrd: the test file read in blocks (1 MiB, or
 * --block-size), in order, until the trial time is up; MB/s. With several threads each reads a file of its own at once.
 * Each trial goes on where the previous one stopped (wrapping at the end): with buffered files of twice RAM the part
 * ahead of the cursor is the one read or written longest ago, which the page cache has dropped.
 */
final class SequentialRead extends DirectoryWorkload {
    private ByteBuffer[] blocks;
    private FileChannel[] channels;
    private long[] cursors;

    SequentialRead(long fileBytes, boolean directAllowed, IoShape shape) {
        super(fileBytes, directAllowed, shape);
    }

    @Override
    public String name() {
        return "seq-read";
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
        Lanes.Done done = lanes().run(lane -> read(lane, context, start, limit));
        return Trials.throughput(done.bytes(), done.operations(), Trials.elapsed(context.nanoTime(), start));
    }

    private Lanes.Done read(int lane, WorkloadContext context, long start, long limit) throws IOException {
        ByteBuffer block = blocks[lane];
        long fileBytes = plan().fileBytes();
        long operations = 0;
        do {
            scratch().checkOpen();
            block.clear();
            FileIo.readFully(channels[lane], block, cursors[lane]);
            cursors[lane] = (cursors[lane] + block.capacity()) % fileBytes;
            operations++;
        } while (context.nanoTime().getAsLong() - start < limit);
        return new Lanes.Done(operations * block.capacity(), operations);
    }

    @Override
    void tearDown() throws IOException {
        Channels.closeAll(channels);
    }
}
