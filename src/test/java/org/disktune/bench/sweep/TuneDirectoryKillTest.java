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
import java.util.List;
import java.util.stream.Stream;

import org.disktune.host.LoopDevice;
import org.disktune.host.LoopFileSystem;
import org.disktune.testing.RemoveAddedState;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tune DIR} stopped by Ctrl-C (SIGINT) and by SIGTERM in the middle of its sweep, on a loop-device ext4 of this
 * machine's kernel: the child ({@link DirectorySweepKillChild}) is signalled at the first moment a sweep point (not the
 * settings before it) is in force while its write workloads' files exist. Afterwards every setting the sweep changed
 * (scheduler, read_ahead_kb, nr_requests) is back, the file system holds no file of the sweep, and the journal holds
 * the sweep's one entry. What the test adds under /var/lib/disktune is removed afterwards. Needs root.
 */
@Tag("loop")
@ExtendWith(RemoveAddedState.class)
class TuneDirectoryKillTest {
    @TempDir
    Path dir;

    @Test
    void ctrlCAndSigtermMidSweepPutEverySettingBackAndLeaveNoFile() throws Exception {
        for (String signal : List.of("INT", "TERM")) {
            try (LoopFileSystem fs = LoopFileSystem.ext4(dir, 320)) {
                LoopDevice loop = fs.loop();
                loop.setQueue("scheduler", "none");
                loop.setQueue("read_ahead_kb", "4096");
                loop.setQueue("nr_requests", "64");
                List<String> before = settings(loop);
                int journalBefore = journalEntries().size();

                int exit = stopWhileAPointIsInForceAndFilesExist(fs, before, signal);

                assertEquals(128 + (signal.equals("INT") ? 2 : 15), exit, "SIG" + signal);
                assertEquals(before, settings(loop), "SIG" + signal + ": every setting the sweep changed is back");
                assertEquals(List.of("lost+found"), fs.names(), "SIG" + signal + ": every file of the sweep removed");
                List<Path> added = journalEntries();
                assertEquals(1, added.size() - journalBefore, "SIG" + signal + ": one journal entry for the sweep: " + added);
            }
        }
    }

    /** Starts the child, waits until a point is in force while the sweep's files exist, signals it; its exit code. */
    private static int stopWhileAPointIsInForceAndFilesExist(LoopFileSystem fs, List<String> before, String signal)
            throws Exception {
        String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Path log = Files.createTempFile("tune-kill", ".log");
        Process child = new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-Xmx128m", "-cp", System.getProperty("java.class.path"),
                DirectorySweepKillChild.class.getName(), fs.mount().toString()).redirectError(log.toFile()).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII));
            assertEquals("sweeping", out.readLine(), () -> "child: " + read(log));
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (settings(fs.loop()).equals(before) || fs.names().size() < 2) {
                assertTrue(System.nanoTime() < deadline && child.isAlive(), () -> "no point in force while files exist; child: " + read(log));
                Thread.sleep(1);
            }
            LoopFileSystem.run("kill", "-" + signal, Long.toString(child.pid()));
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
        Path journal = RemoveAddedState.STATE.resolve("journal");
        if (!Files.isDirectory(journal)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(journal)) {
            return s.toList();
        }
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
