package org.disktune.bench.workload;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileStore;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.disktune.bench.Trial;
import org.disktune.bench.Workload;
import org.disktune.bench.WorkloadContext;
import org.disktune.core.DisktuneException;

import com.sun.nio.file.ExtendedOpenOption;

/**
 * A workload on the file system under test, like a phase of bonnie++ or sysbench fileio. {@link #prepare} checks the
 * free space of the directory before writing anything, makes one fresh directory {@code DIR/.disktune-bench-XXXXXXXX}
 * (removed by {@link #close()} and, on Ctrl-C or SIGTERM, by a shutdown hook: see {@link Scratch}), probes whether the
 * file system takes O_DIRECT, and decides the {@link DirectoryPlan}: with O_DIRECT a 1 GiB test file (sysbench fileio's
 * default total is 2 GiB, fio's examples use 1 GiB; the page cache is bypassed, so the size only sets the span of
 * random I/O), otherwise twice MemTotal of /proc/meminfo, as bonnie++ insists, so that the page cache cannot hold the
 * file. A size given to the constructor (tests) replaces both. {@link #method()} says which, for the stored result.
 *
 * <p>With {@link IoShape#threads()} above 1 the workloads with a test file run that many threads ({@link Lanes}), each
 * with a test file of that size of its own (as fio's {@code numjobs}); without O_DIRECT the files together are twice
 * MemTotal. {@link IoShape#blockBytes()} replaces each workload's own I/O size (1 MiB sequential, 4 KiB random); with
 * O_DIRECT it must be a multiple of the file system's block, checked in prepare.
 *
 * <p>Free space needed: the test file (or one batch of small files) plus a margin of 256 MiB or 5% of the file
 * system, whichever is larger, so that a benchmark never fills a file system other programs write to. The check uses
 * {@code FileStore.getUsableSpace()} (statvfs f_bavail: what this user may still write). When O_DIRECT is refused the
 * check is made again for the larger buffered file, after the probe (which writes one block in the fresh directory and
 * removes it), and a refusal then removes the fresh directory as well.
 * This check is one workload's share; the runner checks the sum of all workloads, which hold their files at once,
 * before any of them is prepared ({@link DirectorySpace}).
 *
 * <p>Every trial runs for about the context's {@link WorkloadContext#trialTime()} on its monotonic clock; a trial that
 * writes ends with fsync (FileChannel.force(true)), inside the time measured, so that data still in the page cache is
 * not counted as written.
 */
