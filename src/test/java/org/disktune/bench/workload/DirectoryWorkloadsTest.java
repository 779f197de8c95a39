package org.disktune.bench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.disktune.bench.Profile;
import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.Workload;
import org.disktune.bench.WorkloadContext;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.Host;
import org.disktune.host.LoopFileSystem;
import org.disktune.host.RecordingCommandRunner;
import org.disktune.host.RootedHost;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every directory workload on a real file system (the temp directory, and tmpfs/ramfs mounted for the test: the tests
 * run as root) with a few MiB and trials of 150 ms: sane figures, the plan it says, nothing left behind, and refusal
 * before writing when the space is short.
 */
class DirectoryWorkloadsTest {
    private static final long MIB = 1L << 20;
    private static final Duration TRIAL = Duration.ofMillis(150);

    @TempDir
    Path temp;

    /** A host whose /proc/meminfo says {@code memTotalKib}: the buffered test file is twice that. */
    private Host host(long memTotalKib) throws IOException {
        Path root = Files.createDirectories(temp.resolve("root"));
        Files.createDirectories(root.resolve("proc"));
        Files.writeString(root.resolve("proc/meminfo"), "MemTotal:       " + memTotalKib + " kB\nMemFree:         1000 kB\n",
                StandardCharsets.US_ASCII);
        return new RootedHost(root, new RecordingCommandRunner(), () -> {
            throw new IllegalStateException("no kernel log");
        }, Clock.systemUTC(), true);
    }

    private static WorkloadContext context(Host host, Path directory) {
        return new WorkloadContext(host, null, directory, Profile.QUICK, Clock.systemUTC(), System::nanoTime, TRIAL);
    }

