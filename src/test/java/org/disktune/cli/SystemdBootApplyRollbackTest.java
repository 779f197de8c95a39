package org.disktune.cli;

import static org.disktune.cli.BootTrees.read;
import static org.disktune.cli.BootTrees.snapshot;
import static org.disktune.cli.BootTrees.write;
import static org.disktune.cli.BootTrees.run;
import static org.disktune.cli.SystemdBootTrees.CMDLINE;
import static org.disktune.cli.SystemdBootTrees.CONFIG;
import static org.disktune.cli.SystemdBootTrees.KERNELS;
import static org.disktune.cli.SystemdBootTrees.MACHINE_ID;
import static org.disktune.cli.SystemdBootTrees.ROOT_ARGS;
import static org.disktune.cli.SystemdBootTrees.WORD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.disktune.host.LiveTree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * systemd-boot end to end (issue 32 item 2): apply puts a [module] parameter routed to the kernel command line into
 * the shared /etc/kernel/cmdline, changing only disktune's words, and runs kernel-install add for each installed kernel,
 * which here is a shell script (src/test/resources/boot/fake-kernel-install) that writes the loader entries as
 * 90-loaderentry.install does; rollback restores every file byte for byte. A failing kernel-install puts the old
 * entries back, and a missing one changes nothing.
 */
class SystemdBootApplyRollbackTest {
    private static String entry(String version) {
        return "/boot/loader/entries/" + MACHINE_ID + "-" + version + ".conf";
    }

    /** A Debian 12 tree booted by systemd-boot with /boot as its ESP and two kernels whose entries kernel-install wrote. */
    private static LiveTree debianWithSystemdBoot(Path root, boolean kernelInstallInstalled) throws IOException {
        SystemdBootTrees.debian(root);
        write(root, "/boot/loader/loader.conf", "timeout 3\n#console-mode keep\n");
        for (String version : KERNELS) {
            write(root, "/boot/" + MACHINE_ID + "/" + version + "/linux", "kernel " + version);
            write(root, "/boot/" + MACHINE_ID + "/" + version + "/initrd.img-" + version, "initrd " + version);
            write(root, entry(version), "# Boot Loader Specification type#1 entry\ntitle      Debian GNU/Linux 12 (bookworm)\n"
                    + "version    " + version + "\noptions    " + ROOT_ARGS + " systemd.machine_id=" + MACHINE_ID + "\n");
        }
        write(root, "/proc/cmdline", "initrd=\\" + MACHINE_ID + "\\6.1.0-18-amd64\\initrd.img-6.1.0-18-amd64 " + ROOT_ARGS
                + " systemd.machine_id=" + MACHINE_ID + "\n");
        return BootTrees.withProgram(root, "kernel-install", "/boot/fake-kernel-install", kernelInstallInstalled);
    }

    @Test
    void applyStartsFromTheRunningCommandLineWritesEveryEntryJournaledAndRollbackRestoresAllByteForByte(@TempDir Path root)
            throws IOException {
        LiveTree host = debianWithSystemdBoot(root, true);
        Map<String, String> before = snapshot(root);

        CliRun apply = run(host, "apply");
        assertEquals(3, apply.exitCode(), "a command line change needs a reboot: " + apply.out() + apply.err());
        assertEquals(ROOT_ARGS + " systemd.machine_id=" + MACHINE_ID + " " + WORD + "\n", read(root, CMDLINE),
                "the running command line without the boot loader's initrd=, and the parameter");
        for (String version : KERNELS) {
            assertTrue(read(root, entry(version)).contains("\noptions    " + ROOT_ARGS + " systemd.machine_id=" + MACHINE_ID + " " + WORD
                    + "\n"), read(root, entry(version)));
        }
        assertEquals(KERNELS.stream().map(v -> List.of("kernel-install", "add", v, "/boot/vmlinuz-" + v, "/boot/initrd.img-" + v)).toList(),
                host.programs.calls());

        CliRun history = run(host, "--json", "history");
        assertTrue(history.out().contains("\"files\" : 9"), "one entry for the command line and each kernel's entry, kernel and both initrd names (Debian's, dracut's): "
                + history.out());
        CliRun plan = run(host, "plan");
        assertTrue(plan.out().startsWith("nothing to change"), "after apply, plan is empty: " + plan.out() + plan.err());

        Files.delete(root.resolve(CONFIG.substring(1)));
        CliRun rollback = run(host, "rollback");
        assertEquals(3, rollback.exitCode(), rollback.out() + rollback.err());
        before.remove(CONFIG);
        assertEquals(before, snapshot(root), "/etc/kernel/cmdline is gone and every entry is the old one, byte for byte");
    }