public abstract sealed class DirectoryWorkload implements Workload
        permits SequentialWrite, FileWalk, RandomReadWrite, SmallFiles {
    /** The test file with O_DIRECT, when no size is given. */
    static final long DIRECT_FILE_BYTES = 1L << 30;
    /** One block of the sequential workloads (bonnie++ uses 8 KiB, hdparm 2 MiB; 1 MiB keeps per-call cost out). */
    static final int BLOCK = 1 << 20;

    private final long fileBytesFromCaller;
    private final boolean directAllowed;
    private final IoShape shape;
    private Scratch scratch;
    private Lanes lanes;
    private DirectoryPlan plan;
    private int alignment;

    /**
     * @param fileBytes     the test file's size (rounded down to whole MiB, at least 1 MiB), or 0 to derive it
     * @param directAllowed false measures through the page cache even where O_DIRECT works (tests of the buffered way)
     * @param shape         threads and block size of a workload with a test file (small-files runs one thread whatever it says)
     */
    DirectoryWorkload(long fileBytes, boolean directAllowed, IoShape shape) {
        this.directAllowed = directAllowed;
        this.shape = usesTestFile() ? shape : new IoShape(1, 0);
        if (fileBytes < 0) {
            throw new IllegalArgumentException("a file size is not negative: " + fileBytes);
        }
        this.fileBytesFromCaller = fileBytes == 0 ? 0 : Math.max(BLOCK, fileBytes / BLOCK * BLOCK);
    }

    /** How this workload measures (O_DIRECT or buffered, the test file's size and why); known after {@link #prepare}. */
    public final DirectoryPlan plan() {
        if (plan == null) {
            throw new IllegalStateException(name() + " is not prepared");
        }
        return plan;
    }

    /** {@link #plan()} in one line for the stored result: "O_DIRECT on ext4, 1.0 GiB test file". */
    public final String method() {
        return plan().describe();
    }

    /** True for the workloads with one large test file; small-files makes only small ones. */
    abstract boolean usesTestFile();

    /** The size of one I/O when the shape does not set it: 1 MiB for the sequential workloads. */
    int ownBlock() {
        return BLOCK;
    }

    /** The size of one I/O of this run. */
    final int block() {
        return shape.block(ownBlock());
    }

    /** How many threads run each trial, each with a test file of its own. */
    final int threads() {
        return shape.threads();
    }

    /** Bytes this workload writes at most besides its test files (small-files' largest batch). */
    long otherBytes() {
        return 0;
    }

    /** Called once the plan is made: lay out the test file, open channels. */
    abstract void setUp(WorkloadContext context) throws IOException;

    /** Close channels; the files go with the directory. */
    abstract void tearDown() throws IOException;

    /** One trial, after {@link #prepare}. */
    abstract Trial trial(WorkloadContext context) throws IOException;

    @Override
    public final void prepare(WorkloadContext context) throws IOException {
        if (scratch != null) {
            throw new IllegalStateException(name() + " is already prepared");
        }
        Path directory = context.path();
        if (!Files.isDirectory(directory)) {
            throw DisktuneException.usage(directory + " is not a directory; give a directory on the file system to benchmark");
        }
        FileStore store = Files.getFileStore(directory);
        long margin = DirectorySpace.margin(store);
        long smallest = smallestFile();
        requireSpace(directory, usesTestFile() ? smallest : 0, margin, store.getUsableSpace());
        try {
            scratch = Scratch.create(directory);
        } catch (AccessDeniedException e) {
            throw DisktuneException.environment("cannot write in " + directory + " (permission denied); run as a user who may "
                    + "write there or benchmark another directory");
        } catch (FileSystemException e) {
            throw DisktuneException.environment("cannot write in " + directory + " (" + e.getReason() + "); benchmark a "
                    + "directory on a writable file system");
        }
        try {
            alignment = (int) Math.max(4096, store.getBlockSize());
            boolean direct = directAllowed && FileIo.directIoWorks(scratch.directory(), alignment);
            if (direct && usesTestFile() && block() % alignment != 0) {
                throw DisktuneException.usage("--block-size " + DirectoryPlan.size(block()) + " is not a multiple of the " + DirectoryPlan
                        .size(alignment) + " blocks of the file system of " + directory + ", which O_DIRECT needs; give a multiple of it");
            }
            long memTotal = fileBytesFromCaller == 0 && !direct ? MemTotal.read(context.host()) : 0;
            long fileBytes = fileBytes(direct, memTotal);
            plan = new DirectoryPlan(direct ? IoMode.DIRECT : IoMode.BUFFERED, directAllowed && !direct, usesTestFile() ? fileBytes : 0, memTotal,
                    store.type(), fileBytesFromCaller > 0);
            if (usesTestFile() && fileBytes > smallest) {
                requireSpace(directory, fileBytes, margin, Files.getFileStore(directory).getUsableSpace());
            }
            lanes = new Lanes(threads(), name());
            setUp(context);
        } catch (IOException | RuntimeException | Error e) {
            try {
                close();
            } catch (IOException | RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /** False when the caller chose buffered I/O even where O_DIRECT works (tests of the buffered way). */
    final boolean directAllowed() {
        return directAllowed;
    }

    /** Whether this workload's size depends on the O_DIRECT probe: it may use O_DIRECT and the caller gave no size. */
    final boolean sizeDependsOnDirect() {
        return fileBytesFromCaller == 0;
    }

    /**
     * The bytes this workload holds at once while its trials run: a test file per thread (each 1 GiB with O_DIRECT,
     * together twice {@code memTotal} without, or the caller's size each) and what else it writes.
     */
    final long bytesHeld(boolean directWorks, long memTotal) {
        return (usesTestFile() ? threads() * fileBytes(directAllowed && directWorks, memTotal) : 0) + otherBytes();
    }

    /**
     * The least a thread's test file can be before the O_DIRECT probe: the caller's size, or 1 GiB, or with several
     * threads and no O_DIRECT as little as one block (the files then share twice MemTotal).
     */
    final long smallestFile() {
        return sizeDependsOnDirect() && threads() > 1 ? Math.max(BLOCK, block()) : fileBytes(true, 0);
    }

    /** One thread's test file: a whole number of blocks and MiB, at least one of each. */
    final long fileBytes(boolean direct, long memTotal) {
        long unit = Math.max(BLOCK, block());
        long bytes = fileBytesFromCaller > 0 ? fileBytesFromCaller : direct ? DIRECT_FILE_BYTES : 2 * memTotal / threads();
        return Math.max(unit, bytes / unit * unit);
    }

    private void requireSpace(Path directory, long fileBytes, long margin, long usable) {
        long needed = threads() * fileBytes + otherBytes() + margin;
        if (usable < needed) {
            String what = fileBytes == 0 ? "a batch of small files" : threads() == 1 ? "a " + DirectoryPlan.size(fileBytes) + " test file"
                    : threads() + " test files of " + DirectoryPlan.size(fileBytes) + " (one per thread)";
            throw DisktuneException.environment("not enough free space in " + directory + " for the " + name() + " benchmark: it needs "
                    + DirectoryPlan.size(needed) + " (" + what + " and a " + DirectoryPlan.size(margin) + " margin), "
                    + DirectoryPlan.size(usable) + " is free; free some space or benchmark a directory on a larger file system");
        }
    }

    @Override
    public final Trial run(WorkloadContext context) throws IOException {
        if (scratch == null || plan == null) {
            throw new IllegalStateException(name() + " is not prepared");
        }
        scratch.checkOpen();
        return trial(context);
    }

    /** Closes the workload's channels, then removes its directory and every file in it. Idempotent. */
    @Override
    public final void close() throws IOException {
        Scratch s = scratch;
        if (s == null) {
            return;
        }
        try {
            if (lanes != null) {
                lanes.close();
            }
            tearDown();
        } finally {
            s.close();
        }
    }

    final Scratch scratch() {
        return scratch;
    }

    final Lanes lanes() {
        return lanes;
    }

    /** Lane {@code lane}'s test file: "seq-write-0.dat". */
    final Path file(int lane) {
        return scratch.resolve(name() + "-" + lane + ".dat");
    }

    final int alignment() {
        return alignment;
    }

    final boolean direct() {
        return plan.mode() == IoMode.DIRECT;
    }

    /** Opens a file of the scratch directory for reading and writing, with O_DIRECT when the plan says so. */
    final FileChannel open(Path file, boolean create) throws IOException {
        scratch.checkOpen();
        Set<OpenOption> options = new HashSet<>(List.of(StandardOpenOption.READ, StandardOpenOption.WRITE));
        if (create) {
            options.add(StandardOpenOption.CREATE_NEW);
        }
        if (direct()) {
            options.add(ExtendedOpenOption.DIRECT);
        }
        return FileChannel.open(file, options);
    }

    /**
     * Writes lane {@code lane}'s whole test file in 1 MiB blocks of random bytes and fsyncs it (prepare of rewrite,
     * seq-read, rand-rw; untimed, so its block is not the run's).
     */
    final FileChannel layOut(int lane) throws IOException {
        ByteBuffer block = FileIo.randomBlock(BLOCK, alignment);
        FileChannel channel = open(file(lane), true);
        try {
            for (long position = 0; position < plan.fileBytes(); position += block.capacity()) {
                scratch.checkOpen();
                block.clear();
                FileIo.writeFully(channel, block, position);
            }
            channel.force(true);
            return channel;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }
}
