package org.disktune.bench.workload;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads of a directory workload ({@code --threads N}): one trial runs the same work on every lane at once, each
 * lane with its own file, buffer and cursor, and ends when every lane is done; the figures are the sums. One lane runs
 * on the caller's thread, so that a single-threaded run is what it always was. The pool's threads are daemons, made
 * once in prepare and stopped in close.
 */
final class Lanes implements AutoCloseable {
    /** What one lane did in a trial. */
    record Done(long bytes, long operations) {
    }

    /** One lane's share of a trial. */
    @FunctionalInterface
    interface Work {
        Done run(int lane) throws IOException;
    }

    private final int count;
    private final ExecutorService pool;

    Lanes(int count, String workload) {
        this.count = count;
        AtomicInteger n = new AtomicInteger();
        this.pool = count == 1 ? null : Executors.newFixedThreadPool(count, r -> {
            Thread t = new Thread(r, "disktune-" + workload + "-" + n.getAndIncrement());
            t.setDaemon(true);
            return t;
        });
    }

    int count() {
        return count;
    }

    /** Runs {@code work} on every lane at once and sums what they did; the first failure is thrown once all ended. */
    Done run(Work work) throws IOException {
        if (pool == null) {
            return work.run(0);
        }
        List<Future<Done>> futures = new ArrayList<>();
        for (int lane = 0; lane < count; lane++) {
            int l = lane;
            futures.add(pool.submit(() -> work.run(l)));
        }
        long bytes = 0;
        long operations = 0;
        Throwable failure = null;
        for (Future<Done> f : futures) {
            try {
                Done d = f.get();
                bytes += d.bytes();
                operations += d.operations();
            } catch (ExecutionException e) {
                if (failure == null) {
                    failure = e.getCause();
                } else {
                    failure.addSuppressed(e.getCause());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("the benchmark was interrupted");
            }
        }
        if (failure instanceof IOException io) {
            throw io;
        } else if (failure instanceof RuntimeException runtime) {
            throw runtime;
        } else if (failure instanceof Error error) {
            throw error;
        } else if (failure != null) {
            throw new IOException(failure);
        }
        return new Done(bytes, operations);
    }

    /** Stops the pool's threads (a trial in progress is interrupted); idempotent. */
    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
