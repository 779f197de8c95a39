package org.disktune.apply;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.core.FileMode;
import org.disktune.core.StateJson;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A write that gives a file another mode (an rc.local made executable): the mode is set in the atomic write, journaled
 * with the mode before, checked again before anything changes, put back by a failed apply's rollback and by undo; a
 * journal written before modes were journaled reads as no mode change.
 */
class FileModeStepTest {
    static final String RC_LOCAL = "/etc/rc.local";
    static final byte[] STOCK = "#!/bin/sh\ntouch /var/lock/subsys/local\n".getBytes(UTF_8);
    static final byte[] WITH_BLOCK = "#!/bin/sh\ntouch /var/lock/subsys/local\n# BEGIN disktune\nhdparm -d1 /dev/hde\n# END disktune\n"
            .getBytes(UTF_8);
    static final FileMode RW = new FileMode(0644);
    static final FileMode RWX = new FileMode(0755);

    JimfsMachine machine;
    final PlanExecutor executor = new PlanExecutor(PostconditionChecker.NONE);

    @BeforeEach
    void machine() throws IOException {
        machine = new JimfsMachine();
        machine.write(RC_LOCAL, STOCK);
        Files.setPosixFilePermissions(machine.path(RC_LOCAL), PosixFilePermissions.fromString("rw-r--r--"));
    }

