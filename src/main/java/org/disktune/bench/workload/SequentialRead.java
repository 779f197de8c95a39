package org.disktune.bench.workload;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * seq-read, bonnie++'s "Sequential Input, Block" and sysbench fileio's seqrd: the test file read in blocks (1 MiB, or
 * --block-size), in order, until the trial time is up; MB/s. With several threads each reads a file of its own at once.
 * Each trial goes on where the previous one stopped (wrapping at the end): with buffered files of twice RAM the part
 * ahead of the cursor is the one read or written longest ago, which the page cache has dropped.
 */
final class SequentialRead extends FileWalk {
    SequentialRead(long fileBytes, boolean directAllowed, IoShape shape) {
        super(fileBytes, directAllowed, shape);
    }

    @Override
    public String name() {
        return "seq-read";
    }

    @Override
    void step(FileChannel channel, ByteBuffer block, long offset) throws IOException {
        block.clear();
        FileIo.readFully(channel, block, offset);
    }
}
