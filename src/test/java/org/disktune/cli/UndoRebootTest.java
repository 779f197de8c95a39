package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

import org.disktune.host.Host;
import org.disktune.host.LiveTree;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.junit.jupiter.api.Test;

/**
 * Issue 29 item 8: undo and rollback exit 3 (reboot needed) only when they put back an initramfs image or a boot file
 * (the modprobe set case is in {@link UndoCommandTest}), and their message names every value they put back.
 */
class UndoRebootTest {
    private static final String CONFIG = "/etc/disktune/disktune.conf";
    private static final String RULES = "/etc/udev/rules.d/90-disktune.rules";
    private static final String READAHEAD = """
            [disk raptors]
            match.model = WDC WD740ADFD*
            read_ahead_kb = 1024
            """;

    private static CliRun run(Host host, String... args) {
        return CliRun.run(o -> host, args);
    }

    private static LiveTree liveRaptors() throws IOException {
        Path root = SampleRoots.materialize("seed-raid5-raptors");
        LiveTree host = new LiveTree(root, Session.treeKernelLog(root, "sample seed-raid5-raptors"));
        Files.createDirectories(host.path(CONFIG).getParent());
        Files.writeString(host.path(CONFIG), READAHEAD);
        return host;
    }

    @Test
    void undoOfASysfsOnlyApplyExits0AndNamesTheValuesItPutBack() throws IOException {
        LiveTree host = liveRaptors();
        String before = Files.readString(host.path("/sys/block/sda/queue/read_ahead_kb")).strip();
        CliRun apply = run(host, "apply");
        assertEquals(0, apply.exitCode(), apply.out() + apply.err());
        assertEquals("1024\n", Files.readString(host.path("/sys/block/sda/queue/read_ahead_kb")));

        CliRun undo = run(host, "undo");
        assertEquals(0, undo.exitCode(), undo.out() + undo.err());
        assertEquals(before + "\n", Files.readString(host.path("/sys/block/sda/queue/read_ahead_kb")));
        for (String disk : new String[] {"sda", "sdb", "sdc"}) {
            assertTrue(undo.out().contains(disk + " queue/read_ahead_kb = " + before), undo.out());
        }
        assertTrue(undo.out().contains(RULES), undo.out());
        assertTrue(Files.notExists(host.path(RULES)));
    }

    @Test
    void rollbackOfASysfsOnlyApplyExits0AndNamesTheValuesAsUndoDoes() throws IOException {
        LiveTree host = liveRaptors();
        String before = Files.readString(host.path("/sys/block/sdb/queue/read_ahead_kb")).strip();
        assertEquals(0, run(host, "apply").exitCode());
        CliRun rollback = run(host, "rollback");
        assertEquals(0, rollback.exitCode(), rollback.out() + rollback.err());
        assertTrue(rollback.out().contains("sdb queue/read_ahead_kb = " + before), rollback.out());
        assertTrue(rollback.out().contains(RULES), rollback.out());
    }

    @Test
    void undoOfInitWriteExits0() throws IOException {
        Path root = SampleRoots.materialize("seed-centos5-ide");
        Host host = new RootedHost(root, new RefusingCommandRunner("sample seed-centos5-ide"),
                Session.treeKernelLog(root, "sample seed-centos5-ide"), Clock.systemUTC(), true);
        assertEquals(0, run(host, "init", "--write").exitCode());
        CliRun undo = run(host, "undo");
        assertEquals(0, undo.exitCode(), undo.out() + undo.err());
        assertTrue(undo.out().contains("restored " + CONFIG), undo.out());
        assertTrue(Files.notExists(host.path(CONFIG)));
    }
}
