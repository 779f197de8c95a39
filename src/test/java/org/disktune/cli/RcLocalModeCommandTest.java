package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;

import org.disktune.core.FileMode;
import org.disktune.host.Host;
import org.disktune.host.LiveTree;
import org.disktune.host.MachineEntry;
import org.disktune.host.SampleMachines;
import org.junit.jupiter.api.Test;

/**
 * Issue 29 item 3: boot runs a sysvinit rc.local only when it is executable (Debian's rc-local, Red Hat's S99local),
 * so an rc.local that carries disktune's hdparm block and is not executable is drift in verify, plan and apply make it
 * executable in the journaled write, and undo puts the exact old mode back. On CentOS 5 (report 004).
 */
class RcLocalModeCommandTest {
    private static final String CONFIG = "/etc/disktune/disktune.conf";
    private static final String RC_LOCAL = "/etc/rc.local";
    private static final String HDPARM = """
            [disk ide]
            match.transport = ide
            io32 = 3
            """;

    private static LiveTree centos5() throws IOException {
        Path root = SampleRoots.materialize("seed-centos5-ide");
        LiveTree host = new LiveTree(root, Session.treeKernelLog(root, "sample seed-centos5-ide"));
        Files.createDirectories(host.path(CONFIG).getParent());
        Files.writeString(host.path(CONFIG), HDPARM);
        return host;
    }

    private static CliRun run(Host host, String... args) {
        return CliRun.run(o -> host, args);
    }

