package org.disktune.cli;

import static org.disktune.cli.BootTrees.snapshot;
import static org.disktune.cli.BootTrees.write;
import static org.disktune.cli.BootTrees.run;
import static org.disktune.cli.SystemdBootTrees.CMDLINE;
import static org.disktune.cli.SystemdBootTrees.CONFIG;
import static org.disktune.cli.SystemdBootTrees.KERNELS;
import static org.disktune.cli.SystemdBootTrees.MACHINE_ID;
import static org.disktune.cli.SystemdBootTrees.ROOT_ARGS;
import static org.disktune.cli.SystemdBootTrees.WORD;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.disktune.host.LiveTree;
import org.disktune.initramfs.image.UkiImages;
import org.disktune.initramfs.image.UnifiedKernelImage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * systemd-boot booting unified kernel images that kernel-install builds (/etc/kernel/install.conf layout=uki, issue 32
 * item 2): apply edits /etc/kernel/cmdline and runs kernel-install add for each kernel, whose fake
 * (src/test/resources/boot/fake-kernel-install) writes a PE file with the command line in its .cmdline section as
 * 60-ukify.install and 90-uki-copy.install do; the proof reads that section with the reader of initramfs list;
 * rollback restores each UKI byte for byte. verify reads the UKIs before the reboot: pending when they hold the
 * parameter, drift when they do not. Without ukify and its plugins, or with a layout that writes no boot entry,
 * nothing is changed.
 */
class SystemdBootUkiApplyRollbackTest {
    private static String uki(String version) {
        return "/boot/EFI/Linux/" + MACHINE_ID + "-" + version + ".efi";
    }

