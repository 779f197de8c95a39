package org.disktune.apply;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.disktune.apply.PlanExecutorTest.IMAGE;
import static org.disktune.apply.PlanExecutorTest.MKINITCPIO;
import static org.disktune.apply.PlanExecutorTest.OLD_IMAGE;
import static org.disktune.apply.PlanExecutorTest.OLD_MKINITCPIO;
import static org.disktune.apply.PlanExecutorTest.REBUILD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 30 item 11: rollback and undo take back exactly what was made: the directories an entry created (once empty),
 * the journal's temporary files of a killed run, and no pile of backups from retries of a failing apply.
 */
class TakeBackTest {
    static final String CONF = "/etc/disktune/disktune.conf";
    static final String RULES = "/etc/udev/rules.d/60-disktune.rules";

    JimfsMachine machine;

    @BeforeEach
    void machine() throws IOException {
        machine = new JimfsMachine();
        Files.createDirectories(machine.path("/etc"));
        machine.write(MKINITCPIO, OLD_MKINITCPIO);
        machine.write(IMAGE, OLD_IMAGE);
    }

    private static Plan writes() {
        return Plan.of(new WriteFile(CONF, null, "[disk *]\n".getBytes(UTF_8), "configuration"),
                new WriteFile(RULES, null, "# rules\n".getBytes(UTF_8), "udev rules"));
    }

    @Test
    void undoRemovesTheDirectoriesTheEntryCreated() throws IOException {
        List<String> before = machine.snapshot();
        JournalEntry applied = new PlanExecutor(PostconditionChecker.NONE).apply(machine.host, writes(), "write").orElseThrow();
        assertEquals(List.of("/etc/disktune", "/etc/udev", "/etc/udev/rules.d"), applied.createdDirectories());

        new UndoExecutor().undo(machine.host, false).orElseThrow();

        assertEquals(before, machine.machineFiles().stream().filter(p -> !p.startsWith("/var/lib")).toList());
        assertFalse(Files.exists(machine.path("/etc/udev")));
        assertTrue(Files.isDirectory(machine.path("/etc")), "a directory that was there before stays");
    }

    @Test
    void rollbackKeepsACreatedDirectorySomeoneElseWroteIn() throws IOException {
        new PlanExecutor(PostconditionChecker.NONE).apply(machine.host, writes(), "write").orElseThrow();
        machine.write("/etc/udev/rules.d/99-local.rules", "# the admin's\n");

        new RollbackService(machine.host).rollback(Optional.empty(), false, false);

        assertFalse(Files.exists(machine.path("/etc/disktune")));
        assertFalse(machine.exists(RULES));
        assertTrue(machine.exists("/etc/udev/rules.d/99-local.rules"), "never a directory with something in it");
    }

    @Test
    void undoForceOfAKilledRunRemovesTheDirectoriesItWasCreating() throws IOException {
        Plan dying = new Plan(Stream.concat(writes().changes().stream(),
                Stream.of(new Verify("power cut", PlanExecutorTest.IMAGE_HOLDS_OPTIONS))).toList());
        assertThrows(UndoExecutorTest.PowerCut.class, () -> new PlanExecutor((host, condition) -> {
            throw new UndoExecutorTest.PowerCut();
        }).apply(machine.host, dying, "killed"));

        new UndoExecutor().undo(machine.host, true).orElseThrow();

        assertFalse(Files.exists(machine.path("/etc/disktune")));
        assertFalse(Files.exists(machine.path("/etc/udev")));
    }

    @Test
    void retriesOfAFailingApplyKeepNoBackups() throws IOException {
        machine.runner.exits(REBUILD, 1, "", "no space left on device");
        for (int i = 0; i < 3; i++) {
            DisktuneException e = assertThrows(DisktuneException.class,
                    () -> new PlanExecutor(PostconditionChecker.NONE).apply(machine.host, PlanExecutorTest.modprobePlan(), "tune"));
            assertEquals(ExitCode.ROLLED_BACK, e.exitCode());
        }

        try (Stream<java.nio.file.Path> backups = Files.list(machine.path(Journal.BACKUPS))) {
            assertEquals(List.of(), backups.toList(), "a failed try that put everything back keeps no copy");
        }
        for (JournalEntry entry : new Journal(machine.host).entries()) {
            assertEquals(EntryState.ROLLED_BACK, entry.state());
            assertTrue(entry.files().stream().allMatch(f -> f.backup() == null), "the journal names no removed copy");
        }
    }

    @Test
    void anApplyWithNothingToChangeRemovesTheJournalsTemporaryFiles() throws IOException {
        String temp = Journal.DIRECTORY + "/.disktune.tmp.0123456789abcdef";
        machine.write(temp, "{\"half\": ".getBytes(UTF_8));

        assertEquals(Optional.empty(), new PlanExecutor(PostconditionChecker.NONE).apply(machine.host, Plan.of(), "nothing"));

        assertFalse(machine.exists(temp));
    }
}
