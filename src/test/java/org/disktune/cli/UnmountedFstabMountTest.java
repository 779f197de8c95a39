package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;

import org.disktune.host.Host;
import org.disktune.host.LiveTree;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.junit.jupiter.api.Test;

/**
 * Issue 29 item 5: a {@code [mount]} section for an fstab line that is not mounted now (a {@code noauto} data disk) is
 * persisted in that line, byte for byte otherwise, without a remount; verify says pending until it is mounted, then ok
 * or drift as for any mount; rollback restores fstab byte for byte.
 */
class UnmountedFstabMountTest {
    private static final String CONFIG = "/etc/disktune/disktune.conf";
    private static final String FSTAB = "/etc/fstab";
    private static final String DATA_LINE = "/dev/hdf4\t/data   ext3\tnoauto,defaults  0 2\n";
    private static final String DATA_EDITED = "/dev/hdf4\t/data   ext3\tnoauto,defaults,noatime  0 2\n";

    private static CliRun run(Host host, String... args) {
        return CliRun.run(o -> host, args);
    }

    /** A fourth partition on hdf (the sample's three are RAID members) and a noauto fstab line for it. */
    private static <H extends Host> H prepare(H host) throws IOException {
        Path partition = host.path("/sys/block/hdf/hdf4");
        Files.createDirectories(partition);
        Files.writeString(partition.resolve("dev"), "33:68\n");
        Files.writeString(partition.resolve("start"), "156344580\n");
        Files.writeString(partition.resolve("size"), "41945715\n");
        Files.writeString(host.path(FSTAB), Files.readString(host.path(FSTAB)) + DATA_LINE);
        Files.createDirectories(host.path(CONFIG).getParent());
        Files.writeString(host.path(CONFIG), "[mount /data]\natime = noatime\n");
        return host;
    }

    private static LiveTree live() throws IOException {
        Path root = SampleRoots.materialize("seed-centos5-ide");
        return prepare(new LiveTree(root, Session.treeKernelLog(root, "sample seed-centos5-ide")));
    }

    @Test
    void applyWritesTheOptionIntoTheNoautoLineSaysNoRemountAndRollbackRestoresFstabByteForByte() throws IOException {
        LiveTree host = live();
        byte[] before = Files.readAllBytes(host.path(FSTAB));

        CliRun plan = run(host, "plan");
        assertEquals(0, plan.exitCode(), plan.out() + plan.err());
        assertFalse(plan.out().contains("nothing is mounted at /data"), plan.out());
        assertTrue(plan.out().contains("-" + DATA_LINE + "+" + DATA_EDITED), plan.out());
        assertTrue(plan.out().lines().anyMatch(l -> l.contains("/data") && l.contains("not mounted") && l.contains("no remount")),
                plan.out());

        CliRun apply = run(host, "apply");
        assertEquals(0, apply.exitCode(), apply.out() + apply.err());
        assertTrue(apply.out().lines().anyMatch(l -> l.contains("/data") && l.contains("not mounted") && l.contains("no remount")),
                apply.out());
        String fstab = Files.readString(host.path(FSTAB));
        assertEquals(new String(before, java.nio.charset.StandardCharsets.UTF_8).replace(DATA_LINE, DATA_EDITED), fstab);
        assertTrue(host.programs.calls().stream().noneMatch(c -> c.get(0).equals("mount")), host.programs.calls().toString());

        CliRun verify = run(host, "verify");
        assertEquals(3, verify.exitCode(), verify.out());
        assertTrue(verify.out().lines().anyMatch(l -> l.startsWith("pending") && l.contains("/data") && l.contains("atime")
                && l.contains("not mounted")), verify.out());
        assertTrue(verify.out().lines().noneMatch(l -> l.startsWith("absent")), verify.out());

        CliRun rollback = run(host, "rollback");
        assertEquals(0, rollback.exitCode(), rollback.out() + rollback.err());
        assertTrue(Arrays.equals(before, Files.readAllBytes(host.path(FSTAB))), "fstab byte for byte as before");
    }

    @Test
    void onceMountedTheSettingIsOkWithTheOptionAndDriftWithout() throws IOException {
        LiveTree host = live();
        assertEquals(0, run(host, "apply").exitCode());
        String mounts = Files.readString(host.path("/proc/mounts"));

        Files.writeString(host.path("/proc/mounts"), mounts + "/dev/hdf4 /data ext3 rw,noatime,data=ordered 0 0\n");
        CliRun ok = run(host, "verify");
        assertEquals(0, ok.exitCode(), ok.out());
        assertTrue(ok.out().lines().anyMatch(l -> l.startsWith("ok") && l.contains("/data") && l.contains("atime")), ok.out());

        Files.writeString(host.path("/proc/mounts"), mounts + "/dev/hdf4 /data ext3 rw,data=ordered 0 0\n");
        CliRun drift = run(host, "verify");
        assertEquals(1, drift.exitCode(), drift.out());
        assertTrue(drift.out().lines().anyMatch(l -> l.startsWith("drift") && l.contains("/data") && l.contains("atime")), drift.out());
    }

    @Test
    void onARootTreeVerifyIsPendingAndAnFstabWithoutTheOptionIsDrift() throws IOException {
        Path root = SampleRoots.materialize("seed-centos5-ide");
        Host host = prepare(new RootedHost(root, new RefusingCommandRunner("sample seed-centos5-ide"),
                Session.treeKernelLog(root, "sample seed-centos5-ide"), Clock.systemUTC(), true));
        CliRun before = run(host, "verify");
        assertEquals(1, before.exitCode(), before.out());
        assertTrue(before.out().lines().anyMatch(l -> l.startsWith("drift") && l.contains(FSTAB)), before.out());

        assertEquals(0, run(host, "apply").exitCode());
        assertTrue(Files.readString(host.path(FSTAB)).endsWith(DATA_EDITED));
        CliRun after = run(host, "verify");
        assertEquals(3, after.exitCode(), after.out());
        assertTrue(after.out().lines().anyMatch(l -> l.startsWith("pending") && l.contains("/data") && l.contains("not mounted")),
                after.out());
    }
}
