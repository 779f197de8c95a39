package org.disktune.bench.workload;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import com.sun.nio.file.ExtendedOpenOption;

import org.HdrHistogram.Histogram;
import org.disktune.bench.Latency;
import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.Workload;
import org.disktune.bench.WorkloadContext;
import org.disktune.core.DisktuneException;
import org.disktune.host.AsyncReader;

/**
 * rand-read-4k-qdN: 4 KiB O_DIRECT reads at uniformly random 4 KiB-aligned offsets over the whole device, with N
 * reads in flight. Two engines:
 * <ul>
 * <li>{@link Engine#LINUX_AIO} (the default at depths above 1): one thread keeps exactly N reads in the device's queue
 * through Linux native AIO ({@link AsyncReader}: io_submit a new read as each one completes), fio's
 * {@code --ioengine=libaio --iodepth=N} model. On a cached loop device at depth 32 the threads below reached only 0.84
 * of fio's libaio IOPS (32 threads of pread contend for 2 CPUs); this path does the work of fio's one thread.</li>
 * <li>{@link Engine#THREADS}, the default at depth 1 and used at other depths only where native AIO is unavailable
 * (another architecture, a kernel without AIO, /proc/sys/fs/aio-max-nr exhausted; the trial's {@code engine} says so
 * and why): N threads, each issuing one
 * positional read (pread(2)) after the other on a FileChannel of its own, fio's
 * {@code --ioengine=psync --numjobs=N --thread} model. One channel per thread, not one shared: every positional read
 * of a FileChannel enters and leaves a monitor (the channel's NativeThreadSet, so that close can signal blocked
 * threads), and with 32 threads that monitor is contended: on one CPU a shared channel gave 0.72 of fio's IOPS at
 * depth 32, a channel per thread 0.99 (src/test/scripts/bench-accuracy.sh). At depth 1 one pread costs one system
 * call where AIO costs two (io_submit, io_getevents, each through JNA): on a quiet machine, pinned to one CPU, nine
 * paired rounds of 2 s gave a median of 1.44 of fio {@code psync}'s IOPS for the pread thread and 0.49 for AIO, the
 * pread thread ahead in 8 of 9 rounds, so depth 1 is fio's {@code psync} model.</li>
 * </ul>
 * Every I/O's latency (from just before its submission to just after its completion is seen, in nanoseconds) goes
 * into an HdrHistogram (3 significant digits; per thread, merged, for the threads) for p50/p99/p99.9. IOPS: reads
 * completed over the time from the start to the last completion.
 */
final class RandomDirectRead implements Workload {
    static final int SIZE = 4096;
    /** Latencies above this (10 s) are recorded as 10 s: a histogram of fixed size, allocated before the timing. */
    private static final long MAX_NANOS = TimeUnit.SECONDS.toNanos(10);

    /** How the reads are issued: the value of a trial's {@code engine}. */
    enum Engine {
        LINUX_AIO("linux-aio"), THREADS("threads");

        private final String label;

        Engine(String label) {
            this.label = label;
        }

        String label() {
            return label;
        }
    }

    private final int depth;
    private final Engine engine;
    private final SplittableRandom seeds = new SplittableRandom();

    /** One pread thread at depth 1; above it native AIO where the machine has it, threads otherwise. */
    RandomDirectRead(int depth) {
        this(depth, depth == 1 ? Engine.THREADS : Engine.LINUX_AIO);
    }

    /** {@code engine} THREADS: always threads; LINUX_AIO: native AIO where the machine has it (comparisons of the two engines). */
    RandomDirectRead(int depth, Engine engine) {
        if (depth < 1) {
            throw new IllegalArgumentException("queue depth " + depth);
        }
        this.depth = depth;
        this.engine = engine;
    }

    @Override
    public String name() {
        return "rand-read-4k-qd" + depth;
    }

    @Override
    public Unit unit() {
        return Unit.IOPS;
    }

    int depth() {
        return depth;
    }

    Engine engine() {
        return engine;
    }

    @Override
    public Trial run(WorkloadContext context) throws IOException {
        BlockTarget target = BlockTarget.of(context);
        int alignment = target.directAlignment();
        if (alignment > SIZE) {
            throw DisktuneException.environment("/dev/" + target.device() + " needs O_DIRECT reads aligned to " + alignment
                    + " bytes, more than 4 KiB; the random-read workloads cannot run on it");
        }
        if (target.size() < SIZE) {
            throw DisktuneException.environment("/dev/" + target.device() + " is smaller than one 4 KiB read; measure a larger device");
        }
        String fallback = null;
        if (engine == Engine.LINUX_AIO) {
            AsyncReader opened = null;
            try {
                opened = AsyncReader.open(context.path(), depth, SIZE);
            } catch (AsyncReader.UnavailableException e) {
                fallback = e.getMessage();
            }
            if (opened != null) {
                try (AsyncReader reader = opened) {
                    return runAsync(reader, target, context);
                }
            }
        }
        return runThreads(target, alignment, context, fallback == null ? Engine.THREADS.label()
                : Engine.THREADS.label() + " (linux-aio unavailable: " + fallback + ")");
    }

