package org.disktune.bench.workload;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.WorkloadContext;

/**
 * seq-read, bonnie++'s "Sequential Input, Block": the test file read in 1 MiB blocks, in order, until the trial time
 * is up; MB/s. Each trial goes on where the previous one stopped (wrapping at the end): with a buffered file of twice
 * RAM the part ahead of the cursor is the one read or written longest ago, which the page cache has dropped.
 */
final class SequentialRead extends DirectoryWorkload {
    private ByteBuffer block;
    private FileChannel channel;
    private long cursor;

    SequentialRead(long fileBytes, boolean directAllowed) {
        super(fileBytes, directAllowed);
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
        block = FileIo.randomBlock(BLOCK, alignment());
        channel = layOut(scratch().resolve("seq-read.dat"), block);
    }

    @Override
    Trial trial(WorkloadContext context) throws IOException {
        long limit = trialNanos(context);
        long fileBytes = plan().fileBytes();
        long start = context.nanoTime().getAsLong();
        long blocks = 0;
        do {
            scratch().checkOpen();
            block.clear();
            FileIo.readFully(channel, block, cursor);
            cursor = (cursor + BLOCK) % fileBytes;
            blocks++;
        } while (context.nanoTime().getAsLong() - start < limit);
        return Trials.throughput(blocks * BLOCK, blocks, elapsed(context.nanoTime(), start));
    }

    @Override
    void tearDown() throws IOException {
        if (channel != null) {
            channel.close();
        }
    }
}
