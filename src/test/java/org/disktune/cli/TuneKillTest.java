package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

import org.disktune.apply.Journal;
import org.disktune.apply.JournalEntry;
import org.disktune.apply.JournaledChange;
import org.disktune.bench.sweep.SweepKillChild;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tune} killed in the middle of its sweep, in a child JVM ({@link SweepKillChild}) sweeping read_ahead_kb of a
 * device in a --root tree through the real journal: signalled while a point (not the current settings) is in force.
 * SIGTERM: the shutdown hook puts every setting back. SIGKILL: nothing runs, the point stays in force, and
 * {@code disktune rollback --to} the sweep's one journal entry puts every setting back (read_ahead_kb, and nr_requests,
 * which the entry holds too).
 */
class TuneKillTest {
    @TempDir
    Path tree;

    private Path machine(String name) throws IOException {
        Path root = tree.resolve(name);
        Path queue = Files.createDirectories(root.resolve("sys/block/sdx/queue"));
        Files.writeString(queue.resolve("scheduler"), "[none] mq-deadline\n");
        Files.writeString(queue.resolve("read_ahead_kb"), "128\n");
        Files.writeString(queue.resolve("nr_requests"), "64\n");
        return root;
    }

    private static String readAhead(Path root) throws IOException {
        return Files.readString(root.resolve("sys/block/sdx/queue/read_ahead_kb")).strip();
    }

    @Test
    void sigtermMidSweepPutsEverySettingBackAndSigkillLeavesOneEntryThatRollbackTakesBack() throws Exception {
        Path term = machine("term");
        assertEquals(128 + 15, killWhileAPointIsInForce(term, "TERM"));
        assertEquals("128", readAhead(term), "the shutdown hook put read_ahead_kb back");
        assertEquals(1, journal(term).size(), "one entry for the sweep, however many switches: " + journal(term));

        Path killed = machine("kill");
        assertEquals(128 + 9, killWhileAPointIsInForce(killed, "KILL"));
        assertTrue(!readAhead(killed).equals("128"), "SIGKILL runs nothing: the point stays in force");
        List<JournalEntry> entries = journal(killed);
        assertEquals(1, entries.size(), "one entry for the sweep: " + entries);
        JournalEntry sweep = entries.get(0);
        assertTrue(sweep.description().startsWith("tune sdx: sweep from "), sweep.description());
        assertEquals(List.of("/sys/block/sdx/queue/scheduler=none", "/sys/block/sdx/queue/read_ahead_kb=128", "/sys/block/sdx/queue/nr_requests=64"),
                sweep.changes().stream().map(c -> (JournaledChange.AttributeWrite) c).map(a -> a.path() + "=" + a.oldValue()).toList(),
                "the entry holds every setting the sweep may change with its value before it");

        CliRun rollback = CliRun.run("--root", killed.toString(), "rollback", "--to", sweep.id());
        assertEquals(0, rollback.exitCode(), rollback.out() + rollback.err());
        assertEquals("128", readAhead(killed), rollback.out());
        assertEquals("64", Files.readString(killed.resolve("sys/block/sdx/queue/nr_requests")).strip());
    }

    private static List<JournalEntry> journal(Path root) {
        return new Journal(new RootedHost(root, new RefusingCommandRunner("test"), () -> {
            throw new IllegalStateException("no kernel log");
        }, Clock.systemUTC(), true)).entries();
    }

    /** Starts the child, waits until read_ahead_kb reads a point's value, signals it and returns its exit code. */
    private static int killWhileAPointIsInForce(Path root, String signal) throws Exception {
        String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Path log = Files.createTempFile(root, "child", ".log");
        Process child = new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-Xmx96m", "-cp", System.getProperty("java.class.path"),
                SweepKillChild.class.getName(), root.toString()).redirectError(log.toFile()).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII));
            assertEquals("sweeping", out.readLine(), () -> "child: " + read(log));
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (readAhead(root).equals("128")) {
                assertTrue(System.nanoTime() < deadline && child.isAlive(), () -> "no point came into force; child: " + read(log));
                Thread.sleep(1);
            }
            if (signal.equals("KILL")) {
                child.destroyForcibly(); // SIGKILL at once: a point's trials take 150 ms, so the point is still in force
            } else {
                child.destroy(); // SIGTERM
            }
            return child.waitFor();
        } finally {
            child.destroyForcibly();
            child.waitFor();
            Files.deleteIfExists(log);
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
