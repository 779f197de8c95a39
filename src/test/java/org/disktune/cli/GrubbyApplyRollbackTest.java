package org.disktune.cli;

import static org.disktune.cli.BootTrees.read;
import static org.disktune.cli.BootTrees.snapshot;
import static org.disktune.cli.BootTrees.write;
import static org.disktune.cli.BootTrees.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.disktune.host.LiveTree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * GRUB with Boot Loader Specification entries and grubby (Fedora, RHEL) end to end (issue 32 item 2): apply puts a
 * [module] parameter routed to the kernel command line into /etc/kernel/cmdline for kernels installed later and runs
 * grubby --update-kernel=ALL, here a shell script (src/test/resources/boot/fake-grubby) that edits every entry,
 * /etc/default/grub and /etc/kernel/cmdline as grubby does; a parameter taken out of the configuration is removed with
 * --remove-args; rollback restores every file byte for byte. A failing grubby puts the old files back, a missing one
 * changes nothing.
 */
class GrubbyApplyRollbackTest {
    private static final String CONFIG = "/etc/disktune/disktune.conf";
    private static final String CMDLINE = "/etc/kernel/cmdline";
    private static final String MACHINE_ID = "9d3c1b2a4e5f60718293a4b5c6d7e8f9";
    private static final List<String> KERNELS = List.of("6.8.5-301.fc40.x86_64", "6.10.12-200.fc40.x86_64");
    private static final String OPTIONS = "root=UUID=5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9 ro rootflags=subvol=root rhgb quiet";
    private static final String WORD = "nvme_core.default_ps_max_latency_us=0";
    private static final String GRUB_DEFAULT = """
            GRUB_TIMEOUT=5
            GRUB_DISTRIBUTOR="$(sed 's, release .*$,,g' /etc/system-release)"
            GRUB_DEFAULT=saved
            GRUB_DISABLE_SUBMENU=true
            GRUB_TERMINAL_OUTPUT="console"
            GRUB_CMDLINE_LINUX="rootflags=subvol=root rhgb quiet"
            GRUB_DISABLE_RECOVERY="true"
            GRUB_ENABLE_BLSCFG=true
            """;

    private static String entry(String version) {
        return "/boot/loader/entries/" + MACHINE_ID + "-" + version + ".conf";
    }

    /** A Fedora 40 tree: GRUB reading BLS entries for two kernels, grubby the fake script. */
    private static LiveTree fedoraWithGrubby(Path root, boolean grubbyInstalled) throws IOException {
        write(root, "/etc/fedora-release", "Fedora release 40 (Forty)\n");
        write(root, "/etc/machine-id", MACHINE_ID + "\n");
        write(root, "/etc/default/grub", GRUB_DEFAULT);
        write(root, "/boot/grub2/grubenv", "# GRUB Environment Block\nsaved_entry=" + MACHINE_ID + "-6.10.12-200.fc40.x86_64\n"
                + "#".repeat(900) + "\n");
        for (String version : KERNELS) {
            write(root, "/boot/vmlinuz-" + version, "kernel " + version);
            write(root, entry(version), "title Fedora Linux (" + version + ") 40 (Workstation Edition)\nversion " + version
                    + "\nlinux /vmlinuz-" + version + "\ninitrd /initramfs-" + version + ".img $tuned_initrd\noptions " + OPTIONS
                    + "\ngrub_users $grub_users\ngrub_arg --unrestricted\ngrub_class fedora\n");
        }
        write(root, "/proc/cmdline", "BOOT_IMAGE=(hd0,gpt2)/vmlinuz-6.10.12-200.fc40.x86_64 " + OPTIONS + "\n");
        write(root, "/proc/sys/kernel/random/boot_id", "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d\n");
        write(root, "/proc/mounts", "/dev/nvme0n1p3 / btrfs rw,relatime 0 0\n/dev/nvme0n1p2 /boot ext4 rw,relatime 0 0\n");
        write(root, CONFIG, "[module nvme_core]\nvia = cmdline\ndefault_ps_max_latency_us = 0\n");
        return BootTrees.withProgram(root, "grubby", "/boot/fake-grubby", grubbyInstalled);
    }

