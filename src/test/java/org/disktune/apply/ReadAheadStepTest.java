package org.disktune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.BlockDevices;
import org.disktune.host.Host;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 29 item 4: an md array's readahead before Linux 2.6.32 is set through the BLKRASET ioctl as a journaled step of
 * its own ({@code write-read-ahead}, with the value before read through BLKRAGET), checked again before anything
 * changes, and put back by a failed apply and by undo. The host's block ioctls are a map here (the real ones are in
 * BlockdevReadAheadLoopTest).
 */
class ReadAheadStepTest {
    private static final WriteReadAhead MD0 = new WriteReadAhead("md0", null, "read_ahead_kb", 128, 16384, "[md data] line 2: read_ahead_kb");

    JimfsMachine machine;
    final Map<String, Long> sectors = new HashMap<>();
    Host host;

    @BeforeEach
    void machine() throws IOException {
        machine = new JimfsMachine();
        machine.write("/sys/block/md0/dev", "9:0\n".getBytes());
        sectors.put("md0", 256L);
        host = withBlockDevices(machine.host, sectors);
    }

    /** {@code inner} with block ioctls that read and set {@code sectors}. */
    static Host withBlockDevices(Host inner, Map<String, Long> sectors) {
        BlockDevices devices = (BlockDevices) Proxy.newProxyInstance(BlockDevices.class.getClassLoader(), new Class<?>[] {BlockDevices.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "readAheadSectors" -> sectors.get((String) args[0]);
                    case "setReadAheadSectors" -> sectors.put((String) args[0], (Long) args[1]);
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        return (Host) Proxy.newProxyInstance(Host.class.getClassLoader(), new Class<?>[] {Host.class}, (proxy, method, args) -> {
            if (method.getName().equals("blockDevices")) {
                return devices;
            }
            try {
                return method.invoke(inner, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        });
    }

    @Test
    void theReadaheadIsSetByIoctlJournaledWithItsOldValueAndUndone() throws IOException {
        JournalEntry entry = new PlanExecutor(PostconditionChecker.NONE).apply(host, Plan.of(MD0), "apply").orElseThrow();

        assertEquals(32768L, sectors.get("md0"), "16384 KiB in 512-byte sectors");
        assertEquals(List.of(), machine.runner.calls(), "no blockdev program runs");
        JournaledChange.ReadAheadWrite record = assertInstanceOf(JournaledChange.ReadAheadWrite.class, entry.changes().get(0));
        assertEquals(List.of("/dev/md0", "md0", "128", "16384", "read_ahead_kb"),
                List.of(record.path(), record.device(), record.oldValue(), record.newValue(), record.setting()));
        JsonNode json = new ObjectMapper().readTree(machine.read(Journal.DIRECTORY + "/" + entry.id() + ".json")).get("changes").get(0);
        assertEquals("write-read-ahead", json.get("kind").asText());
        assertEquals("# [md data] line 2: read_ahead_kb\n  /dev/md0 read_ahead_kb: 128 -> 16384 (BLKRASET)\n", new PlanRenderer().render(Plan.of(MD0)));

        JournalEntry undo = new UndoExecutor().undo(host, false).orElseThrow();
        assertEquals(256L, sectors.get("md0"));
        assertEquals(List.of("md0 read_ahead_kb = 128"), Restored.of(undo).items());
    }

    @Test
    void aFailedApplyPutsTheReadaheadBack() {
        machine.runner.exits(List.of("false"), 1, "", "no\n");
        DisktuneException e = assertThrows(DisktuneException.class, () -> new PlanExecutor(PostconditionChecker.NONE)
                .apply(host, Plan.of(MD0, new RunProgram(List.of("false"), "fails")), "apply"));
        assertEquals(ExitCode.ROLLED_BACK, e.exitCode());
        assertEquals("false exited 1; set back /dev/md0 read_ahead_kb to 128", e.getMessage());
        assertEquals(256L, sectors.get("md0"));
    }

    @Test
    void aReadaheadChangedSinceThePlanIsRefusedBeforeAnythingChanges() {
        sectors.put("md0", 512L);
        DisktuneException e = assertThrows(DisktuneException.class,
                () -> new PlanExecutor(PostconditionChecker.NONE).apply(host, Plan.of(MD0), "apply"));
        assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
        assertTrue(e.getMessage().startsWith("/dev/md0 changed since the plan was made (it reads ahead 256 KiB"), e.getMessage());
        assertEquals(512L, sectors.get("md0"));
    }
}
