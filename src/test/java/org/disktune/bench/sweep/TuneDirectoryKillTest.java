package org.disktune.bench.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.disktune.host.LoopDevice;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tune DIR} stopped by Ctrl-C (SIGINT) and by SIGTERM in the middle of its sweep, on a loop-device ext4 of this
 * machine's kernel: the child ({@link DirectorySweepKillChild}) is signalled at the first moment a sweep point (not the
 * settings before it) is in force while its write workloads' files exist. Afterwards every setting the sweep changed
 * (scheduler, read_ahead_kb, nr_requests) is back, the file system holds no file of the sweep, and the journal holds
 * the sweep's one entry. What the test adds under /var/lib/disktune is removed afterwards. Needs root.
 */
@Tag("loop")
class TuneDirectoryKillTest {
    private static final Path STATE = Path.of("/var/lib/disktune");
    @TempDir
    Path dir;
    private Set<Path> stateBefore;

    @BeforeEach
    void remember() throws IOException {
        stateBefore = Set.copyOf(listing(STATE));
    }

    @AfterEach
    void removeWhatTheTestAdded() throws IOException {
        List<Path> added = new ArrayList<>(listing(STATE));
        added.removeAll(stateBefore);
        added.sort(Comparator.comparing(Path::getNameCount).reversed());
        for (Path p : added) {
            Files.deleteIfExists(p);
        }
    }

    @Test
    void ctrlCAndSigtermMidSweepPutEverySettingBackAndLeaveNoFile() throws Exception {
        for (String signal : List.of("INT", "TERM")) {
            try (LoopDevice loop = LoopDevice.attach(dir, 320)) {
                run("mkfs.ext4", "-q", "-m", "0", "-E", "lazy_itable_init=0,lazy_journal_init=0", "/dev/" + loop.name());
                Path mount = Files.createDirectories(dir.resolve("mnt-" + signal));
                run("mount", "/dev/" + loop.name(), mount.toString());
                try {
                    loop.setQueue("scheduler", "none");
                    loop.setQueue("read_ahead_kb", "4096");
                    loop.setQueue("nr_requests", "64");
                    List<String> before = settings(loop);
                    int journalBefore = journalEntries().size();

                    int exit = stopWhileAPointIsInForceAndFilesExist(loop, mount, before, signal);

                    assertEquals(128 + (signal.equals("INT") ? 2 : 15), exit, "SIG" + signal);
                    assertEquals(before, settings(loop), "SIG" + signal + ": every setting the sweep changed is back");
                    assertEquals(List.of("lost+found"), names(mount), "SIG" + signal + ": every file of the sweep removed");
                    List<Path> added = journalEntries();
                    assertEquals(1, added.size() - journalBefore, "SIG" + signal + ": one journal entry for the sweep: " + added);
                } finally {
                    run("umount", mount.toString());
                }
            }
        }
    }

    /** Starts the child, waits until a point is in force while the sweep's files exist, signals it; its exit code. */
    private static int stopWhileAPointIsInForceAndFilesExist(LoopDevice loop, Path mount, List<String> before, String signal)
            throws Exception {
        String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Path log = Files.createTempFile("tune-kill", ".log");
        Process child = new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-Xmx128m", "-cp", System.getProperty("java.class.path"),
                DirectorySweepKillChild.class.getName(), mount.toString()).redirectError(log.toFile()).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII));
            assertEquals("sweeping", out.readLine(), () -> "child: " + read(log));
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (settings(loop).equals(before) || names(mount).size() < 2) {
                assertTrue(System.nanoTime() < deadline && child.isAlive(), () -> "no point in force while files exist; child: " + read(log));
                Thread.sleep(1);
            }
            run("kill", "-" + signal, Long.toString(child.pid()));
            int exit = child.waitFor();
            assertFalse(read(log).contains("could not remove"), () -> read(log));
            return exit;
        } finally {
            child.destroyForcibly();
            child.waitFor();
            Files.deleteIfExists(log);
        }
    }

    private static List<String> settings(LoopDevice loop) {
        return List.of(loop.queue("scheduler"), loop.queue("read_ahead_kb"), loop.queue("nr_requests"));
    }

    private static List<Path> journalEntries() throws IOException {
        Path journal = STATE.resolve("journal");
        if (!Files.isDirectory(journal)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(journal)) {
            return s.toList();
        }
    }

    private static List<String> names(Path directory) throws IOException {
        try (Stream<Path> list = Files.list(directory)) {
            return list.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static void run(String... argv) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IOException(List.of(argv) + " failed: " + out);
        }
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static List<Path> listing(Path top) throws IOException {
        if (!Files.exists(top)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(top)) {
            return s.toList();
        }
    }
}
