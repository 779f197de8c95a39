package org.disktune.apply;

import org.disktune.core.Sha256;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.disktune.apply.PlanExecutorTest.CONF;
import static org.disktune.apply.PlanExecutorTest.IMAGE;
import static org.disktune.apply.PlanExecutorTest.MKINITCPIO;
import static org.disktune.apply.PlanExecutorTest.NEW_IMAGE;
import static org.disktune.apply.PlanExecutorTest.NEW_MKINITCPIO;
import static org.disktune.apply.PlanExecutorTest.OLD_IMAGE;
import static org.disktune.apply.PlanExecutorTest.OLD_MKINITCPIO;
import static org.disktune.apply.PlanExecutorTest.OPTIONS;
import static org.disktune.apply.PlanExecutorTest.REBUILD;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class UndoExecutorTest {
    JimfsMachine machine;
    final PlanExecutor executor = new PlanExecutor(PlanExecutorTest.imageIs(NEW_IMAGE));
    final UndoExecutor undo = new UndoExecutor();

    @BeforeEach
    void machine() throws IOException {
        machine = new JimfsMachine();
        machine.write(MKINITCPIO, OLD_MKINITCPIO);
        machine.write(IMAGE, OLD_IMAGE);
        machine.runner.writes(REBUILD, machine.path(IMAGE), NEW_IMAGE, 0, "");
    }

    private JournalEntry applyModprobePlan() {
        return executor.apply(machine.host, PlanExecutorTest.modprobePlan(),
                "tune sata_nv").orElseThrow();
    }

    /** A run killed while saving its journal entry leaves the writer's temporary file; undo with nothing to undo removes it too. */
    @Test
    void undoWithNothingToUndoRemovesTheJournalsTemporaryFiles() throws IOException {
        String temp = Journal.DIRECTORY + "/.disktune.tmp.0123456789abcdef";
        machine.write(temp, "{\"half\": ".getBytes(UTF_8));

        assertEquals(Optional.empty(), undo.undo(machine.host, false));

        assertFalse(machine.exists(temp), "recovery removes the atomic writer's temporary files in the journal");
    }

    @Test
    void undoRestoresFilesAndImageByteForByteAndDeletesTheCreatedFile() throws IOException {
        List<String> before = machine.machineFiles();
        JournalEntry applied = applyModprobePlan();

        JournalEntry entry = undo.undo(machine.host, false).orElseThrow();

        assertEquals(before, machine.machineFiles());
        assertArrayEquals(OLD_MKINITCPIO, machine.read(MKINITCPIO));
        assertArrayEquals(OLD_IMAGE, machine.read(IMAGE));
        assertFalse(machine.exists(CONF));
        assertEquals(List.of(REBUILD), machine.runner.calls(), "undo restores the image, it does not rebuild it");

        assertEquals("20261130T131500Z-0002", entry.id());
        assertEquals(EntryState.APPLIED, entry.state());
        assertEquals(applied.id(), entry.undoOf());
        assertEquals("undo of 20261130T131500Z-0001 (tune sata_nv)", entry.description());
        String reason = "undo of 20261130T131500Z-0001 (tune sata_nv)";
        assertEquals(List.of(
                new JournaledChange.FileWrite(reason, IMAGE, Sha256.of(NEW_IMAGE), Sha256.of(OLD_IMAGE), null, null),
                new JournaledChange.FileWrite(reason, MKINITCPIO, Sha256.of(NEW_MKINITCPIO), Sha256.of(OLD_MKINITCPIO), null, null),
                new JournaledChange.FileDelete(reason, CONF, Sha256.of(OPTIONS))),
                entry.changes());

        List<JournalEntry> entries = new Journal(machine.host).entries();
        assertEquals(2, entries.size());
        assertEquals(EntryState.UNDONE, entries.get(0).state());
        assertEquals(entry.id(), entries.get(0).undoneBy());
        assertEquals(applied.files(), entries.get(0).files());
        assertEquals(entry, entries.get(1));
    }

    @Test
    void undoTwiceUndoesTheOlderEntryThenThereIsNothingLeft() throws IOException {
        List<String> original = machine.machineFiles();
        JournalEntry first = applyModprobePlan();
        List<String> afterFirst = machine.machineFiles();
        byte[] second = "# written by disktune\noptions sata_nv adma=0\n".getBytes(UTF_8);
        executor.apply(machine.host, Plan.of(new WriteFile(CONF, OPTIONS, second, "turn ADMA off")), "adma off");

        JournalEntry undoSecond = undo.undo(machine.host, false).orElseThrow();
        assertEquals(afterFirst, machine.machineFiles());
        assertEquals("20261130T131500Z-0002", undoSecond.undoOf());

        JournalEntry undoFirst = undo.undo(machine.host, false).orElseThrow();
        assertEquals(first.id(), undoFirst.undoOf());
        assertEquals(original, machine.machineFiles());

        assertEquals(Optional.empty(), undo.undo(machine.host, false));
        assertEquals(List.of(EntryState.UNDONE, EntryState.UNDONE, EntryState.APPLIED, EntryState.APPLIED),
                new Journal(machine.host).entries().stream().map(JournalEntry::state).toList());
    }

    @Test
    void nothingToUndoOnAFreshMachine() {
        assertEquals(Optional.empty(), undo.undo(machine.host, false));
        assertFalse(machine.exists("/var/lib/disktune/journal"));
    }

    @Test
    void rolledBackEntriesAreNotUndone() throws IOException {
        machine.runner.exits(REBUILD, 1, "", "boom");
        assertThrows(DisktuneException.class, this::applyModprobePlan);

        assertEquals(Optional.empty(), undo.undo(machine.host, false));
    }

    @Test
    void aFileChangedSinceRefusesUnlessForced() throws IOException {
        List<String> before = machine.machineFiles();
        applyModprobePlan();
        machine.write(MKINITCPIO, "# edited by the admin\n");
        List<String> edited = machine.snapshot();

        DisktuneException e = assertThrows(DisktuneException.class, () -> undo.undo(machine.host, false));

        assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
        assertEquals("/etc/mkinitcpio.conf changed since 20261130T131500Z-0001 wrote it (sha256 differs); "
                + "undo --force restores it anyway", e.getMessage());
        assertEquals(edited, machine.snapshot(), "nothing changed, nothing journaled");

        undo.undo(machine.host, true).orElseThrow();
        assertEquals(before, machine.machineFiles());
    }

    /**
     * Undo and rollback plan their steps with the one planner: a file an admin already put back as it was before the
     * entry is not "changed since" for undo either (rollback never refused it), and undo takes back the rest.
     */
    @Test
    void aFileAlreadyBackAsItWasBeforeTheEntryIsNoReasonToRefuse() throws IOException {
        List<String> before = machine.machineFiles();
        applyModprobePlan();
        machine.write(MKINITCPIO, OLD_MKINITCPIO);

        undo.undo(machine.host, false).orElseThrow();

        assertEquals(before, machine.machineFiles());
    }

    @Test
    void interruptedEntryNeedsForceAndIsThenRestored() throws IOException {
        List<String> before = machine.machineFiles();
        Plan crashing = Plan.of(new WriteFile(MKINITCPIO, OLD_MKINITCPIO, NEW_MKINITCPIO, "files"),
                new WriteFile(CONF, null, OPTIONS, "options"),
                new Verify("power cut", PlanExecutorTest.IMAGE_HOLDS_OPTIONS));
        PlanExecutor dying = new PlanExecutor((host, condition) -> {
            throw new PowerCut();
        });
        assertThrows(PowerCut.class, () -> dying.apply(machine.host, crashing, "crashed"));
        assertEquals(EntryState.APPLYING, new Journal(machine.host).newest().orElseThrow().state());

        DisktuneException e = assertThrows(DisktuneException.class, () -> undo.undo(machine.host, false));
        assertEquals("entry 20261130T131500Z-0001 (crashed) was interrupted at 2026-11-30T13:15:00Z while applying; run the same "
                + "command again to complete it, or disktune undo --force to restore its files from "
                + "/var/lib/disktune/backups/20261130T131500Z-0001", e.getMessage());

        undo.undo(machine.host, true).orElseThrow();
        assertEquals(before, machine.machineFiles());
        assertEquals(EntryState.UNDONE, new Journal(machine.host).entries().get(0).state());
    }

    @Test
    void damagedBackupRefuses() throws IOException {
        JournalEntry applied = applyModprobePlan();
        machine.write("/var/lib/disktune/backups/" + applied.id() + IMAGE, new byte[] {0});

        DisktuneException e = assertThrows(DisktuneException.class, () -> undo.undo(machine.host, false));

        assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
        assertEquals("the backup /var/lib/disktune/backups/20261130T131500Z-0001/boot/kernel26.img of /boot/kernel26.img "
                + "is damaged (sha256 differs); cannot undo 20261130T131500Z-0001", e.getMessage());
        assertArrayEquals(NEW_IMAGE, machine.read(IMAGE));
    }

    @Test
    void undoPlanRendersForADryRun() throws IOException {
        executor.apply(machine.host, Plan.of(new WriteFile(MKINITCPIO, OLD_MKINITCPIO, NEW_MKINITCPIO, "files")), "files");

        UndoPlan plan = new UndoPlanner().plan(machine.host, false).orElseThrow();

        assertEquals("""
                # undo of 20261130T131500Z-0001 (files)
                --- a/etc/mkinitcpio.conf
                +++ b/etc/mkinitcpio.conf
                @@ -1,3 +1,3 @@
                 MODULES="sata_nv"
                -FILES="/etc/modprobe.d/disktune.conf"
                +FILES=""
                 HOOKS="base udev"
                """, new PlanRenderer().render(plan.plan()));
        assertArrayEquals(NEW_MKINITCPIO, machine.read(MKINITCPIO), "planning changes nothing");
    }

    /** Stands for the process dying mid-apply: not an exception the executor handles. */
    /** The modprobe plan killed at its check, after the files were written and the image rebuilt. */
    private JournalEntry crashAfterTheRebuild() {
        PlanExecutor dying = new PlanExecutor((host, condition) -> {
            throw new PowerCut();
        });
        assertThrows(PowerCut.class, () -> dying.apply(machine.host, PlanExecutorTest.modprobePlan(), "tune sata_nv"));
        JournalEntry interrupted = new Journal(machine.host).newest().orElseThrow();
        assertEquals(EntryState.APPLYING, interrupted.state());
        return interrupted;
    }

    /** Issue 15: running the command again after a crash, with nothing left to change, completes the interrupted entry. */
    @Test
    void aRerunWithNothingLeftToChangeCompletesTheInterruptedEntryKeepingItsBackups() throws IOException {
        List<String> before = machine.machineFiles();
        JournalEntry interrupted = crashAfterTheRebuild();

        assertEquals(List.of(), executor.completeInterrupted(machine.host, "another command"), "another command completes nothing");
        assertEquals(Optional.empty(), executor.apply(machine.host, Plan.of(), "tune sata_nv"));

        JournalEntry completed = new Journal(machine.host).find(interrupted.id()).orElseThrow();
        assertEquals(EntryState.APPLIED, completed.state());
        assertEquals("2026-11-30T13:15:00Z", completed.completedAt());
        assertEquals(null, completed.completedBy());
        assertEquals(Sha256.of(NEW_IMAGE), completed.files().stream().filter(f -> f.path().equals(IMAGE)).findFirst().orElseThrow()
                .newSha256());
        assertEquals(interrupted.files().stream().map(FileRecord::backup).toList(), completed.files().stream().map(FileRecord::backup).toList(),
                "its backups are kept");
        assertEquals(1, new Journal(machine.host).entries().size(), "nothing to change writes no entry of its own");

        undo.undo(machine.host, false).orElseThrow(); // no --force needed any more
        assertEquals(before, machine.machineFiles());
    }

    /** A re-run that still changes something completes the interrupted entry as the machine was before the re-run. */
    @Test
    void aRerunThatChangesCompletesTheInterruptedEntryAndBothUndo() throws IOException {
        List<String> before = machine.machineFiles();
        JournalEntry interrupted = crashAfterTheRebuild();
        List<String> afterCrash = machine.machineFiles();

        JournalEntry rerun = executor.apply(machine.host, Plan.of(new WriteFile(CONF, OPTIONS, "options v2\n".getBytes(
                java.nio.charset.StandardCharsets.US_ASCII), "sata_nv: enable ADMA")), "tune sata_nv").orElseThrow();

        JournalEntry completed = new Journal(machine.host).find(interrupted.id()).orElseThrow();
        assertEquals(EntryState.APPLIED, completed.state());
        assertEquals(rerun.id(), completed.completedBy());
        undo.undo(machine.host, false).orElseThrow();
        assertEquals(afterCrash, machine.machineFiles(), "undoing the re-run leaves the machine as the crash left it");
        undo.undo(machine.host, false).orElseThrow();
        assertEquals(before, machine.machineFiles(), "then the completed entry undoes without --force");
    }

    /** A kill while backing up leaves a "preparing" entry (journal first): the next run discards it and its folder. */
    @Test
    void aKillWhileBackingUpLeavesAPreparingEntryThatTheNextRunDiscards() throws IOException {
        Journal journal = new Journal(machine.host);
        JournalEntry preparing = new JournalEntry("20261130T131400Z-0001", "tune sata_nv", EntryState.PREPARING, "2026-11-30T13:14:00Z",
                "unknown", null, null, List.of(), List.of(), List.of(), null, null, List.of(), null, null, List.of());
        journal.save(preparing);
        machine.write(Journal.backupPath(preparing.id(), MKINITCPIO), "half a cop");
        assertEquals(java.util.Optional.of("entry 20261130T131400Z-0001 (tune sata_nv) was interrupted at 2026-11-30T13:14:00Z while "
                + "backing up, before anything changed; the next disktune command that changes the machine discards it"),
                preparing.interruption());

        applyModprobePlan();

        JournalEntry discarded = journal.find(preparing.id()).orElseThrow();
        assertEquals(EntryState.ROLLED_BACK, discarded.state());
        assertEquals("interrupted while backing up, before anything changed; its partial backups were removed by the next run",
                discarded.failure());
        assertFalse(machine.exists(Journal.BACKUPS + "/" + preparing.id()), "no orphan backup folder");
    }

    /** undo --force of an entry whose generator was killed removes the generator's temporary files and journals them. */
    @Test
    void undoForceRemovesTheKilledGeneratorsTemporaryFiles() throws IOException {
        List<String> before = machine.machineFiles();
        crashAfterTheRebuild();
        machine.write("/boot/initrd.img-6.1.0-57-amd64.new", new byte[0]);
        machine.write("/var/tmp/mkinitramfs_Ab12Cd/init", "#!/bin/sh\n");
        machine.write("/var/tmp/dracut.Xy7/initramfs.img", "half");
        machine.write("/var/tmp/unrelated.tmp", "someone else's");

        JournalEntry entry = undo.undo(machine.host, true).orElseThrow();

        assertEquals(List.of("/boot/initrd.img-6.1.0-57-amd64.new", "/var/tmp/dracut.Xy7", "/var/tmp/mkinitramfs_Ab12Cd"),
                entry.removedLeftovers());
        assertEquals(entry, new Journal(machine.host).find(entry.id()).orElseThrow(), "journaled");
        assertTrue(machine.exists("/var/tmp/unrelated.tmp"));
        assertFalse(machine.exists("/var/tmp/mkinitramfs_Ab12Cd"));
        assertFalse(machine.exists("/boot/initrd.img-6.1.0-57-amd64.new"));
        assertEquals(before.size() + 1, machine.machineFiles().size(), "only the unrelated file is left over: " + machine.machineFiles());
    }

    static final class PowerCut extends Error {
        private static final long serialVersionUID = 1L;
    }
}
