package org.disktune.bench.workload;

import java.util.List;

import org.disktune.bench.Workload;

/**
 * The workloads of a directory target, in the order bonnie++ runs its phases and with sysbench fileio's random mix:
 * {@code seq-write}, {@code rewrite}, {@code seq-read} (MB/s), {@code rand-rw} (IOPS), {@code small-files} (ops/s).
 * Each is a {@link DirectoryWorkload}: its files live in one fresh directory under the target, made in prepare and
 * removed in close or on Ctrl-C/SIGTERM, and its {@link DirectoryWorkload#method()} says whether it used O_DIRECT or a
 * buffered file of twice RAM. New instances on every call (a workload keeps its files and cursor).
 */
public final class DirectoryWorkloads {
    private DirectoryWorkloads() {
    }

    /** The workloads with their test file sized for the file system (1 GiB with O_DIRECT, else twice RAM). */
    public static List<Workload> all() {
        return all(0);
    }

    /**
     * The workloads with a test file of {@code fileBytes} (rounded down to whole MiB, at least 1 MiB) instead: for
     * tests, which need a few MiB. 0 derives the size as {@link #all()} does.
     */
    public static List<Workload> all(long fileBytes) {
        return all(fileBytes, true);
    }

    /** The workloads with threads and a block size of {@code shape} (small-files keeps one thread), sized as {@link #all()}. */
    public static List<Workload> all(IoShape shape) {
        return all(0, true, shape);
    }

    /** As {@link #all(long)}; {@code directAllowed} false measures buffered even where O_DIRECT works (tests). */
    static List<Workload> all(long fileBytes, boolean directAllowed) {
        return all(fileBytes, directAllowed, IoShape.DEFAULT);
    }

    /** As {@link #all(long, boolean)} with threads and a block size of {@code shape}. */
    public static List<Workload> all(long fileBytes, boolean directAllowed, IoShape shape) {
        return List.of(new SequentialWrite(fileBytes, directAllowed, shape), new Rewrite(fileBytes, directAllowed, shape),
                new SequentialRead(fileBytes, directAllowed, shape), new RandomReadWrite(fileBytes, directAllowed, shape),
                new SmallFiles(directAllowed));
    }
}
