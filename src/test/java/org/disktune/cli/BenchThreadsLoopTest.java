package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

import org.disktune.bench.Profile;
import org.disktune.bench.WorkloadContext;
import org.disktune.bench.WorkloadResult;
import org.disktune.bench.run.BenchRunner;
import org.disktune.bench.workload.DirectoryWorkloads;
import org.disktune.bench.workload.IoShape;
import org.disktune.host.LoopFileSystem;
import org.disktune.host.RecordingCommandRunner;
import org.disktune.host.RootedHost;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seeds' write workloads (sysbench fileio seqwr/seqrewr with 16 threads of 8 KiB) on a 400 MiB ext4 file system on
 * a loop device: threaded seq-write and rewrite run and remove their files; {@code disktune bench DIR --threads 16
 * --block-size 8k} with its real sizes (a 1 GiB file per thread) is refused before anything is written, in one line
 * that counts every thread's file; --threads on a block device is refused. Needs root (losetup, mkfs.ext4, mount).
 */
@Tag("loop")
class BenchThreadsLoopTest {
    private static final long MIB = 1L << 20;

    @TempDir
    Path temp;

    @Test
    void threadedWritesRunAndRemoveTheirFilesAndATooSmallFileSystemIsRefusedUpFront() throws IOException {
        try (LoopFileSystem fs = LoopFileSystem.ext4(temp, 400)) {
            Path mount = fs.mount();
            // 16 threads of 8 KiB, a 2 MiB file each (64 MiB and the margin fit): both write workloads run, with a file per thread, and leave nothing
            List<WorkloadResult> results = new BenchRunner().run(DirectoryWorkloads.all(2 * MIB, true, new IoShape(16, 8192)).subList(0, 2),
                    context(mount), BenchRunner.Progress.NONE);
            assertEquals(List.of("seq-write", "rewrite"), results.stream().map(WorkloadResult::name).toList());
            for (WorkloadResult w : results) {
                assertEquals(5, w.trials().size(), w.name());
                w.trials().forEach(t -> assertEquals(t.operations() * 8192, t.bytes(), w.name() + ": 8 KiB per I/O " + t));
                assertTrue(w.median() > 0, w.name());
            }
            assertEquals(List.of("lost+found"), fs.names());

            // the real sizes: 16 files of 1 GiB for seq-write alone; refused before a test file is written
            long before = fs.writtenKib();
            CliRun refused = CliRun.run("bench", mount.toString(), "--only", "seq-write,rewrite", "--threads", "16", "--block-size", "8k",
                    "--quick");
            long writtenKib = fs.writtenKib() - before;
            assertEquals(4, refused.exitCode(), refused.err());
            assertTrue(Pattern.matches("disktune: not enough free space in " + Pattern.quote(mount.toString()) + " for the directory "
                    + "benchmark: seq-write, rewrite need 32\\.[0-9] GiB at once \\(32\\.0 GiB of files and a 256\\.0 MiB margin\\), "
                    + "[0-9.]+ MiB is free; free some space, run fewer workloads with --only, or benchmark a directory on a larger file "
                    + "system\n", refused.err()), refused.err());
            assertTrue(writtenKib < 1024, "wrote " + writtenKib + " KiB before refusing");
            assertEquals(List.of("lost+found"), fs.names());

            // a block device has fixed shapes
            CliRun device = CliRun.run("bench", "/dev/" + fs.loop().name(), "--force-read", "--threads", "4");
            assertEquals(2, device.exitCode(), device.err());
            assertEquals("disktune: --threads and --block-size shape the workloads of a directory; /dev/" + fs.loop().name() + " is a block "
                    + "device, whose workloads have fixed shapes: leave them out, or benchmark a directory on its file system\n", device.err());
            assertFalse(device.out().contains("stored"), device.out());
        }
    }

    private WorkloadContext context(Path directory) throws IOException {
        RootedHost host = new RootedHost(Files.createDirectories(temp.resolve("root")), new RecordingCommandRunner(), () -> {
            throw new IllegalStateException("no kernel log");
        }, Clock.systemUTC(), true);
        return new WorkloadContext(host, null, directory, Profile.QUICK, Clock.systemUTC(), System::nanoTime, Duration.ofMillis(100));
    }
}
