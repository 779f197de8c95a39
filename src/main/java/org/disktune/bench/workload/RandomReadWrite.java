package org.disktune.bench.workload;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.SplittableRandom;

import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.WorkloadContext;

/**
 * rand-rw, sysbench fileio's {@code --file-test-mode=rndrw} with its defaults: 4 KiB blocks (or --block-size) at
 * uniformly random aligned offsets of the test file (with several threads, each on a file of its own at once), 70%
 * reads and 30% writes ({@code --file-rw-ratio=1.5}), one I/O at a time per thread, an fsync after every 100 writes
 * ({@code --file-fsync-freq=100}) and one at the end of the trial; IOPS counts reads and writes (not the fsyncs, whose
 * time is included) of all threads. With a buffered file of twice RAM the page cache can still hold up
 * to half of it, so some reads may be served from memory; O_DIRECT has no such share.
 */
final class RandomReadWrite extends DirectoryWorkload {
    static final int IO_BYTES = 4096;
    static final int READ_PERCENT = 70;
    static final int FSYNC_EVERY = 100;
    private SplittableRandom[] randoms;
    private ByteBuffer[] ios;
    private FileChannel[] channels;

    RandomReadWrite(long fileBytes, boolean directAllowed, IoShape shape) {
        super(fileBytes, directAllowed, shape);
    }

    @Override
    int ownBlock() {
        return IO_BYTES;
    }

    @Override
    public String name() {
        return "rand-rw";
    }

    @Override
    public Unit unit() {
        return Unit.IOPS;
    }

    @Override
    boolean usesTestFile() {
        return true;
    }

    @Override
    void setUp(WorkloadContext context) throws IOException {
        SplittableRandom seed = new SplittableRandom();
        randoms = new SplittableRandom[threads()];
        ios = new ByteBuffer[threads()];
        channels = new FileChannel[threads()];
        for (int lane = 0; lane < threads(); lane++) {
            randoms[lane] = seed.split();
            ios[lane] = FileIo.randomBlock(Math.max(block(), alignment()), alignment());
            channels[lane] = layOut(lane);
        }
    }

    @Override
    Trial trial(WorkloadContext context) throws IOException {
        long limit = Trials.trialNanos(context);
        long start = context.nanoTime().getAsLong();
        Lanes.Done done = lanes().run(lane -> mix(lane, context, start, limit));
        return Trials.perSecond(done.operations(), done.bytes(), Trials.elapsed(context.nanoTime(), start));
    }

    private Lanes.Done mix(int lane, WorkloadContext context, long start, long limit) throws IOException {
        SplittableRandom random = randoms[lane];
        ByteBuffer io = ios[lane];
        FileChannel channel = channels[lane];
        long slots = plan().fileBytes() / io.capacity();
        long operations = 0;
        long writes = 0;
        do {
            scratch().checkOpen();
            long position = random.nextLong(slots) * io.capacity();
            io.clear();
            if (random.nextInt(100) < READ_PERCENT) {
                FileIo.readFully(channel, io, position);
            } else {
                io.put(0, (byte) (io.get(0) + 1));
                FileIo.writeFully(channel, io, position);
                if (++writes % FSYNC_EVERY == 0) {
                    channel.force(true);
                }
            }
            operations++;
        } while (context.nanoTime().getAsLong() - start < limit);
        channel.force(true);
        return new Lanes.Done(operations * io.capacity(), operations);
    }

    @Override
    void tearDown() throws IOException {
        Channels.closeAll(channels);
    }
}
