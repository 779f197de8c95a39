package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import org.disktune.persist.UdevadmTestRun;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The desired state on this machine's real kernel: two loop devices backed by temporary files stand for disks.
 * apply writes scheduler, read_ahead_kb and nr_requests through sysfs and the udev rules that keep them, verify
 * proves them, a value changed behind disktune's back is drift that apply repairs, a third loop device attached
 * after apply gets its settings from the generated rule (udevadm test, udev's own rule engine, in a private
 * mount namespace), a deleted rules file is drift, and rollback puts every original value back and removes the
 * rules file. The configuration is a --config file in a temporary directory; the one file this test lets disktune
 * write to this machine's /etc is /etc/udev/rules.d/90-disktune.rules (it must not exist before; rollback removes
 * it, and so does the clean-up if the test fails), and /etc is asserted unchanged afterwards. The journal and
 * backups this test adds under /var/lib/disktune are removed afterwards. Needs root and udev (CI runs as root and
 * installs udev).
 */
@Tag("loop")
class LiveLoopDeviceApplyTest {
    private static final Path STATE = Path.of("/var/lib/disktune");
    @TempDir
    Path dir;
    private Set<Path> stateBefore;
    private TreeMap<String, String> etcBefore;

    private static final Path RULES = Path.of("/etc/udev/rules.d/90-disktune.rules");

    @BeforeEach
    void remember() throws IOException {
        assertFalse(Files.exists(RULES), RULES + " exists on this machine; this test would overwrite it: run it elsewhere");
        stateBefore = Set.copyOf(listing(STATE));
        etcBefore = fingerprint(Path.of("/etc"));
    }

    @AfterEach
    void restore() throws IOException {
        Files.deleteIfExists(RULES);
        List<Path> added = new ArrayList<>(listing(STATE));
        added.removeAll(stateBefore);
        added.sort(Comparator.comparing(Path::getNameCount).reversed());
        for (Path p : added) {
            Files.deleteIfExists(p);
        }
        assertEquals(etcBefore, fingerprint(Path.of("/etc")), "/etc of this machine is left as it was");
    }

    @Test
    void applyVerifyDriftRepairHotplugAndRollbackOnLoopDevices() throws IOException {
        try (LoopDevice a = LoopDevice.attach(dir, 16); LoopDevice b = LoopDevice.attach(dir, 16)) {
            // not the default: the scheduler switches of apply and rollback reset nr_requests, so rollback must put
            // the scheduler back first and nr_requests after it
            a.setQueue("nr_requests", "64");
            String[] original = {a.queue("scheduler"), a.queue("read_ahead_kb"), a.queue("nr_requests"), b.queue("scheduler"),
                    b.queue("read_ahead_kb"), b.queue("nr_requests")};
            String later = LoopDevice.absentName();
            Path config = dir.resolve("disktune.conf");
            Files.writeString(config, """
                    # scratch disks of the test: loop devices have no WWN or serial, so a kernel name is right here
                    [disk scratch-a]
                    match.name = %s
                    scheduler = mq-deadline
                    read_ahead_kb = 1024
                    nr_requests = 32

                    [disk scratch-b]
                    match.name = %s
                    scheduler = none
                    read_ahead_kb = 512

                    # plugged in after apply
                    [disk scratch-later]
                    match.name = %s
                    read_ahead_kb = 768
                    """.formatted(a.name(), b.name(), later));
            String conf = config.toString();

            CliRun plan = CliRun.run("--config", conf, "plan");
            assertEquals(0, plan.exitCode(), plan.err());
            assertTrue(plan.out().contains("/sys/block/" + a.name() + "/queue/read_ahead_kb: " + original[1] + " -> 1024"), plan.out());
            assertTrue(plan.out().contains("absent: [disk scratch-later] line 14 matches no disk"), plan.out());

            CliRun apply = CliRun.run("--config", conf, "apply");
            assertEquals(0, apply.exitCode(), apply.out() + apply.err());
            assertTrue(a.queue("scheduler").contains("[mq-deadline]"), a.queue("scheduler"));
            assertEquals("1024", a.queue("read_ahead_kb"));
            assertEquals("32", a.queue("nr_requests"));
            assertTrue(b.queue("scheduler").contains("[none]"), b.queue("scheduler"));
            assertEquals("512", b.queue("read_ahead_kb"));
            String rules = Files.readString(RULES);
            assertTrue(rules.contains("KERNEL==\"" + later + "\"") && rules.contains("ATTR{queue/read_ahead_kb}=\"768\""), rules);
            String firstId = journalIdOf(apply);

            CliRun again = CliRun.run("--config", conf, "apply");
            assertEquals(0, again.exitCode(), again.err());
            assertTrue(again.out().startsWith("nothing to change"), again.out());
            assertEquals(firstId, newestJournalId(), "a second apply writes no journal entry");

            CliRun verify = CliRun.run("--config", conf, "verify");
            assertEquals(0, verify.exitCode(), verify.out() + verify.err());
            assertTrue(verify.out().lines().anyMatch(l -> l.startsWith("ok") && l.contains("persistence") && l.contains(RULES.toString())),
                    verify.out());

            a.setQueue("read_ahead_kb", "64");
            CliRun drift = CliRun.run("--config", conf, "verify");
            assertEquals(1, drift.exitCode(), drift.out() + drift.err());
            assertTrue(drift.out().lines().anyMatch(l -> l.contains(a.name()) && l.contains("read_ahead_kb") && l.contains("drift")),
                    drift.out());

            CliRun repair = CliRun.run("--config", conf, "apply");
            assertEquals(0, repair.exitCode(), repair.out() + repair.err());
            assertEquals("1024", a.queue("read_ahead_kb"));
            assertEquals(0, CliRun.run("--config", conf, "verify").exitCode());

            try (LoopDevice c = LoopDevice.attachAt(dir, 16, later)) {
                assertEquals(later, c.name());
                assertFalse(c.queue("read_ahead_kb").equals("768"), "the new device starts from the kernel's default");
                UdevadmTestRun.Result udev = UdevadmTestRun.run(RULES, "/sys/block/" + later);
                assertTrue(udev.writes().stream().anyMatch(w -> w.attribute().endsWith("/" + later + "/queue/read_ahead_kb")
                        && w.value().equals("768")), udev.output());
                assertEquals("768", c.queue("read_ahead_kb"), "udev's rule engine applied the generated rule to the new device");
                assertEquals(0, CliRun.run("--config", conf, "verify").exitCode());
            }

            Files.delete(RULES);
            CliRun lost = CliRun.run("--config", conf, "verify");
            assertEquals(1, lost.exitCode(), lost.out() + lost.err());
            assertTrue(lost.out().lines().anyMatch(l -> l.startsWith("drift") && l.contains(RULES.toString()) && l.contains("is missing")
                    && l.contains("will be lost at reboot")), lost.out());
            CliRun rewrite = CliRun.run("--config", conf, "apply");
            assertEquals(0, rewrite.exitCode(), rewrite.out() + rewrite.err());
            assertEquals(rules, Files.readString(RULES));

            CliRun rollback = CliRun.run("rollback", "--to", firstId);
            assertEquals(0, rollback.exitCode(), rollback.out() + rollback.err());
            String[] now = {a.queue("scheduler"), a.queue("read_ahead_kb"), a.queue("nr_requests"), b.queue("scheduler"),
                    b.queue("read_ahead_kb"), b.queue("nr_requests")};
            assertEquals(List.of(original), List.of(now), "rollback restores every original value");
            assertFalse(Files.exists(RULES), "rollback removes the rules file disktune created");
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
