package org.disktune.bench.workload;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * rewrite, bonnie++'s "Sequential Output, Rewrite" (sysbench fileio's seqrewr without the read): each block (1 MiB, or
 * --block-size) of the test file read, changed (one byte) and written back in place, in order, until the trial time is
 * up, then fsynced; MB/s of blocks rewritten, including the fsync. With several threads each rewrites a file of its
 * own at once. Each trial goes on where the previous one stopped (wrapping at the end), so that it meets the part of
 * the file touched longest ago, the part the page cache dropped first.
 */
final class Rewrite extends FileWalk {
    Rewrite(long fileBytes, boolean directAllowed, IoShape shape) {
        super(fileBytes, directAllowed, shape);
    }

    @Override
    public String name() {
        return "rewrite";
    }

    @Override
    void step(FileChannel channel, ByteBuffer block, long offset) throws IOException {
        block.clear();
        FileIo.readFully(channel, block, offset);
        block.put(0, (byte) (block.get(0) + 1));
        block.clear();
        FileIo.writeFully(channel, block, offset);
    }

    @Override
    void finishTrial(FileChannel channel) throws IOException {
        channel.force(true);
    }
}
