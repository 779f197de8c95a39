package org.disktune.apply;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.disktune.apply.SysfsMachine.ID_A;
import static org.disktune.apply.SysfsMachine.ID_B;
import static org.disktune.apply.SysfsMachine.SDA_READ_AHEAD;
import static org.disktune.apply.SysfsMachine.SDB_NR_REQUESTS;
import static org.disktune.apply.SysfsMachine.SDB_SCHEDULER;
import static org.disktune.apply.SysfsMachine.text;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RollbackServiceTest {
    static final String A = "/etc/udev/rules.d/61-disktune.rules";
    static final String B = "/etc/modprobe.d/disktune.conf";
    static final String FSTAB = "/etc/fstab";
    static final byte[] A1 = "rule 1\n".getBytes(UTF_8);
    static final byte[] A2 = "rule 2\n".getBytes(UTF_8);
    static final byte[] B1 = "options 1\n".getBytes(UTF_8);
    static final byte[] B2 = "options 2\n".getBytes(UTF_8);
    static final byte[] FSTAB0 = "/dev/sda1 / ext4 defaults 0 1\n".getBytes(UTF_8);
    static final byte[] FSTAB1 = "/dev/sda1 / ext4 noatime 0 1\n".getBytes(UTF_8);

    JimfsMachine machine;
    RollbackService service;
    final PlanExecutor executor = new PlanExecutor(PostconditionChecker.NONE);

    @BeforeEach
    void machine() throws IOException {
        machine = new JimfsMachine();
        SysfsMachine.disks(machine);
        machine.write(FSTAB, FSTAB0);
        service = new RollbackService(machine.host);
    }

    private JournalEntry apply(String description, Change... changes) {
        return executor.apply(machine.host, Plan.of(changes), description).orElseThrow();
    }

    /** Three entries over files and attributes; returns them oldest first. */
    private List<JournalEntry> threeEntries() {
        JournalEntry e1 = apply("one", new WriteFile(A, null, A1, "rules"), new WriteFile(FSTAB, FSTAB0, FSTAB1, "noatime"),
                new WriteAttribute(SDA_READ_AHEAD, "sda", ID_A, "128", "256", "ra"));
        JournalEntry e2 = apply("two", new WriteFile(A, A1, A2, "rules"), new WriteFile(B, null, B1, "options"),
                new WriteAttribute(SDA_READ_AHEAD, "sda", ID_A, "256", "512", "ra"),
                new WriteAttribute(SDB_SCHEDULER, "sdb", ID_B, "mq-deadline", "none", "sched"));
        JournalEntry e3 = apply("three", new WriteFile(B, B1, B2, "options"),
                new WriteAttribute(SDB_NR_REQUESTS, "sdb", ID_B, "64", "256", "nr"));
        return List.of(e1, e2, e3);
    }

    @Test
    void rollbackToAnEntryRevertsItAndEveryLaterOneAsOneEntry() throws IOException {
        List<String> original = machine.machineFiles();
        List<JournalEntry> e = threeEntries();

        RollbackService.RollbackResult result = service.rollback(Optional.of(e.get(1).id()), false, false);

        assertEquals(List.of(e.get(2).id(), e.get(1).id()), result.reverted());
        assertArrayEquals(A1, machine.read(A), "A as the first entry left it");
        assertFalse(machine.exists(B), "B did not exist before the second entry");
        assertArrayEquals(FSTAB1, machine.read(FSTAB), "the first entry's change stays");
        assertEquals("256\n", text(machine, SDA_READ_AHEAD), "the oldest old value among the reverted entries");
        assertEquals("[mq-deadline] kyber bfq none\n", text(machine, SDB_SCHEDULER));
        assertEquals("64\n", text(machine, SDB_NR_REQUESTS));
        assertEquals(List.of(B, A, SDB_SCHEDULER, SDB_NR_REQUESTS, SDA_READ_AHEAD), result.changed(),
                "files newest first, then attributes newest first with schedulers before the rest (a switch resets nr_requests)");
        assertEquals(List.of(), result.notRestored());

        List<JournalEntry> entries = new Journal(machine.host).entries();
        assertEquals(4, entries.size());
        JournalEntry rollback = entries.get(3);
        assertEquals(result.journalId(), rollback.id());
        assertEquals(EntryState.APPLIED, rollback.state());
        assertEquals(List.of(e.get(2).id(), e.get(1).id()), rollback.reverts());
        assertEquals(e.get(1).id(), rollback.undoOf());
        assertEquals("rollback to before " + e.get(1).id() + " (2 entries, " + e.get(1).id() + " to " + e.get(2).id() + ")",
                rollback.description());
        assertEquals(List.of(EntryState.APPLIED, EntryState.UNDONE, EntryState.UNDONE, EntryState.APPLIED),
                entries.stream().map(JournalEntry::state).toList());
        assertEquals(rollback.id(), entries.get(1).undoneBy());
        assertEquals(rollback.id(), entries.get(2).undoneBy());

        RollbackService.RollbackResult all = service.rollback(Optional.empty(), false, false);
        assertEquals(List.of(e.get(0).id()), all.reverted(), "the rollback entry itself is never reverted");
        assertEquals(original, machine.machineFiles(), "back to before disktune's first change");
        assertTrue(service.rollback(Optional.empty(), false, false).nothingToRollBack());
    }

    @Test
    void rollbackOfEverythingAtOnceGoesBackToTheOriginal() throws IOException {
        List<String> original = machine.machineFiles();
        threeEntries();

        RollbackService.RollbackResult result = service.rollback(Optional.empty(), false, false);

        assertEquals(3, result.reverted().size());
        assertEquals(original, machine.machineFiles());
        assertEquals("128\n", text(machine, SDA_READ_AHEAD));
    }

    @Test
    void undoneEntriesAndTheirUndoAreSkipped() throws IOException {
        List<String> original = machine.machineFiles();
        threeEntries();
        new UndoExecutor().undo(machine.host, false).orElseThrow();

        RollbackService.RollbackResult result = service.rollback(Optional.empty(), false, false);

        assertEquals(2, result.reverted().size());
        assertEquals(original, machine.machineFiles());
    }

    @Test
    void aKernelNameThatMovedIsFoundThroughItsIdentity() throws IOException {
        apply("sched", new WriteAttribute(SDB_SCHEDULER, "sdb", ID_B, "mq-deadline", "bfq", "sched"));
        // after a reboot the disk is sdc and sdb is another disk (or none)
        Files.move(machine.path("/sys/block/sdb"), machine.path("/sys/block/sdc"));
        SysfsMachine.link(machine, ID_B, "sdc");

        RollbackService.RollbackResult result = service.rollback(Optional.empty(), false, false);

        assertEquals(List.of("/sys/block/sdc/queue/scheduler"), result.changed());
        assertEquals("[mq-deadline] kyber bfq none\n", text(machine, "/sys/block/sdc/queue/scheduler"));
        JournalEntry entry = new Journal(machine.host).newest().orElseThrow();
        assertEquals("sdc", assertInstanceOf(JournaledChange.AttributeWrite.class, entry.changes().get(0)).device());
    }

    @Test
    void aDeviceThatIsGoneIsReportedNotFailed() throws IOException {
        List<String> original = machine.machineFiles();
        apply("tune", new WriteFile(A, null, A1, "rules"), new WriteAttribute(SDB_SCHEDULER, "sdb", ID_B, "mq-deadline", "bfq", "s"),
                new WriteAttribute(SDA_READ_AHEAD, "sda", ID_A, "128", "256", "ra"));
        for (String f : List.of("scheduler", "read_ahead_kb", "nr_requests")) {
            Files.delete(machine.path("/sys/block/sdb/queue/" + f));
        }
        Files.delete(machine.node("/dev/disk/by-id/" + ID_B));

        RollbackService.RollbackResult result = service.rollback(Optional.empty(), false, false);

        assertEquals(List.of("could not restore /sys/block/sdb/queue/scheduler: device gone"), result.notRestored());
        assertFalse(machine.exists(A));
        assertEquals("128\n", text(machine, SDA_READ_AHEAD));
        assertEquals(original.stream().filter(s -> !s.startsWith("/sys/block/sdb/")).toList(), machine.machineFiles());
        assertEquals(EntryState.UNDONE, new Journal(machine.host).entries().get(0).state());
    }

    @Test
    void unknownIdIsAUsageError() {
        apply("tune", new WriteFile(A, null, A1, "rules"));

        DisktuneException e = assertThrows(DisktuneException.class,
                () -> service.rollback(Optional.of("20260101T000000Z-0001"), false, false));

        assertEquals(ExitCode.USAGE, e.exitCode());
        assertEquals("no journal entry 20260101T000000Z-0001; see disktune history", e.getMessage());
    }

    @Test
    void aFileChangedSinceRefusesUnlessForced() throws IOException {
        List<String> original = machine.machineFiles();
        threeEntries();
        machine.write(B, "# edited by the admin\n");
        List<String> edited = machine.snapshot();

        DisktuneException e = assertThrows(DisktuneException.class, () -> service.rollback(Optional.empty(), false, false));

        assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
        assertEquals("/etc/modprobe.d/disktune.conf changed since 20261130T131500Z-0003 wrote it (sha256 differs); "
                + "rollback --force restores it anyway", e.getMessage());
        assertEquals(edited, machine.snapshot());

        service.rollback(Optional.empty(), false, true);
        assertEquals(original, machine.machineFiles());
    }

    @Test
    void anEntryInterruptedWhileApplyingIsRolledBackWithoutForce() throws IOException {
        List<String> original = machine.machineFiles();
        apply("one", new WriteFile(A, null, A1, "rules"));
        PlanExecutor dying = new PlanExecutor((host, condition) -> {
            throw new UndoExecutorTest.PowerCut();
        });
        assertThrows(UndoExecutorTest.PowerCut.class, () -> dying.apply(machine.host, Plan.of(new WriteFile(A, A1, A2, "rules"),
                new WriteAttribute(SDA_READ_AHEAD, "sda", ID_A, "128", "4096", "ra"),
                new Verify("power cut", PlanExecutorTest.IMAGE_HOLDS_OPTIONS), new WriteFile(B, null, B1, "never written")), "crashed"));
        assertEquals(EntryState.APPLYING, new Journal(machine.host).newest().orElseThrow().state());

        service.rollback(Optional.empty(), false, false);

        assertEquals(original, machine.machineFiles());
    }

    @Test
    void dryRunRendersThePlanAndChangesNothing() throws IOException {
        apply("tune", new WriteFile(FSTAB, FSTAB0, FSTAB1, "noatime"), new WriteAttribute(SDB_SCHEDULER, "sdb", ID_B, "mq-deadline", "none", "s"));
        List<String> before = machine.snapshot();

        RollbackService.RollbackResult result = service.rollback(Optional.empty(), true, false);

        assertEquals(before, machine.snapshot());
        assertNull(result.journalId());
        String reason = "# rollback of 20261130T131500Z-0001 (tune)\n";
        assertEquals(reason + "--- a/etc/fstab\n+++ b/etc/fstab\n@@ -1 +1 @@\n-/dev/sda1 / ext4 noatime 0 1\n"
                + "+/dev/sda1 / ext4 defaults 0 1\n" + reason + "  /sys/block/sdb/queue/scheduler: none -> mq-deadline\n", result.plan());
    }

    @Test
    void historyListsEveryEntryOldestFirst() {
        List<JournalEntry> e = threeEntries();
        String rollbackId = service.rollback(Optional.of(e.get(2).id()), false, false).journalId();

        List<HistoryEntry> history = service.history();

        assertEquals(List.of(
                new HistoryEntry(e.get(0).id(), "2026-11-30T13:15:00Z", "unknown", EntryState.APPLIED, "one", 2, 1, null, null,
                        List.of(), null),
                new HistoryEntry(e.get(1).id(), "2026-11-30T13:15:00Z", "unknown", EntryState.APPLIED, "two", 2, 2, null, null,
                        List.of(), null),
                new HistoryEntry(e.get(2).id(), "2026-11-30T13:15:00Z", "unknown", EntryState.UNDONE, "three", 1, 1, rollbackId,
                        null, List.of(), null),
                new HistoryEntry(rollbackId, "2026-11-30T13:15:00Z", "unknown", EntryState.APPLIED,
                        "rollback to before " + e.get(2).id() + " (" + e.get(2).id() + ")", 1, 1, null, e.get(2).id(),
                        List.of(e.get(2).id()), null)),
                history);
    }
}
