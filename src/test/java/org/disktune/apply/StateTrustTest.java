package org.disktune.apply;

import static org.disktune.apply.PlanExecutorTest.IMAGE;
import static org.disktune.apply.PlanExecutorTest.MKINITCPIO;
import static org.disktune.apply.PlanExecutorTest.NEW_IMAGE;
import static org.disktune.apply.PlanExecutorTest.NEW_MKINITCPIO;
import static org.disktune.apply.PlanExecutorTest.OLD_IMAGE;
import static org.disktune.apply.PlanExecutorTest.OLD_MKINITCPIO;
import static org.disktune.apply.PlanExecutorTest.REBUILD;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.ZoneOffset;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Undo trusts only journal entries and backups that root owns and no one else can write (on a real file system). */
class StateTrustTest {
    @TempDir
    Path temp;
    JimfsMachine machine;
    final PlanExecutor executor = new PlanExecutor(PlanExecutorTest.imageIs(NEW_IMAGE));

    @BeforeEach
    void machine() throws IOException {
        machine = new JimfsMachine(temp, Clock.fixed(JimfsMachine.NOW, ZoneOffset.UTC));
        machine.write(MKINITCPIO, OLD_MKINITCPIO);
        machine.write(IMAGE, OLD_IMAGE);
        machine.runner.writes(REBUILD, machine.path(IMAGE), NEW_IMAGE, 0, "");
        executor.apply(machine.host, PlanExecutorTest.modprobePlan(), "tune sata_nv").orElseThrow();
    }

    private String backupOf(String machinePath) {
        return new Journal(machine.host).newest().orElseThrow().files().stream()
                .filter(f -> f.path().equals(machinePath)).findFirst().orElseThrow().backup();
    }

    private void assertUndoRefuses(String named) throws IOException {
        DisktuneException e = assertThrows(DisktuneException.class, () -> new UndoExecutor().undo(machine.host, false));
        assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
        assertTrue(e.getMessage().contains(named) && e.getMessage().contains("not trusted"), e.getMessage());
        assertArrayEquals(NEW_MKINITCPIO, machine.read(MKINITCPIO), "nothing restored");
    }

    @Test
    void aBackupWritableByOthersIsRefusedAndNothingRestored() throws IOException {
        String backup = backupOf(MKINITCPIO);
        Files.setPosixFilePermissions(machine.path(backup), PosixFilePermissions.fromString("rw-rw-rw-"));
        assertUndoRefuses(backup);
    }

    @Test
    void aJournalDirectoryWritableByOthersIsRefused() throws IOException {
        Files.setPosixFilePermissions(machine.path(Journal.DIRECTORY), PosixFilePermissions.fromString("rwxrwxrwx"));
        assertUndoRefuses(Journal.DIRECTORY);
    }

    @Test
    @Tag("root")
    void aJournalEntryOwnedBySomeoneElseIsRefused() throws IOException {
        String entry = Journal.DIRECTORY + "/" + new Journal(machine.host).newest().orElseThrow().id() + ".json";
        Files.setAttribute(machine.path(entry), "unix:uid", 65534, LinkOption.NOFOLLOW_LINKS);
        assertUndoRefuses(entry);
    }

    @Test
    void stateDirectoriesAre0700AndSystemDirectories0755() throws IOException {
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(machine.path("/var/lib/disktune"))));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(machine.path(Journal.DIRECTORY))));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(machine.path(Journal.BACKUPS))));
        assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(machine.path("/etc/modprobe.d"))));
    }

    /** undo --force removes a killed generator's files only if root made them: a user's look-alike in /tmp stays. */
    @Test
    @Tag("root")
    void undoForceLeavesLookAlikeLeftoversAnotherUserOwns() throws IOException {
        JimfsMachine crashed = new JimfsMachine(java.nio.file.Files.createDirectory(temp.resolve("crashed")),
                Clock.fixed(JimfsMachine.NOW, ZoneOffset.UTC));
        crashed.write(MKINITCPIO, OLD_MKINITCPIO);
        crashed.write(IMAGE, OLD_IMAGE);
        crashed.runner.writes(REBUILD, crashed.path(IMAGE), NEW_IMAGE, 0, "");
        PlanExecutor dying = new PlanExecutor((host, condition) -> {
            throw new UndoExecutorTest.PowerCut();
        });
        assertThrows(UndoExecutorTest.PowerCut.class, () -> dying.apply(crashed.host, PlanExecutorTest.modprobePlan(), "tune sata_nv"));
        crashed.write("/tmp/mkinitcpio.evil/sub/victim", "a user's");
        crashed.write("/var/tmp/dracut.Xy7/initramfs.img", "half");
        Files.setAttribute(crashed.node("/tmp/mkinitcpio.evil"), "unix:uid", 65534, LinkOption.NOFOLLOW_LINKS);

        JournalEntry entry = new UndoExecutor().undo(crashed.host, true).orElseThrow();

        assertEquals(java.util.List.of("/var/tmp/dracut.Xy7"), entry.removedLeftovers());
        assertTrue(crashed.exists("/tmp/mkinitcpio.evil/sub/victim"));
    }
}