    private Trial runAsync(AsyncReader reader, BlockTarget target, WorkloadContext context) throws IOException {
        LongSupplier now = context.nanoTime();
        RandomOffsets offsets = new RandomOffsets(target.size(), SIZE, seeds.split());
        Histogram histogram = new Histogram(MAX_NANOS, 3);
        long start = now.getAsLong();
        AsyncReader.Run run = reader.run(start + context.trialTime().toNanos(), offsets::next, now,
                nanos -> histogram.recordValue(Math.min(Math.max(nanos, 1), MAX_NANOS)), null);
        return Trials.iops(run.operations() * SIZE, run.operations(), run.lastCompletionNanos() - start, latency(histogram),
                Engine.LINUX_AIO.label());
    }

    private static Latency latency(Histogram histogram) {
        return new Latency(histogram.getValueAtPercentile(50) / 1e3, histogram.getValueAtPercentile(99) / 1e3,
                histogram.getValueAtPercentile(99.9) / 1e3);
    }

    private Trial runThreads(BlockTarget target, int alignment, WorkloadContext context, String engineLabel) throws IOException {
        LongSupplier now = context.nanoTime();
        List<FileChannel> channels = new ArrayList<>(depth);
        try (Closer closer = new Closer(channels)) {
            for (int i = 0; i < depth; i++) {
                channels.add(target.openForReading(ExtendedOpenOption.DIRECT));
            }
            CountDownLatch ready = new CountDownLatch(depth);
            CountDownLatch go = new CountDownLatch(1);
            Reader[] readers = new Reader[depth];
            List<Thread> threads = new ArrayList<>(depth);
            for (int i = 0; i < depth; i++) {
                readers[i] = new Reader(channels.get(i), new RandomOffsets(target.size(), SIZE, seeds.split()), DirectBuffers.aligned(SIZE, alignment),
                        now, ready, go);
                Thread thread = new Thread(readers[i], "disktune-" + name() + "-" + i);
                thread.setDaemon(true);
                threads.add(thread);
            }
            threads.forEach(Thread::start);
            long start;
            try {
                ready.await();
                start = now.getAsLong();
                long deadline = start + context.trialTime().toNanos();
                for (Reader reader : readers) {
                    reader.deadline = deadline;
                }
                go.countDown();
                for (Thread thread : threads) {
                    thread.join();
                }
            } catch (InterruptedException e) {
                for (Reader reader : readers) {
                    reader.stop = true;
                }
                go.countDown();
                Thread.currentThread().interrupt();
                throw new IOException(name() + " was interrupted", e);
            }
            Histogram merged = new Histogram(MAX_NANOS, 3);
            long operations = 0;
            long last = start;
            IOException failure = null;
            for (Reader reader : readers) {
                if (reader.failure != null) {
                    if (failure == null) {
                        failure = reader.failure;
                    } else {
                        failure.addSuppressed(reader.failure);
                    }
                }
                merged.add(reader.histogram);
                operations += reader.operations;
                last = Math.max(last, reader.last);
            }
            if (failure != null) {
                throw failure;
            }
            return Trials.iops(operations * SIZE, operations, last - start, latency(merged), engineLabel);
        }
    }

    /** Closes every channel opened, also when opening one of them failed. */
    private record Closer(List<FileChannel> channels) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            Channels.closeAll(channels.toArray(FileChannel[]::new));
        }
    }

    /** One thread of reads: one read in flight at a time, its latency into its own histogram. */
    private static final class Reader implements Runnable {
        private final FileChannel channel;
        private final RandomOffsets offsets;
        private final ByteBuffer buffer;
        private final LongSupplier now;
        private final CountDownLatch ready;
        private final CountDownLatch go;
        private final Histogram histogram = new Histogram(MAX_NANOS, 3);
        /** Set before {@code go} opens (the latch orders it before the reads). */
        long deadline;
        volatile boolean stop;
        long operations;
        long last;
        IOException failure;

        Reader(FileChannel channel, RandomOffsets offsets, ByteBuffer buffer, LongSupplier now, CountDownLatch ready, CountDownLatch go) {
            this.channel = channel;
            this.offsets = offsets;
            this.buffer = buffer;
            this.now = now;
            this.ready = ready;
            this.go = go;
        }

        @Override
        public void run() {
            ready.countDown();
            try {
                go.await();
                while (!stop) {
                    long offset = offsets.next();
                    buffer.clear();
                    long t0 = now.getAsLong();
                    int n = channel.read(buffer, offset);
                    long t1 = now.getAsLong();
                    if (n != SIZE) {
                        throw new IOException("a 4 KiB read at byte " + offset + " returned " + n + " bytes");
                    }
                    histogram.recordValue(Math.min(Math.max(t1 - t0, 1), MAX_NANOS));
                    operations++;
                    last = t1;
                    if (t1 >= deadline) {
                        break;
                    }
                }
            } catch (IOException e) {
                failure = e;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
