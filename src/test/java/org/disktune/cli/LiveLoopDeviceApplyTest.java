package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.disktune.host.LoopDevice;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The desired state on this machine's real kernel: two loop devices backed by temporary files stand for disks.
 * apply writes scheduler, read_ahead_kb and nr_requests through sysfs, verify proves them, a value changed
 * behind disktune's back is drift that apply repairs, and rollback puts every original value back. The
 * configuration is a --config file in a temporary directory, so /etc is never touched (asserted); the journal
 * and backups this test adds under /var/lib/disktune are removed afterwards. Needs root (CI runs as root).
 */
class LiveLoopDeviceApplyTest {
    private static final Path STATE = Path.of("/var/lib/disktune");
    @TempDir
    Path dir;
    private Set<Path> stateBefore;
    private TreeMap<String, String> etcBefore;

    @BeforeEach
    void remember() throws IOException {
        stateBefore = Set.copyOf(listing(STATE));
        etcBefore = fingerprint(Path.of("/etc"));
    }

    @AfterEach
    void restore() throws IOException {
        List<Path> added = new ArrayList<>(listing(STATE));
        added.removeAll(stateBefore);
        added.sort(Comparator.comparing(Path::getNameCount).reversed());
        for (Path p : added) {
            Files.deleteIfExists(p);
        }
        assertEquals(etcBefore, fingerprint(Path.of("/etc")), "/etc of this machine is left as it was");
    }

    @Test
    void applyVerifyDriftRepairAndRollbackOnLoopDevices() throws IOException {
        try (LoopDevice a = LoopDevice.attach(dir, 16); LoopDevice b = LoopDevice.attach(dir, 16)) {
            String[] original = {a.queue("scheduler"), a.queue("read_ahead_kb"), a.queue("nr_requests"), b.queue("scheduler"),
                    b.queue("read_ahead_kb"), b.queue("nr_requests")};
            Path config = dir.resolve("disktune.conf");
            Files.writeString(config, """
                    # two scratch disks of the test: loop devices have no WWN or serial, so a kernel name is right here
                    [disk scratch-a]
                    match.name = %s
                    scheduler = mq-deadline
                    read_ahead_kb = 1024
                    nr_requests = 32

                    [disk scratch-b]
                    match.name = %s
                    scheduler = none
                    read_ahead_kb = 512
                    """.formatted(a.name(), b.name()));
            String conf = config.toString();

            CliRun plan = CliRun.run("--config", conf, "plan");
            assertEquals(0, plan.exitCode(), plan.err());
            assertTrue(plan.out().contains("/sys/block/" + a.name() + "/queue/read_ahead_kb: " + original[1] + " -> 1024"), plan.out());

            CliRun apply = CliRun.run("--config", conf, "apply");
            assertEquals(0, apply.exitCode(), apply.out() + apply.err());
            assertTrue(a.queue("scheduler").contains("[mq-deadline]"), a.queue("scheduler"));
            assertEquals("1024", a.queue("read_ahead_kb"));
            assertEquals("32", a.queue("nr_requests"));
            assertTrue(b.queue("scheduler").contains("[none]"), b.queue("scheduler"));
            assertEquals("512", b.queue("read_ahead_kb"));
            String firstId = journalIdOf(apply);

            CliRun again = CliRun.run("--config", conf, "apply");
            assertEquals(0, again.exitCode(), again.err());
            assertTrue(again.out().startsWith("nothing to change"), again.out());
            assertEquals(firstId, newestJournalId(), "a second apply writes no journal entry");

            CliRun verify = CliRun.run("--config", conf, "verify");
            assertEquals(0, verify.exitCode(), verify.out() + verify.err());

            a.setQueue("read_ahead_kb", "64");
            CliRun drift = CliRun.run("--config", conf, "verify");
            assertEquals(1, drift.exitCode(), drift.out() + drift.err());
            assertTrue(drift.out().lines().anyMatch(l -> l.contains(a.name()) && l.contains("read_ahead_kb") && l.contains("drift")),
                    drift.out());

            CliRun repair = CliRun.run("--config", conf, "apply");
            assertEquals(0, repair.exitCode(), repair.out() + repair.err());
            assertEquals("1024", a.queue("read_ahead_kb"));
            assertEquals(0, CliRun.run("--config", conf, "verify").exitCode());

            CliRun rollback = CliRun.run("rollback", "--to", firstId);
            assertEquals(0, rollback.exitCode(), rollback.out() + rollback.err());
            String[] now = {a.queue("scheduler"), a.queue("read_ahead_kb"), a.queue("nr_requests"), b.queue("scheduler"),
                    b.queue("read_ahead_kb"), b.queue("nr_requests")};
            assertEquals(List.of(original), List.of(now), "rollback restores every original value");
        }
    }

    private static String journalIdOf(CliRun apply) {
        return apply.out().lines().filter(l -> l.startsWith("applied: journal ")).map(l -> l.split(" ")[2]).findFirst()
                .orElseThrow(() -> new AssertionError("no journal id in: " + apply.out()));
    }

    private static String newestJournalId() throws IOException {
        JsonNode history = new ObjectMapper().readTree(CliRun.run("--json", "history").out());
        JsonNode entries = history.get("entries");
        return entries.get(entries.size() - 1).get("id").asText();
    }

    private static List<Path> listing(Path top) throws IOException {
        if (!Files.exists(top)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(top)) {
            return s.toList();
        }
    }

    /** Every path under /etc with its size and modification time (what a change would move). */
    private static TreeMap<String, String> fingerprint(Path etc) throws IOException {
        TreeMap<String, String> prints = new TreeMap<>();
        Files.walkFileTree(etc, new java.nio.file.SimpleFileVisitor<>() {
            @Override
            public java.nio.file.FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                prints.put(file.toString(), attrs.size() + "@" + attrs.lastModifiedTime());
                return java.nio.file.FileVisitResult.CONTINUE;
            }

            @Override
            public java.nio.file.FileVisitResult visitFileFailed(Path file, IOException e) {
                return java.nio.file.FileVisitResult.CONTINUE;
            }
        });
        return prints;
    }
}