    private static String mode(Host host, String path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(host.path(path)));
    }

    @Test
    void theSampleRcLocalIsExecutableAsCentos5InstallsItSoApplyLeavesItsMode() throws IOException {
        LiveTree host = centos5();
        assertEquals("rwxr-xr-x", mode(host, RC_LOCAL));
        CliRun plan = run(host, "plan");
        assertEquals(0, plan.exitCode(), plan.out() + plan.err());
        assertFalse(plan.out().contains("chmod"), plan.out());
        assertEquals(0, run(host, "apply").exitCode());
        assertEquals("rwxr-xr-x", mode(host, RC_LOCAL));
        CliRun verify = run(host, "verify");
        assertTrue(verify.out().lines().anyMatch(l -> l.startsWith("ok") && l.contains("persistence") && l.contains(RC_LOCAL)), verify.out());
    }

    @Test
    void aNotExecutableRcLocalIsMadeExecutableWithTheBlockAndUndoPutsItsModeBack() throws IOException {
        LiveTree host = centos5();
        Files.setPosixFilePermissions(host.path(RC_LOCAL), PosixFilePermissions.fromString("rw-r-----"));
        byte[] before = Files.readAllBytes(host.path(RC_LOCAL));

        CliRun plan = run(host, "plan");
        assertEquals(0, plan.exitCode(), plan.out() + plan.err());
        assertTrue(plan.out().contains("+hdparm -c3 /dev/hde\n"), plan.out());
        assertTrue(plan.out().contains("  chmod 0640 -> 0750 /etc/rc.local\n"), plan.out());
        assertEquals("rw-r-----", mode(host, RC_LOCAL), "plan changes nothing");

        CliRun apply = run(host, "apply");
        assertEquals(0, apply.exitCode(), apply.out() + apply.err());
        assertEquals("rwxr-x---", mode(host, RC_LOCAL));
        assertTrue(Files.readString(host.path(RC_LOCAL)).contains("hdparm -c3 /dev/hde\n"));
        CliRun again = run(host, "plan");
        assertFalse(again.out().contains("chmod"), again.out());

        CliRun undo = run(host, "undo");
        assertTrue(undo.exitCode() == 0, undo.out() + undo.err());
        assertEquals("rw-r-----", mode(host, RC_LOCAL));
        assertEquals(new String(before, java.nio.charset.StandardCharsets.ISO_8859_1),
                Files.readString(host.path(RC_LOCAL), java.nio.charset.StandardCharsets.ISO_8859_1));
    }

    @Test
    void theBlockInANotExecutableRcLocalIsDriftWithItsOwnFixAndApplyChangesOnlyTheMode() throws IOException {
        LiveTree host = centos5();
        assertEquals(0, run(host, "apply").exitCode());
        byte[] withBlock = Files.readAllBytes(host.path(RC_LOCAL));
        Files.setPosixFilePermissions(host.path(RC_LOCAL), PosixFilePermissions.fromString("rw-r--r--"));

        CliRun verify = run(host, "verify");
        assertEquals(1, verify.exitCode(), verify.out());
        assertTrue(verify.out().lines().noneMatch(l -> l.startsWith("ok") && l.contains(RC_LOCAL)), verify.out());
        assertTrue(verify.out().lines().anyMatch(l -> l.startsWith("drift") && l.contains(RC_LOCAL) && l.contains("  not executable  ")
                && l.contains("is not executable (mode 0644)")
                && l.contains("chmod 0644 -> 0755") && l.contains("or chmod 0755 /etc/rc.local")), verify.out());
        assertFalse(verify.out().lines().anyMatch(l -> l.startsWith("ok") && l.contains("persistence") && l.contains(RC_LOCAL)), verify.out());

        CliRun plan = run(host, "plan");
        assertTrue(plan.out().contains("# boot runs /etc/rc.local only when it is executable, and it is not: make it so\n"
                + "  chmod 0644 -> 0755 /etc/rc.local\n"), plan.out());
        assertFalse(plan.out().contains("+++ b/etc/rc.local"), "the bytes stay: " + plan.out());
        com.fasterxml.jackson.databind.JsonNode step = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(run(host, "--json", "plan").out()).get("steps").get(0);
        assertEquals(List.of("write-file", RC_LOCAL, "0644", "0755"), List.of(step.get("kind").asText(), step.get("path").asText(),
                step.get("old_value").asText(), step.get("new_value").asText()), step.toString());

        assertEquals(0, run(host, "apply").exitCode());
        assertEquals("rwxr-xr-x", mode(host, RC_LOCAL));
        assertTrue(java.util.Arrays.equals(withBlock, Files.readAllBytes(host.path(RC_LOCAL))));
        CliRun fixed = run(host, "verify"); // (the recording runner keeps no drive's io32: those lines are drift)
        assertTrue(fixed.out().lines().anyMatch(l -> l.startsWith("ok") && l.contains("persistence") && l.contains(RC_LOCAL)), fixed.out());
        assertFalse(fixed.out().lines().anyMatch(l -> !l.startsWith("ok") && l.contains(RC_LOCAL)), fixed.out());

        CliRun undo = run(host, "undo");
        assertEquals(0, undo.exitCode(), undo.out() + undo.err());
        assertEquals("rw-r--r--", mode(host, RC_LOCAL), "undo puts the exact old mode back");
        assertTrue(java.util.Arrays.equals(withBlock, Files.readAllBytes(host.path(RC_LOCAL))));
    }

    @Test
    void rollbackPutsTheModeBeforeDisktuneBack() throws IOException {
        LiveTree host = centos5();
        Files.setPosixFilePermissions(host.path(RC_LOCAL), PosixFilePermissions.fromString("rw-------"));
        assertEquals(0, run(host, "apply").exitCode());
        assertEquals("rwx------", mode(host, RC_LOCAL));
        Files.writeString(host.path(CONFIG), HDPARM + "multcount = 16\n");
        assertEquals(0, run(host, "apply").exitCode());
        CliRun rollback = run(host, "rollback");
        assertEquals(0, rollback.exitCode(), rollback.out() + rollback.err());
        assertEquals("rw-------", mode(host, RC_LOCAL));
        assertFalse(Files.readString(host.path(RC_LOCAL)).contains("disktune"));
    }

    @Test
    void whereTheModeCannotBeReadVerifySaysUnknownNeverOk() throws IOException {
        // the same machine on a file system that shows no POSIX permissions
        List<MachineEntry> entries = new SampleMachines().entries("seed-centos5-ide").stream()
                .map(e -> e instanceof MachineEntry.FileEntry f ? new MachineEntry.FileEntry(f.path(), f.content()) : e).toList();
        Path root = Jimfs.newFileSystem(Configuration.unix().toBuilder().setAttributeViews("basic").setWorkingDirectory("/").build()).getPath("/");
        SampleMachines.createTree(entries, root);
        LiveTree host = new LiveTree(root, Session.treeKernelLog(root, "sample seed-centos5-ide"));
        assertEquals(Optional.<FileMode>empty(), host.mode(RC_LOCAL));
        Files.createDirectories(host.path(CONFIG).getParent());
        Files.writeString(host.path(CONFIG), HDPARM);
        assertEquals(0, run(host, "apply").exitCode());

        CliRun verify = run(host, "verify");
        assertTrue(verify.out().lines().anyMatch(l -> l.startsWith("unknown") && l.contains(RC_LOCAL) && l.contains("mode")
                && l.contains("cannot be read")), verify.out());
        assertFalse(verify.out().lines().anyMatch(l -> l.startsWith("ok") && l.contains("persistence") && l.contains(RC_LOCAL)), verify.out());
    }
}
