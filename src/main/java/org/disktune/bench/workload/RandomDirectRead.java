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

/**
 * rand-read-4k-qdN: 4 KiB O_DIRECT reads at uniformly random 4 KiB-aligned offsets over the whole device, with N
 * reads in flight: N threads, each issuing one positional read (pread(2)) after the other on a FileChannel of its own.
 * That is fio's {@code --ioengine=psync --numjobs=N --thread} model (each fio job opens the file itself);
 * {@code --ioengine=libaio --iodepth=N} keeps the same N requests in the device's queue from one thread. One channel
 * per thread, not one shared: every positional read of a FileChannel enters and leaves a monitor (the channel's
 * NativeThreadSet, so that close can signal blocked threads), and with 32 threads that monitor is contended: on one
 * CPU a shared channel gave 0.72 of fio's IOPS at depth 32, a channel per thread 0.99 (src/test/scripts/bench-accuracy.sh). Every I/O's latency (from just before the pread to just
 * after it, in nanoseconds) goes into the thread's HdrHistogram (3 significant digits); the histograms are merged
 * into one for p50/p99/p99.9. IOPS: reads completed over the time from the start signal to the last completion.
 */
final class RandomDirectRead implements Workload {
    static final int SIZE = 4096;
    /** Latencies above this (10 s) are recorded as 10 s: a histogram of fixed size, allocated before the timing. */
    private static final long MAX_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final int depth;
    private final SplittableRandom seeds = new SplittableRandom();

    RandomDirectRead(int depth) {
        if (depth < 1) {
            throw new IllegalArgumentException("queue depth " + depth);
        }
        this.depth = depth;
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
            Latency latency = new Latency(merged.getValueAtPercentile(50) / 1e3, merged.getValueAtPercentile(99) / 1e3,
                    merged.getValueAtPercentile(99.9) / 1e3);
            return Trials.iops(operations * SIZE, operations, last - start, latency);
        }
    }

    /** Closes every channel opened, also when opening one of them failed. */
    private record Closer(List<FileChannel> channels) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            IOException failure = null;
            for (FileChannel channel : channels) {
                try {
                    channel.close();
                } catch (IOException e) {
                    if (failure == null) {
                        failure = e;
                    } else {
                        failure.addSuppressed(e);
                    }
                }
            }
            if (failure != null) {
                throw failure;
            }
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
