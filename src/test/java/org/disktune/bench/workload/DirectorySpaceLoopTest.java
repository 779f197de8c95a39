package org.disktune.bench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

import org.disktune.bench.Profile;
import org.disktune.bench.Workload;
import org.disktune.bench.WorkloadContext;
import org.disktune.bench.WorkloadResult;
import org.disktune.bench.run.BenchRunner;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.LoopFileSystem;
import org.disktune.host.RecordingCommandRunner;
import org.disktune.host.RootedHost;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The directory benchmark on a small ext4 file system on a loop device: every workload is prepared before the first
 * trial, so their test files exist at once. A file system that holds one test file (plus the margin) but not all of
 * them is refused before any test file is written, in one line naming the whole need; a set that fits runs.
 * Needs root (losetup, mkfs.ext4, mount).
 */
@Tag("loop")
class DirectorySpaceLoopTest {
    private static final long MIB = 1L << 20;

    @TempDir
    Path temp;

    @Test
    void aFileSystemTooSmallForAllTestFilesIsRefusedBeforeAnyIsWritten() throws IOException {
        try (LoopFileSystem fs = LoopFileSystem.ext4(temp, 400)) {
            Path mount = fs.mount();
            long free = Files.getFileStore(mount).getUsableSpace();
            long file = 40 * MIB;
            // one test file and the margin fit, four of them do not: the old per-workload check let the first
            // workloads lay out their files and refused a later one
            assertTrue(file + 256 * MIB < free && 4 * file + 256 * MIB > free, "free " + free);
            long before = fs.writtenKib();
            DisktuneException e = assertThrows(DisktuneException.class,
                    () -> new BenchRunner().run(DirectoryWorkloads.all(file), context(mount), BenchRunner.Progress.NONE));
            long writtenKib = fs.writtenKib() - before;
            assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
            assertTrue(Pattern.matches("not enough free space in " + Pattern.quote(mount.toString()) + " for the directory "
                    + "benchmark: seq-write, rewrite, seq-read, rand-rw, small-files need [0-9.]+ MiB at once \\([0-9.]+ MiB of "
                    + "files and a 256\\.0 MiB margin\\), [0-9.]+ MiB is free; free some space, run fewer workloads with --only, "
                    + "or benchmark a directory on a larger file system", e.getMessage()), e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
            assertTrue(writtenKib < file / 1024 / 4, "wrote " + writtenKib + " KiB before refusing");
            assertEquals(List.of("lost+found"), fs.names());

            // two test files fit: the same file system runs them
            List<Workload> two = DirectoryWorkloads.all(file).subList(0, 2);
            List<WorkloadResult> results = new BenchRunner().run(two, context(mount), BenchRunner.Progress.NONE);
            assertEquals(List.of("seq-write", "rewrite"), results.stream().map(WorkloadResult::name).toList());
            assertEquals(List.of("lost+found"), fs.names());
        }
    }

    private WorkloadContext context(Path directory) throws IOException {
        Path root = Files.createDirectories(temp.resolve("root"));
        RootedHost host = new RootedHost(root, new RecordingCommandRunner(), () -> {
            throw new IllegalStateException("no kernel log");
        }, Clock.systemUTC(), true);
        return new WorkloadContext(host, null, directory, Profile.QUICK, Clock.systemUTC(), System::nanoTime, Duration.ofMillis(100));
    }
}
