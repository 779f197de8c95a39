package org.disktune.bench.workload;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.WorkloadContext;

/**
 * rewrite, bonnie++'s "Sequential Output, Rewrite": each 1 MiB block of the test file read, changed (one byte) and
 * written back in place, in order, until the trial time is up, then fsynced; MB/s of blocks rewritten, including the
 * fsync. Each trial goes on where the previous one stopped (wrapping at the end), so that it meets the part of the
 * file touched longest ago, the part the page cache dropped first.
 */
final class Rewrite extends DirectoryWorkload {
    private ByteBuffer block;
    private FileChannel channel;
    private long cursor;

    Rewrite(long fileBytes, boolean directAllowed) {
        super(fileBytes, directAllowed);
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
        block = FileIo.randomBlock(BLOCK, alignment());
        channel = layOut(scratch().resolve("rewrite.dat"), block);
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
            block.put(0, (byte) (block.get(0) + 1));
            block.clear();
            FileIo.writeFully(channel, block, cursor);
            cursor = (cursor + BLOCK) % fileBytes;
            blocks++;
        } while (context.nanoTime().getAsLong() - start < limit);
        channel.force(true);
        return Trials.throughput(blocks * BLOCK, blocks, elapsed(context.nanoTime(), start));
    }

    @Override
    void tearDown() throws IOException {
        if (channel != null) {
            channel.close();
        }
    }
}