    private static List<String> names(Path directory) throws IOException {
        try (Stream<Path> list = Files.list(directory)) {
            return list.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void theWorkloadsAreTheContractsNamesInBonnieOrder() {
        List<Workload> all = DirectoryWorkloads.all();
        assertEquals(List.of("seq-write", "rewrite", "seq-read", "rand-rw", "small-files"), all.stream().map(Workload::name).toList());
        assertEquals(List.of(Unit.MB_S, Unit.MB_S, Unit.MB_S, Unit.IOPS, Unit.OPS_S), all.stream().map(Workload::unit).toList());
    }

    @Test
    void everyWorkloadWithODirectGivesSaneFiguresAndLeavesNothingBehind() throws IOException {
        Path target = Files.createDirectories(temp.resolve("target"));
        runAll(DirectoryWorkloads.all(4 * MIB), host(1024), target, IoMode.DIRECT, 4 * MIB);
    }

    @Test
    void everyWorkloadBufferedSizesItsFileAtTwiceRamAndLeavesNothingBehind() throws IOException {
        Path target = Files.createDirectories(temp.resolve("target"));
        // MemTotal 1.5 MiB: twice RAM is a 3 MiB file
        List<DirectoryWorkload> run = runAll(DirectoryWorkloads.all(0, false), host(1536), target, IoMode.BUFFERED, 3 * MIB);
        DirectoryPlan plan = run.get(0).plan();
        assertEquals(1536 * 1024, plan.memTotalBytes());
        assertFalse(plan.sizeFromCaller());
        assertTrue(run.get(0).method().matches("buffered on \\S+ \\(O_DIRECT not tried\\), 3\\.0 MiB test file \\(twice RAM, so that the page cache cannot hold it\\)"),
                run.get(0).method());
    }

    private List<DirectoryWorkload> runAll(List<Workload> workloads, Host host, Path target, IoMode mode, long fileBytes) throws IOException {
        List<DirectoryWorkload> done = new ArrayList<>();
        for (Workload w : workloads) {
            DirectoryWorkload workload = (DirectoryWorkload) w;
            WorkloadContext context = context(host, target);
            try (workload) {
                workload.prepare(context);
                List<String> inside = names(target);
                assertEquals(1, inside.size(), w.name() + ": one fresh directory " + inside);
                assertTrue(inside.get(0).startsWith(".disktune-bench-"), inside.get(0));
                assertEquals(mode, workload.plan().mode(), w.name());
                assertEquals(w.name().equals("small-files") ? 0 : fileBytes, workload.plan().fileBytes(), w.name());
                for (int i = 0; i < 2; i++) {
                    assertSane(w, workload.run(context), fileBytes);
                }
            }
            assertEquals(List.of(), names(target), w.name() + " left files behind");
            done.add(workload);
        }
        return done;
    }

    private static void assertSane(Workload w, Trial t, long fileBytes) {
        String what = w.name() + " " + t;
        assertTrue(t.value() > 0 && t.bytes() > 0 && t.operations() > 0 && t.seconds() > 0, what);
        if (w.unit() == Unit.MB_S) {
            assertEquals(t.bytes() / 1e6 / t.seconds(), t.value(), t.value() * 1e-9, what);
            assertEquals(0, t.bytes() % MIB, what);
            assertTrue(t.value() < 100_000, what + ": faster than memory");
        } else {
            assertEquals(t.operations() / t.seconds(), t.value(), t.value() * 1e-9, what);
        }
        if (w.name().equals("seq-write")) {
            // stops when the file is full or the trial time is up
            assertTrue(t.bytes() == fileBytes || t.seconds() >= TRIAL.toNanos() / 1e9, what);
            assertTrue(t.bytes() <= fileBytes, what);
        } else {
            assertTrue(t.seconds() >= TRIAL.toNanos() / 1e9 && t.seconds() < 5, what);
        }
        if (w.name().equals("small-files")) {
            assertEquals(0, t.operations() % (3 * SmallFiles.BATCH), what);
        }
    }

    @Test
    void aFileBiggerThanTheFreeSpaceIsRefusedBeforeAnythingIsWritten() throws IOException {
        Path target = Files.createDirectories(temp.resolve("target"));
        long free = Files.getFileStore(target).getUsableSpace();
        for (Workload w : DirectoryWorkloads.all(free + 1024 * MIB)) {
            if (w.name().equals("small-files")) {
                continue;
            }
            DisktuneException e = assertThrows(DisktuneException.class, () -> w.prepare(context(host(1024), target)), w.name());
            assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
            assertTrue(e.getMessage().startsWith("not enough free space in " + target + " for the " + w.name() + " benchmark: it needs "),
                    e.getMessage());
            assertTrue(e.getMessage().endsWith("; free some space or benchmark a directory on a larger file system"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
            assertEquals(List.of(), names(target), w.name() + " wrote before refusing");
            w.close();
        }
    }

    @Test
    @Tag("root")
    void aNearlyFullFileSystemIsRefusedBeforeAnythingIsWritten() throws IOException {
        Path target = Files.createDirectories(temp.resolve("tiny"));
        try (Mount tmpfs = Mount.of("tmpfs", "size=1m", target)) {
            for (Workload w : DirectoryWorkloads.all(MIB)) {
                DisktuneException e = assertThrows(DisktuneException.class, () -> w.prepare(context(host(1024), target)), w.name());
                assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
                String size = w.name().equals("small-files") ? "a batch of small files" : "a 1.0 MiB test file";
                assertTrue(e.getMessage().matches("not enough free space in " + java.util.regex.Pattern.quote(target.toString()) + " for the "
                        + w.name() + " benchmark: it needs [0-9.]+ MiB \\(" + size + " and a 256\\.0 MiB margin\\), 1\\.0 MiB is free; "
                        + "free some space or benchmark a directory on a larger file system"), e.getMessage());
                assertEquals(List.of(), names(target));
                w.close();
            }
        }
    }

    @Test
    @Tag("root")
    void oDirectIsDetectedPerFileSystem() throws IOException {
        Path disk = Files.createDirectories(temp.resolve("disk"));
        assertTrue(FileIo.directIoWorks(disk, 4096), "the temp directory's file system (" + Files.getFileStore(disk).type()
                + ") takes O_DIRECT");
        assertEquals(List.of(), names(disk), "the probe is removed");

        Path ram = Files.createDirectories(temp.resolve("ramfs"));
        try (Mount ramfs = Mount.of("ramfs", "", ram)) {
            assertFalse(FileIo.directIoWorks(ram, 4096), "ramfs has no direct I/O");
            assertEquals(List.of(), names(ram), "the probe is removed");
        }

        // tmpfs refused O_DIRECT (EINVAL) until Linux 6.6 added "trivial support for direct IO" to shmem
        Path shm = Files.createDirectories(temp.resolve("tmpfs"));
        try (Mount tmpfs = Mount.of("tmpfs", "size=4m", shm)) {
            assertEquals(kernelAtLeast(6, 6), FileIo.directIoWorks(shm, 4096), "tmpfs on " + System.getProperty("os.version"));
            assertEquals(List.of(), names(shm));
        }
    }

    private static boolean kernelAtLeast(int major, int minor) {
        String[] v = System.getProperty("os.version").split("[.-]");
        int ma = Integer.parseInt(v[0]);
        int mi = Integer.parseInt(v[1]);
        return ma > major || (ma == major && mi >= minor);
    }

    @Test
    void theMethodSaysWhatWasMeasured() {
        assertEquals("O_DIRECT on ext4, 1.0 GiB test file", new DirectoryPlan(IoMode.DIRECT, false, 1L << 30, 0, "ext4", false).describe());
        assertEquals("buffered on ramfs (O_DIRECT refused), 47.1 GiB test file (twice RAM, so that the page cache cannot hold it)",
                new DirectoryPlan(IoMode.BUFFERED, true, 2 * 24683584L * 1024 / MIB * MIB, 24683584L * 1024, "ramfs", false).describe());
        assertEquals("buffered on tmpfs (O_DIRECT refused), 4.0 MiB test file (size set by the caller: the page cache may hold it)",
                new DirectoryPlan(IoMode.BUFFERED, true, 4 * MIB, 0, "tmpfs", true).describe());
        assertEquals("small files on xfs (no test file; the directory is fsynced after each batch)",
                new DirectoryPlan(IoMode.DIRECT, false, 0, 0, "xfs", false).describe());
    }

    @Test
    void memTotalIsReadInKibAndAMissingLineIsAnEnvironmentError() {
        assertEquals(24683584L * 1024, MemTotal.parse("MemTotal:       24683584 kB\nMemFree:  1 kB\n"));
        DisktuneException e = assertThrows(DisktuneException.class, () -> MemTotal.parse("MemFree: 1 kB\n"));
        assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
    }

    @Test
    void aTargetThatIsNotADirectoryIsAUsageErrorAndAPreparedWorkloadCannotBePreparedAgain() throws IOException {
        Path file = Files.writeString(temp.resolve("file"), "x");
        Workload w = DirectoryWorkloads.all(MIB).get(0);
        DisktuneException e = assertThrows(DisktuneException.class, () -> w.prepare(context(host(1024), file)));
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertEquals(file + " is not a directory; give a directory on the file system to benchmark", e.getMessage());
        assertThrows(IllegalStateException.class, () -> w.run(context(host(1024), file)));
    }

    /** A file system mounted for one test (root only), unmounted on close. */
    record Mount(Path at) implements AutoCloseable {
        static Mount of(String type, String options, Path at) throws IOException {
            List<String> argv = new ArrayList<>(List.of("mount", "-t", type));
            if (!options.isEmpty()) {
                argv.addAll(List.of("-o", options));
            }
            argv.addAll(List.of(type, at.toString()));
            LoopFileSystem.run(argv.toArray(String[]::new));
            return new Mount(at);
        }

        @Override
        public void close() throws IOException {
            LoopFileSystem.run("umount", at.toString());
        }
    }
}
