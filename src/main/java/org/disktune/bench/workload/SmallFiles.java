package org.disktune.bench.workload;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;

import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.WorkloadContext;

/**
 * small-files, bonnie++'s "Sequential Create" phase: batches of 100 files of 1 KiB created in one directory (the
 * directory fsynced after the batch, so the creations reach the file system's journal), each stat'ed, then deleted
 * (the directory fsynced again), until the trial time is up; ops/s counts every create, stat and delete. bonnie++
 * makes empty files by default and syncs nothing; the fsyncs here keep the figure about the file system rather than
 * the dentry cache.
 */
final class SmallFiles extends DirectoryWorkload {
    static final int BATCH = 100;
    static final int FILE_BYTES = 1024;
    private final byte[] content = new byte[FILE_BYTES];
    private Path directory;

    SmallFiles(boolean directAllowed) {
        super(0, directAllowed, IoShape.DEFAULT);
    }

    @Override
    public String name() {
        return "small-files";
    }

    @Override
    public Unit unit() {
        return Unit.OPS_S;
    }

    @Override
    boolean usesTestFile() {
        return false;
    }

    @Override
    long otherBytes() {
        return BATCH * 4096L;
    }

    @Override
    void setUp(WorkloadContext context) throws IOException {
        directory = Files.createDirectory(scratch().resolve("small-files"));
        new java.util.SplittableRandom().nextBytes(content);
    }

    @Override
    Trial trial(WorkloadContext context) throws IOException {
        long limit = Trials.trialNanos(context);
        long start = context.nanoTime().getAsLong();
        long operations = 0;
        long batches = 0;
        Path[] files = new Path[BATCH];
        do {
            for (int i = 0; i < BATCH; i++) {
                scratch().checkOpen();
                files[i] = directory.resolve("f" + batches + "-" + i);
                Files.write(files[i], content, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            }
            syncDirectory();
            for (Path file : files) {
                if (Files.readAttributes(file, BasicFileAttributes.class).size() != FILE_BYTES) {
                    throw new IOException(file + " does not hold the " + FILE_BYTES + " bytes just written");
                }
            }
            for (Path file : files) {
                Files.delete(file);
            }
            syncDirectory();
            operations += 3L * BATCH;
            batches++;
        } while (context.nanoTime().getAsLong() - start < limit);
        return Trials.perSecond(operations, batches * BATCH * FILE_BYTES, Trials.elapsed(context.nanoTime(), start));
    }

    private void syncDirectory() throws IOException {
        try (FileChannel dir = FileChannel.open(directory, StandardOpenOption.READ)) {
            dir.force(true);
        }
    }

    @Override
    void tearDown() {
        directory = null;
    }
}