    @Test
    void anExistingCommandLineChangesOnlyInDisktunesWordsAndARemovedParameterLeavesIt(@TempDir Path root) throws IOException {
        LiveTree host = debianWithSystemdBoot(root, true);
        String admin = "root=UUID=0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0  ro\tnvme_core.default_ps_max_latency_us=5500 libata.force=noncq\n"
                + "quiet  console=ttyS0,115200n8\n";
        write(root, CMDLINE, admin);
        write(root, CONFIG, "[module nvme_core]\nvia = cmdline\ndefault_ps_max_latency_us = 0\n[module sata_nv]\nvia = cmdline\nadma = 1\n");
        Map<String, String> before = snapshot(root);

        CliRun apply = run(host, "apply");
        assertEquals(3, apply.exitCode(), apply.out() + apply.err());
        assertEquals("root=UUID=0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0  ro\t" + WORD + " libata.force=noncq\n"
                + "quiet  console=ttyS0,115200n8 sata_nv.adma=1\n", read(root, CMDLINE),
                "the value replaced in place, the new parameter appended, every other byte kept");

        write(root, CONFIG, "[module nvme_core]\nvia = cmdline\n[module sata_nv]\nvia = cmdline\nadma = 1\n");
        CliRun second = run(host, "apply");
        assertEquals(3, second.exitCode(), second.out() + second.err());
        assertEquals("root=UUID=0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0  ro libata.force=noncq\n"
                + "quiet  console=ttyS0,115200n8 sata_nv.adma=1\n", read(root, CMDLINE),
                "the parameter taken out of the section leaves the file; the administrator's libata.force stays");
        assertTrue(read(root, entry("6.1.0-18-amd64")).contains("options    root=UUID=0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0 ro "
                + "libata.force=noncq quiet console=ttyS0,115200n8 sata_nv.adma=1 systemd.machine_id=" + MACHINE_ID + "\n"),
                read(root, entry("6.1.0-18-amd64")));

        CliRun first = run(host, "rollback");
        assertEquals(3, first.exitCode(), first.out() + first.err());
        Map<String, String> after = snapshot(root);
        after.put(CONFIG, before.get(CONFIG));
        assertEquals(before, after, "rollback undoes both applies and gives back the administrator's file and the entries byte for byte");
    }

    @Test
    void aFailingKernelInstallRestoresEveryEntryAndSaysSo(@TempDir Path root) throws IOException {
        LiveTree host = debianWithSystemdBoot(root, true);
        write(root, "/fail-kernel-install", "6.1.0-18-amd64");
        Map<String, String> before = snapshot(root);
        CliRun apply = run(host, "apply");
        assertEquals(5, apply.exitCode(), apply.out() + apply.err());
        assertTrue(apply.err().contains("Error: could not create loader entry"), "what kernel-install printed is shown: " + apply.err());
        assertTrue(apply.err().contains("disktune: kernel-install add 6.1.0-18-amd64 /boot/vmlinuz-6.1.0-18-amd64 "
                + "/boot/initrd.img-6.1.0-18-amd64 exited 1; restored "), apply.err());
        assertTrue(apply.err().contains(entry("6.1.0-17-amd64")) && apply.err().endsWith("; removed " + CMDLINE + "\n"), apply.err());
        assertEquals(before, snapshot(root), "the first kernel's rewritten entry and the second's half one are the old ones again");
    }

    @Test
    void aMissingKernelInstallIsAOneLineErrorAndNoFileChanges(@TempDir Path root) throws IOException {
        LiveTree host = debianWithSystemdBoot(root, false);
        Map<String, String> before = snapshot(root);
        CliRun apply = run(host, "apply");
        assertEquals(4, apply.exitCode(), apply.out() + apply.err());
        assertEquals("disktune: kernel-install is not installed or not on the PATH although /boot/loader/loader.conf is; "
                + "install the systemd package (nothing was changed)\n", apply.err());
        assertEquals(before, snapshot(root));
        assertEquals(List.of(), host.programs.calls());
    }

}