    @Test
    void applyRunsGrubbyForAllEntriesJournaledARemovedParameterIsRemovedAndRollbackRestoresAllByteForByte(@TempDir Path root)
            throws IOException {
        LiveTree host = fedoraWithGrubby(root, true);
        Map<String, String> before = snapshot(root);

        CliRun apply = run(host, "apply");
        assertEquals(3, apply.exitCode(), "a command line change needs a reboot: " + apply.out() + apply.err());
        assertEquals(List.of(List.of("grubby", "--update-kernel=ALL", "--args=" + WORD)), host.programs.calls());
        assertEquals(OPTIONS + " " + WORD + "\n", read(root, CMDLINE), "kernels installed later get it from /etc/kernel/cmdline");
        for (String version : KERNELS) {
            assertTrue(read(root, entry(version)).contains("\noptions " + OPTIONS + " " + WORD + "\n"), read(root, entry(version)));
        }
        CliRun history = run(host, "--json", "history");
        assertTrue(history.out().contains("\"files\" : 5"), "one entry: the command line, both entries, /etc/default/grub and "
                + "grubenv, all that grubby may rewrite: " + history.out());
        CliRun plan = run(host, "plan");
        assertTrue(plan.out().startsWith("nothing to change"), "after apply, plan is empty: " + plan.out() + plan.err());

        CliRun rollback = run(host, "rollback");
        assertEquals(3, rollback.exitCode(), rollback.out() + rollback.err());
        assertEquals(before, snapshot(root), "/etc/kernel/cmdline is gone again, entries, /etc/default/grub and grubenv the old ones");

        assertEquals(3, run(host, "apply").exitCode());
        write(root, CONFIG, "[module nvme_core]\nvia = cmdline\n");
        CliRun removal = run(host, "apply");
        assertEquals(3, removal.exitCode(), removal.out() + removal.err());
        assertEquals(List.of("grubby", "--update-kernel=ALL", "--remove-args=" + WORD), host.programs.calls().get(2));
        assertEquals(OPTIONS + "\n", read(root, CMDLINE), "the parameter taken out of the section leaves the file and every entry");
        for (String version : KERNELS) {
            assertEquals(before.get(entry(version)), read(root, entry(version)));
        }
    }

    @Test
    void aFailingGrubbyRestoresTheOldFilesAndSaysSo(@TempDir Path root) throws IOException {
        LiveTree host = fedoraWithGrubby(root, true);
        write(root, "/fail-grubby", "");
        Map<String, String> before = snapshot(root);
        CliRun apply = run(host, "apply");
        assertEquals(5, apply.exitCode(), apply.out() + apply.err());
        assertTrue(apply.err().contains("Read-only file system"), "what grubby printed is shown: " + apply.err());
        assertTrue(apply.err().contains("disktune: grubby --update-kernel=ALL --args=" + WORD + " exited 1; restored "), apply.err());
        assertTrue(apply.err().endsWith("; removed " + CMDLINE + "\n"), apply.err());
        assertEquals(before, snapshot(root), "the half-written entry is the old one again and /etc/kernel/cmdline is gone");
    }

    @Test
    void aMissingGrubbyIsAOneLineErrorAndNoFileChanges(@TempDir Path root) throws IOException {
        LiveTree host = fedoraWithGrubby(root, false);
        write(root, "/usr/sbin/grubby", "#!/bin/sh\n");
        Map<String, String> before = snapshot(root);
        CliRun apply = run(host, "apply");
        assertEquals(4, apply.exitCode(), apply.out() + apply.err());
        assertEquals("disktune: grubby is not installed or not on the PATH although /usr/sbin/grubby is; install the grubby "
                + "package (nothing was changed)\n", apply.err());
        assertEquals(before, snapshot(root));
        assertEquals(List.of(), host.programs.calls());
    }
}
