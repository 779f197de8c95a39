package org.disktune.bench.workload;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;

import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.WorkloadContext;

/**
 * seq-write, bonnie++'s "Sequential Output, Block": a new test file written from its start in 1 MiB blocks until the
 * trial time is up or the file has its planned size, then fsynced; MB/s over the whole time including the fsync. Each
 * trial removes the previous trial's file first (outside the time), so every trial allocates, as bonnie++ does.
 */
final class SequentialWrite extends DirectoryWorkload {
    private ByteBuffer block;

    SequentialWrite(long fileBytes, boolean directAllowed) {
        super(fileBytes, directAllowed);
    }

    @Override
    public String name() {
        return "seq-write";
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
    void setUp(WorkloadContext context) {
        block = FileIo.randomBlock(BLOCK, alignment());
    }

    @Override
    Trial trial(WorkloadContext context) throws IOException {
        Path file = scratch().resolve("seq-write.dat");
        Files.deleteIfExists(file);
        long limit = trialNanos(context);
        long fileBytes = plan().fileBytes();
        long start = context.nanoTime().getAsLong();
        long written = 0;
        long blocks = 0;
        try (FileChannel channel = open(file, true)) {
            do {
                scratch().checkOpen();
                block.clear();
                FileIo.writeFully(channel, block, written);
                written += BLOCK;
                blocks++;
            } while (written < fileBytes && context.nanoTime().getAsLong() - start < limit);
            channel.force(true);
        }
        return Trials.throughput(written, blocks, elapsed(context.nanoTime(), start));
    }

    @Override
    void tearDown() {
        block = null;
    }
}
