package org.disktune.bench.workload;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;

import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.WorkloadContext;

/**
 * seq-write, bonnie++'s "Sequential Output, Block" and sysbench fileio's seqwr: a new test file written from its start
 * in blocks (1 MiB, or --block-size) until the trial time is up or the file has its planned size, then fsynced; MB/s
 * over the whole time including the fsync. With several threads each writes a file of its own at once, and the trial
 * ends when the last has fsynced. Each trial removes the previous trial's files first (outside the time), so every
 * trial allocates, as bonnie++ does.
 */
final class SequentialWrite extends DirectoryWorkload {
    private ByteBuffer[] blocks;

    SequentialWrite(long fileBytes, boolean directAllowed, IoShape shape) {
        super(fileBytes, directAllowed, shape);
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
        blocks = new ByteBuffer[threads()];
        for (int lane = 0; lane < blocks.length; lane++) {
            blocks[lane] = FileIo.randomBlock(block(), alignment());
        }
    }

    @Override
    Trial trial(WorkloadContext context) throws IOException {
        for (int lane = 0; lane < threads(); lane++) {
            Files.deleteIfExists(file(lane));
        }
        long limit = Trials.trialNanos(context);
        long start = context.nanoTime().getAsLong();
        Lanes.Done done = lanes().run(lane -> write(lane, context, start, limit));
        return Trials.throughput(done.bytes(), done.operations(), Trials.elapsed(context.nanoTime(), start));
    }

    private Lanes.Done write(int lane, WorkloadContext context, long start, long limit) throws IOException {
        ByteBuffer block = blocks[lane];
        long fileBytes = plan().fileBytes();
        long written = 0;
        long operations = 0;
        try (FileChannel channel = open(file(lane), true)) {
            do {
                scratch().checkOpen();
                block.clear();
                FileIo.writeFully(channel, block, written);
                written += block.capacity();
                operations++;
            } while (written < fileBytes && context.nanoTime().getAsLong() - start < limit);
            channel.force(true);
        }
        return new Lanes.Done(written, operations);
    }

    @Override
    void tearDown() {
        blocks = null;
    }
}
