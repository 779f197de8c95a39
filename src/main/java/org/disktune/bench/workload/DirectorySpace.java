package org.disktune.bench.workload;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.disktune.bench.Workload;
import org.disktune.bench.WorkloadContext;
import org.disktune.core.DisktuneException;

/**
 * The free space a directory benchmark needs, checked once before any workload writes: the runner prepares every
 * workload before the first trial (so that trials interleave), so the test files of seq-write, rewrite, seq-read and
 * rand-rw and a batch of small files all exist at once. Each {@link DirectoryWorkload} still checks its own share in
 * prepare; this check is the sum (a test file per thread: threads x file size), so that a file system too small for the whole run is
 * refused up front instead of after the first workloads laid out their files.
 *
 * <p>The O_DIRECT probe (one aligned block in a fresh directory, removed at once) runs only when a size depends on it
 * and the least the run can need (each workload's {@code smallestFile} per thread) already fits.
 */
public final class DirectorySpace {
    private static final long MARGIN_BYTES = 256L << 20;
    private static final double MARGIN_SHARE = 0.05;

    private DirectorySpace() {
    }

    /** The free space a benchmark leaves untouched: 256 MiB or 5% of the file system, whichever is larger. */
    static long margin(FileStore store) throws IOException {
        return Math.max(MARGIN_BYTES, (long) (store.getTotalSpace() * MARGIN_SHARE));
    }

    /** Refuses with one line when the directory workloads among {@code workloads} do not fit together; others are ignored. */
    public static void require(List<? extends Workload> workloads, WorkloadContext context) throws IOException {
        List<DirectoryWorkload> directory = workloads.stream().filter(DirectoryWorkload.class::isInstance)
                .map(DirectoryWorkload.class::cast).toList();
        if (directory.isEmpty()) {
            return;
        }
        Path target = context.path();
        if (!Files.isDirectory(target)) {
            throw DisktuneException.usage(target + " is not a directory; give a directory on the file system to benchmark");
        }
        FileStore store = Files.getFileStore(target);
        long margin = margin(store);
        long least = directory.stream().mapToLong(w -> (w.usesTestFile() ? w.threads() * w.smallestFile() : 0) + w.otherBytes()).sum();
        refuseIfShort(target, directory, least, margin, store.getUsableSpace());
        if (directory.stream().noneMatch(DirectoryWorkload::sizeDependsOnDirect)) {
            return;
        }
        boolean direct;
        try (Scratch probe = Scratch.create(target)) {
            direct = FileIo.directIoWorks(probe.directory(), (int) Math.max(4096, store.getBlockSize()));
        }
        boolean buffered = !direct || directory.stream().anyMatch(w -> !w.directAllowed());
        long memTotal = buffered ? MemTotal.read(context.host()) : 0;
        refuseIfShort(target, directory, sum(directory, direct, memTotal), margin, Files.getFileStore(target).getUsableSpace());
    }

    private static long sum(List<DirectoryWorkload> workloads, boolean direct, long memTotal) {
        return workloads.stream().mapToLong(w -> w.bytesHeld(direct, memTotal)).sum();
    }

    private static void refuseIfShort(Path target, List<DirectoryWorkload> workloads, long held, long margin, long usable) {
        long needed = held + margin;
        if (usable < needed) {
            List<String> names = workloads.stream().map(Workload::name).toList();
            throw DisktuneException.environment("not enough free space in " + target + " for the directory benchmark: "
                    + String.join(", ", names) + " need " + DirectoryPlan.size(needed) + " at once (" + DirectoryPlan.size(held)
                    + " of files and a " + DirectoryPlan.size(margin) + " margin), " + DirectoryPlan.size(usable) + " is free; "
                    + "free some space, run fewer workloads with --only, or benchmark a directory on a larger file system");
        }
    }
}
