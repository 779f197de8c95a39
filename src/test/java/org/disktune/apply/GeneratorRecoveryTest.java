package org.disktune.apply;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.disktune.apply.PlanExecutorTest.IMAGE;
import static org.disktune.apply.PlanExecutorTest.MKINITCPIO;
import static org.disktune.apply.PlanExecutorTest.NEW_IMAGE;
import static org.disktune.apply.PlanExecutorTest.OLD_IMAGE;
import static org.disktune.apply.PlanExecutorTest.OLD_MKINITCPIO;
import static org.disktune.apply.PlanExecutorTest.REBUILD;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

import org.disktune.core.DisktuneException;
import org.disktune.core.Sha256;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 30 items 1, 9 and 10: recovery after a kill while the initramfs generator ran takes back only what the journal
 * proves that run made, and plain rollback recognises the image the killed generator renamed into place.
 */
class GeneratorRecoveryTest {
    static final String DPKG_BAK = "/boot/initrd.img-6.1.0-57-amd64.dpkg-bak";

    JimfsMachine machine;

    @BeforeEach
    void machine() throws IOException {
        machine = new JimfsMachine();
        machine.write(MKINITCPIO, OLD_MKINITCPIO);
        machine.write(IMAGE, OLD_IMAGE);
    }

    /** The generator makes its temporary files and renames the new image into place; disktune is killed before it returns. */
    private JournalEntry killedRightAfterTheRename() {
        machine.runner.on(REBUILD, argv -> {
            machine.write("/var/tmp/mkinitramfs_New123/init", "#!/bin/sh\n");
            machine.write(DPKG_BAK, OLD_IMAGE);
            machine.write(IMAGE, NEW_IMAGE);
            throw new UndoExecutorTest.PowerCut();
        });
        assertThrows(UndoExecutorTest.PowerCut.class,
                () -> new PlanExecutor(PostconditionChecker.NONE).apply(machine.host, PlanExecutorTest.modprobePlan(), "tune sata_nv"));
        JournalEntry interrupted = new Journal(machine.host).newest().orElseThrow();
        assertEquals(EntryState.APPLYING, interrupted.state());
        return interrupted;
    }

    @Test
    void aLookAlikeThatWasThereBeforeTheGeneratorRanSurvivesUndoForce() throws IOException {
        machine.write("/var/tmp/mkinitramfs_Old999/keep", "made before disktune ran");
        machine.write("/tmp/mkinitcpio.before/keep", "made before disktune ran");
        JournalEntry interrupted = killedRightAfterTheRename();
        assertNotNull(interrupted.generatorRun(), "journaled before the generator ran");
        machine.write("/var/tmp/mkinitramfs_Old999/touched", "changed while the generator ran"); // newer than the run

        JournalEntry undo = new UndoExecutor().undo(machine.host, true).orElseThrow();

        assertEquals(List.of(DPKG_BAK, "/var/tmp/mkinitramfs_New123"), undo.removedLeftovers());
        assertTrue(machine.exists("/var/tmp/mkinitramfs_Old999/keep"));
        assertTrue(machine.exists("/var/tmp/mkinitramfs_Old999/touched"));
        assertTrue(machine.exists("/tmp/mkinitcpio.before/keep"));
        assertArrayEquals(OLD_IMAGE, machine.read(IMAGE));
    }

    @Test
    void plainRollbackRestoresTheImageTheKilledGeneratorRenamedIntoPlace() throws IOException {
        killedRightAfterTheRename();

        RollbackService.RollbackResult result = new RollbackService(machine.host).rollback(Optional.empty(), false, false);

        assertArrayEquals(OLD_IMAGE, machine.read(IMAGE));
        assertFalse(machine.exists(PlanExecutorTest.CONF));
        assertFalse(machine.exists(DPKG_BAK), "update-initramfs's backup of the killed run is removed");
        assertFalse(machine.exists("/var/tmp/mkinitramfs_New123"));
        JournalEntry rollback = new Journal(machine.host).find(result.journalId()).orElseThrow();
        assertEquals(List.of(DPKG_BAK, "/var/tmp/mkinitramfs_New123"), rollback.removedLeftovers());
    }