    private String mode() throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(machine.path(RC_LOCAL)));
    }

    private static WriteFile block() {
        return new WriteFile(RC_LOCAL, STOCK, WITH_BLOCK, RW, RWX, "hdparm settings at boot");
    }

    @Test
    void theModeIsSetWithTheBytesAndJournaledWithTheModeBefore() throws IOException {
        JournalEntry entry = executor.apply(machine.host, Plan.of(block()), "apply").orElseThrow();
        assertEquals("rwxr-xr-x", mode());
        assertArrayEquals(WITH_BLOCK, machine.read(RC_LOCAL));
        JournaledChange.FileWrite record = assertInstanceOf(JournaledChange.FileWrite.class, entry.changes().get(0));
        assertEquals("0644", record.oldMode());
        assertEquals("0755", record.newMode());
        assertEquals(Optional.of(RW), record.modeBefore());
        String json = Files.readString(machine.path(Journal.DIRECTORY + "/" + entry.id() + ".json"));
        assertTrue(json.contains("\"old_mode\" : \"0644\"") && json.contains("\"new_mode\" : \"0755\""), json);
    }

    @Test
    void aModeOnlyWriteRendersAsChmodAndUndoPutsTheExactModeBack() throws IOException {
        machine.write(RC_LOCAL, WITH_BLOCK);
        Files.setPosixFilePermissions(machine.path(RC_LOCAL), PosixFilePermissions.fromString("rw-r-----"));
        WriteFile chmod = new WriteFile(RC_LOCAL, WITH_BLOCK, WITH_BLOCK, new FileMode(0640), new FileMode(0750), "make it executable");
        assertEquals("# make it executable\n  chmod 0640 -> 0750 /etc/rc.local\n", new PlanRenderer().render(Plan.of(chmod)));

        executor.apply(machine.host, Plan.of(chmod), "apply").orElseThrow();
        assertEquals("rwxr-x---", mode());

        UndoPlan undo = new UndoPlanner().plan(machine.host, false).orElseThrow();
        assertEquals(List.of(new WriteFile(RC_LOCAL, WITH_BLOCK, WITH_BLOCK, new FileMode(0750), new FileMode(0640),
                undo.plan().changes().get(0).reason())), undo.plan().changes());
        new UndoExecutor().undo(machine.host, false).orElseThrow();
        assertEquals("rw-r-----", mode());
        assertArrayEquals(WITH_BLOCK, machine.read(RC_LOCAL));
    }

    @Test
    void undoPutsBytesAndModeBackInOneWrite() throws IOException {
        executor.apply(machine.host, Plan.of(block()), "apply").orElseThrow();
        new UndoExecutor().undo(machine.host, false).orElseThrow();
        assertEquals("rw-r--r--", mode());
        assertArrayEquals(STOCK, machine.read(RC_LOCAL));
    }

    @Test
    void aFailedApplyPutsTheModeBackWithTheBytes() throws IOException {
        List<String> rebuild = List.of("false");
        machine.runner.exits(rebuild, 1, "", "");
        DisktuneException e = assertThrows(DisktuneException.class, () -> executor.apply(machine.host,
                Plan.of(block(), new RunProgram(rebuild, "fails", List.of())), "apply"));
        assertEquals(ExitCode.ROLLED_BACK, e.exitCode());
        assertTrue(e.getMessage().contains("set back the mode of /etc/rc.local to 0644"), e.getMessage());
        assertEquals("rw-r--r--", mode());
        assertArrayEquals(STOCK, machine.read(RC_LOCAL));
    }

    @Test
    void aModeChangedSinceThePlanAbortsBeforeAnythingChanges() throws IOException {
        Files.setPosixFilePermissions(machine.path(RC_LOCAL), PosixFilePermissions.fromString("rw-------"));
        DisktuneException e = assertThrows(DisktuneException.class, () -> executor.apply(machine.host, Plan.of(block()), "apply"));
        assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
        assertEquals("/etc/rc.local changed since the plan was made (its mode is not 0644 any more); run again", e.getMessage());
        assertEquals("rw-------", mode());
        assertArrayEquals(STOCK, machine.read(RC_LOCAL));
        assertFalse(machine.exists(Journal.DIRECTORY + "/20261130T131500Z-0001.json"));
    }

    @Test
    void aJournalRecordWrittenBeforeModesWereJournaledIsNoModeChange() throws IOException {
        String old = """
                {
                  "kind" : "write-file",
                  "reason" : "hdparm settings at boot",
                  "path" : "/etc/rc.local",
                  "old_sha256" : "aa",
                  "new_sha256" : "bb"
                }
                """;
        JournaledChange.FileWrite record = assertInstanceOf(JournaledChange.FileWrite.class,
                StateJson.mapper().readValue(old, JournaledChange.class));
        assertEquals(null, record.oldMode());
        assertEquals(Optional.empty(), record.modeBefore());

        // an entry of that release: undo puts the bytes back and leaves the mode as it is now
        executor.apply(machine.host, Plan.of(new WriteFile(RC_LOCAL, STOCK, WITH_BLOCK, "hdparm settings at boot")), "apply");
        Files.setPosixFilePermissions(machine.path(RC_LOCAL), PosixFilePermissions.fromString("rwxr-xr-x"));
        new UndoExecutor().undo(machine.host, false).orElseThrow();
        assertEquals("rwxr-xr-x", mode());
        assertArrayEquals(STOCK, machine.read(RC_LOCAL));
    }

    @Test
    void executableMeansAnyExecuteBitAndMakingSoAddsOneWhereReadIs() {
        assertFalse(new FileMode(0644).executable());
        assertTrue(new FileMode(0744).executable());
        assertEquals(new FileMode(0755), new FileMode(0644).withExecute());
        assertEquals(new FileMode(0700), new FileMode(0600).withExecute());
        assertEquals(new FileMode(0750), new FileMode(0640).withExecute());
        assertEquals(new FileMode(0100), new FileMode(0).withExecute());
        assertEquals("0755", new FileMode(0755).toString());
        assertEquals(Optional.of(new FileMode(0755)), FileMode.parse("755"));
        assertEquals(Optional.empty(), FileMode.parse("0955"));
        assertEquals(new FileMode(0640), FileMode.of(PosixFilePermissions.fromString("rw-r-----")));
        assertEquals(PosixFilePermissions.fromString("rwxr-x--x"), new FileMode(0751).permissions());
    }
}
