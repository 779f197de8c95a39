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

    /** As {@link #all(long)}; {@code directAllowed} false measures buffered even where O_DIRECT works (tests). */
    static List<Workload> all(long fileBytes, boolean directAllowed) {
        return List.of(new SequentialWrite(fileBytes, directAllowed), new Rewrite(fileBytes, directAllowed),
                new SequentialRead(fileBytes, directAllowed), new RandomReadWrite(fileBytes, directAllowed), new SmallFiles(directAllowed));
    }
}