    /**
     * A Debian tree whose /boot is the ESP, booted by systemd-boot from UKIs that kernel-install builds: install.conf says
     * layout=uki, the two kernels' UKIs are there, and so are ukify and its plugins unless {@code ukify} is false.
     */
    private static LiveTree debianWithUkis(Path root, boolean ukify) throws IOException {
        SystemdBootTrees.debian(root);
        write(root, "/etc/os-release", "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nID=debian\n");
        write(root, "/etc/kernel/install.conf", "# See kernel-install(8) for details.\nlayout=uki\n");
        write(root, "/boot/loader/loader.conf", "timeout 3\n");
        for (String version : KERNELS) {
            Path efi = root.resolve(uki(version).substring(1));
            Files.createDirectories(efi.getParent());
            Files.write(efi, UkiImages.withFile(ROOT_ARGS + " systemd.machine_id=" + MACHINE_ID, "etc/hostname", "old\n"));
        }
        if (ukify) {
            for (String program : List.of("/usr/lib/kernel/install.d/60-ukify.install", "/usr/lib/kernel/install.d/90-uki-copy.install",
                    "/usr/bin/ukify")) {
                write(root, program, "#!/bin/sh\n");
                Files.setPosixFilePermissions(root.resolve(program.substring(1)), PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
        write(root, "/proc/cmdline", ROOT_ARGS + " systemd.machine_id=" + MACHINE_ID + "\n");
        return BootTrees.withProgram(root, "kernel-install", "/boot/fake-kernel-install", true);
    }

    private static Optional<String> commandLine(Path root, String version) throws IOException {
        return UnifiedKernelImage.commandLine(root.resolve(uki(version).substring(1)));
    }

    @Test
    void applyRebuildsEveryUkiWithTheParameterInItsCmdlineSectionAndRollbackRestoresThemByteForByte(@TempDir Path root)
            throws IOException {
        LiveTree host = debianWithUkis(root, true);
        Map<String, String> before = snapshot(root);

        CliRun plan = run(host, "plan");
        assertTrue(plan.out().contains(uki("6.1.0-18-amd64")) && plan.out().contains(".efi holds " + WORD), plan.out() + plan.err());

        CliRun apply = run(host, "apply");
        assertEquals(3, apply.exitCode(), "a command line change needs a reboot: " + apply.out() + apply.err());
        for (String version : KERNELS) {
            assertEquals(Optional.of(ROOT_ARGS + " systemd.machine_id=" + MACHINE_ID + " " + WORD), commandLine(root, version),
                    "the new UKI's .cmdline is /etc/kernel/cmdline");
        }
        assertEquals(KERNELS.stream().map(v -> List.of("kernel-install", "add", v, "/boot/vmlinuz-" + v, "/boot/initrd.img-" + v)).toList(),
                host.programs.calls());
        assertTrue(run(host, "plan").out().startsWith("nothing to change"), "after apply the UKIs are proven to hold it");

        CliRun verify = run(host, "verify");
        assertTrue(verify.out().contains("in the .cmdline of " + uki("6.1.0-17-amd64") + ", " + uki("6.1.0-18-amd64")),
                "before the reboot verify reads the UKIs: " + verify.out());
        assertTrue(verify.out().contains("into the unified kernel image; takes effect after a reboot"), verify.out());

        Files.delete(root.resolve(CONFIG.substring(1)));
        CliRun rollback = run(host, "rollback");
        assertEquals(3, rollback.exitCode(), rollback.out() + rollback.err());
        before.remove(CONFIG);
        assertEquals(before, snapshot(root), "/etc/kernel/cmdline is gone and each UKI is the old one, byte for byte");
    }

    @Test
    void verifyTellsAUkiThatWasNotRebuiltFromOneThatWaits(@TempDir Path root) throws IOException {
        LiveTree host = debianWithUkis(root, true);
        byte[] old = Files.readAllBytes(root.resolve(uki("6.1.0-18-amd64").substring(1)));
        assertEquals(3, run(host, "apply").exitCode());
        Files.write(root.resolve(uki("6.1.0-18-amd64").substring(1)), old);

        CliRun verify = run(host, "verify");
        assertEquals(1, verify.exitCode(), verify.out() + verify.err());
        assertTrue(verify.out().contains("not in the .cmdline of " + uki("6.1.0-18-amd64")), verify.out());
        assertTrue(verify.out().contains("not written: the unified kernel image the next boot reads its command line from lacks "
                + WORD), verify.out());
    }

    /** Written in this boot but no UKI left to read (removed after the apply): verify cannot tell, never pending. */
    @Test
    void verifyWithNoUkiToReadCannotTell(@TempDir Path root) throws IOException {
        LiveTree host = debianWithUkis(root, true);
        assertEquals(3, run(host, "apply").exitCode());
        for (String version : KERNELS) {
            Files.delete(root.resolve(uki(version).substring(1)));
        }

        CliRun verify = run(host, "verify");
        assertTrue(verify.out().contains("none of the unified kernel images the next boot reads its command line from is there"),
                verify.out());
        assertTrue(!verify.out().contains("takes effect after a reboot"), verify.out());
    }

    @Test
    void aFailingKernelInstallRestoresEveryUkiAndSaysSo(@TempDir Path root) throws IOException {
        LiveTree host = debianWithUkis(root, true);
        write(root, "/fail-kernel-install", "6.1.0-18-amd64");
        Map<String, String> before = snapshot(root);
        byte[] old = Files.readAllBytes(root.resolve(uki("6.1.0-17-amd64").substring(1)));
        CliRun apply = run(host, "apply");
        assertEquals(5, apply.exitCode(), apply.out() + apply.err());
        assertTrue(apply.err().contains("disktune: kernel-install add 6.1.0-18-amd64 /boot/vmlinuz-6.1.0-18-amd64 "
                + "/boot/initrd.img-6.1.0-18-amd64 exited 1; restored "), apply.err());
        assertEquals(before, snapshot(root), "the first kernel's rebuilt UKI and the second's half one are the old ones again");
        assertArrayEquals(old, Files.readAllBytes(root.resolve(uki("6.1.0-17-amd64").substring(1))));
    }

    @Test
    void withoutUkifyAndItsPluginsNothingCouldRebuildTheUkiSoNothingChanges(@TempDir Path root) throws IOException {
        LiveTree host = debianWithUkis(root, false);
        Map<String, String> before = snapshot(root);
        CliRun apply = run(host, "apply");
        assertEquals(4, apply.exitCode(), apply.out() + apply.err());
        assertEquals("disktune: kernel-install's layout is uki (/etc/kernel/install.conf layout=uki) and this machine lacks "
                + "/usr/lib/kernel/install.d/60-ukify.install, /usr/lib/kernel/install.d/90-uki-copy.install, ukify, so nothing "
                + "would rebuild the unified kernel images with the new command line; install ukify and its kernel-install plugins "
                + "(systemd 254 or later: the systemd-ukify package) or add the parameter to your UKIs by hand (nothing was changed)\n",
                apply.err());
        assertEquals(before, snapshot(root));
        assertEquals(List.of(), host.programs.calls());
    }

    @Test
    void aLayoutThatWritesNoBootEntryIsRefused(@TempDir Path root) throws IOException {
        LiveTree host = debianWithUkis(root, true);
        write(root, "/etc/kernel/install.conf", "layout=other\n");
        Map<String, String> before = snapshot(root);
        CliRun apply = run(host, "apply");
        assertEquals(4, apply.exitCode(), apply.out() + apply.err());
        assertEquals("disktune: kernel-install's layout is other (/etc/kernel/install.conf layout=other), so kernel-install add "
                + "writes no boot entry and the command line would reach no boot; set layout=bls (or layout=uki) in "
                + "/etc/kernel/install.conf (nothing was changed)\n", apply.err());
        assertEquals(before, snapshot(root));
        assertTrue(new String(Files.readAllBytes(root.resolve("etc/kernel/install.conf")), StandardCharsets.UTF_8).equals("layout=other\n"));
    }

    @Test
    void anEntryTokenThatIsNotAFileNameIsRefused(@TempDir Path root) throws IOException {
        LiveTree host = debianWithUkis(root, true);
        write(root, "/etc/kernel/entry-token", "../../etc\n");
        Map<String, String> before = snapshot(root);
        CliRun apply = run(host, "apply");
        assertEquals(4, apply.exitCode(), apply.out() + apply.err());
        assertEquals("disktune: the entry token \"../../etc\" (/etc/kernel/entry-token) is not a file name, and kernel-install "
                + "names directories and files after it; write a plain name such as the machine ID into /etc/kernel/entry-token "
                + "(nothing was changed)\n", apply.err());
        assertEquals(before, snapshot(root));
    }
}