    @Test
    void plainRollbackRestoresTheImageOfAGeneratorThatReturnedBeforeTheKill() throws IOException {
        machine.runner.writes(REBUILD, machine.path(IMAGE), NEW_IMAGE, 0, "");
        PlanExecutor dying = new PlanExecutor((host, condition) -> {
            throw new UndoExecutorTest.PowerCut();
        });
        assertThrows(UndoExecutorTest.PowerCut.class, () -> dying.apply(machine.host, PlanExecutorTest.modprobePlan(), "tune sata_nv"));
        JournalEntry interrupted = new Journal(machine.host).newest().orElseThrow();
        assertEquals(java.util.Map.of(IMAGE, Sha256.of(NEW_IMAGE)), interrupted.generatorRun().produced());

        new RollbackService(machine.host).rollback(Optional.empty(), false, false);

        assertArrayEquals(OLD_IMAGE, machine.read(IMAGE));
    }

    @Test
    void anImageChangedAfterTheGeneratorReturnedStillNeedsForce() throws IOException {
        machine.runner.writes(REBUILD, machine.path(IMAGE), NEW_IMAGE, 0, "");
        PlanExecutor dying = new PlanExecutor((host, condition) -> {
            throw new UndoExecutorTest.PowerCut();
        });
        assertThrows(UndoExecutorTest.PowerCut.class, () -> dying.apply(machine.host, PlanExecutorTest.modprobePlan(), "tune sata_nv"));
        machine.write(IMAGE, "someone else's image".getBytes(UTF_8));

        DisktuneException e = assertThrows(DisktuneException.class,
                () -> new RollbackService(machine.host).rollback(Optional.empty(), false, false));
        assertTrue(e.getMessage().startsWith(IMAGE + " changed since"), e.getMessage());
    }

    /** A journal of the previous release (no generator_run) still reads; its interrupted entry proves no leftover. */
    @Test
    void anEntryOfThePreviousFormatReadsAndOwnsNoLeftovers() throws IOException {
        machine.write(Journal.DIRECTORY + "/20261130T131000Z-0001.json", """
                {
                  "id" : "20261130T131000Z-0001",
                  "description" : "tune sata_nv",
                  "state" : "applying",
                  "time" : "2026-11-30T13:10:00Z",
                  "boot_id" : "unknown",
                  "changes" : [ {
                    "kind" : "run-program",
                    "reason" : "rebuild",
                    "argv" : [ "mkinitcpio", "-p", "kernel26" ],
                    "produces_files" : [ "/boot/kernel26.img" ],
                    "undo_argv" : [ ]
                  } ],
                  "files" : [ {
                    "path" : "/boot/kernel26.img",
                    "old_sha256" : "%s",
                    "backup" : "/var/lib/disktune/backups/20261130T131000Z-0001/boot/kernel26.img"
                  } ],
                  "created_directories" : [ ],
                  "reverts" : [ ],
                  "removed_leftovers" : [ ]
                }
                """.formatted(Sha256.of(OLD_IMAGE)));
        machine.write("/var/lib/disktune/backups/20261130T131000Z-0001/boot/kernel26.img", OLD_IMAGE);
        machine.write(IMAGE, NEW_IMAGE);
        machine.write("/var/tmp/mkinitramfs_Who/init", "nothing proves whose");

        JournalEntry entry = new Journal(machine.host).entries().get(0);
        assertEquals(null, entry.generatorRun());
        assertThrows(DisktuneException.class, () -> new RollbackService(machine.host).rollback(Optional.empty(), false, false),
                "an image an old entry's program rewrote still needs force");
        JournalEntry undo = new UndoExecutor().undo(machine.host, true).orElseThrow();

        assertEquals(List.of(), undo.removedLeftovers());
        assertTrue(machine.exists("/var/tmp/mkinitramfs_Who/init"));
        assertArrayEquals(OLD_IMAGE, machine.read(IMAGE));
    }
}
