package org.disktune.cli;

import static org.disktune.initramfs.RealDebianRoots.Generator.DRACUT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.disktune.initramfs.DisposableDebianRoot;
import org.disktune.initramfs.RealDebianRoots;
import org.disktune.initramfs.RealDebianRoots.DebianRoot;
import org.disktune.initramfs.RootSnapshots;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * disktune's systemd-boot writer with the real kernel-install of Debian 12 (systemd 252, in the cached dracut root, run
 * by {@code --root --chroot}) and layout=bls: a [module] parameter of nvme_core (built into Debian's cloud kernel) goes
 * into /etc/kernel/cmdline, the real {@code kernel-install add} rewrites the kernel's loader entry through its
 * 90-loaderentry.install, disktune proves the entry holds the parameter, and rollback gives back every file byte for byte.
 * What the fake kernel-install of SystemdBootApplyRollbackTest stands for, run once for real.
 */
@Tag("debootstrap")
class RealKernelInstallTest {
    /** Mount points, scratch space, disktune's journal and lock (they record the commands themselves). */
    private static final Set<String> NOT_COMPARED = Set.of("proc", "sys", "dev", "tmp", "var/lib/disktune", "run/disktune");
    private static final String CONFIG = "/etc/disktune/disktune.conf";
    private static final String CMDLINE = "/etc/kernel/cmdline";
    private static final String WORD = "nvme_core.default_ps_max_latency_us=0";

    private static void write(DebianRoot root, String machinePath, String text) throws IOException {
        Files.createDirectories(root.path(machinePath).getParent());
        Files.writeString(root.path(machinePath), text);
    }

    private static String rel(String machinePath) {
        return machinePath.substring(1);
    }

    @Test
    void theRealKernelInstallRewritesTheLoaderEntryAndRollbackRestoresItByteForByte() throws IOException {
        try (DisposableDebianRoot copy = DisposableDebianRoot.copyOf(RealDebianRoots.get(DRACUT))) {
            copy.mountProc();
            DebianRoot root = copy.root();
            String machineId = Files.readString(root.path("/etc/machine-id")).strip();
            String kernel = root.kernel();
            String entry = "/boot/loader/entries/" + machineId + "-" + kernel + ".conf";
            write(root, "/boot/loader/loader.conf", "timeout 3\n");
            write(root, "/etc/kernel/install.conf", "layout=bls\n");
            write(root, CMDLINE, "root=/dev/vda1 ro  quiet\n");
            // the entry as the kernel package's hook has kernel-install write it
            root.runWithProc("kernel-install", "add", kernel, "/boot/vmlinuz-" + kernel).requireSuccess();
            assertTrue(Files.readString(root.path(entry)).contains("\noptions    root=/dev/vda1 ro quiet systemd.machine_id=" + machineId + "\n"),
                    Files.readString(root.path(entry)));
            write(root, CONFIG, "[module nvme_core]\ndefault_ps_max_latency_us = 0\n");
            RootSnapshots snapshots = new RootSnapshots(root.dir(), NOT_COMPARED);
            Map<String, String> before = snapshots.take();

            CliRun plan = CliRun.run("--root", root.dir().toString(), "--chroot", "plan");
            assertTrue(plan.out().contains("kernel-install add " + kernel + " /boot/vmlinuz-" + kernel), plan.out() + plan.err());

            CliRun apply = CliRun.run("--root", root.dir().toString(), "--chroot", "apply");
            assertEquals(3, apply.exitCode(), "a command line change needs a reboot\n" + apply.out() + apply.err());
            assertEquals("root=/dev/vda1 ro  quiet " + WORD + "\n", Files.readString(root.path(CMDLINE)), "only disktune's word added");
            assertTrue(Files.readString(root.path(entry)).contains("\noptions    root=/dev/vda1 ro quiet " + WORD + " systemd.machine_id="
                    + machineId + "\n"), "the real 90-loaderentry.install wrote the parameter: " + Files.readString(root.path(entry)));
            assertEquals(new TreeSet<>(List.of(rel(CMDLINE), rel(entry))), RootSnapshots.differences(before, snapshots.take()),
                    "what apply changed in the root (the kernel copied again is the same bytes)");
            CliRun again = CliRun.run("--root", root.dir().toString(), "--chroot", "plan");
            assertTrue(again.out().startsWith("nothing to change"), again.out() + again.err());

            Files.delete(root.path(CONFIG));
            CliRun rollback = CliRun.run("--root", root.dir().toString(), "--chroot", "rollback");
            assertEquals(3, rollback.exitCode(), rollback.out() + rollback.err());
            Map<String, String> expected = new HashMap<>(before);
            expected.remove(rel(CONFIG));
            RootSnapshots.assertSame(expected, snapshots.take(), "after rollback");
        }
    }
}
