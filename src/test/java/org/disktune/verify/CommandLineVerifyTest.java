package org.disktune.verify;

import static org.disktune.verify.VerifyMachine.FIRST_BOOT;
import static org.disktune.verify.VerifyMachine.NEXT_BOOT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;

import org.disktune.boot.GrubDropIn;
import org.disktune.boot.KernelParameter;
import org.disktune.config.DesiredStateReader;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.Test;

/**
 * verify of the kernel command line parameters disktune wrote (issue 32 item 3), on the nForce4 sample with GRUB's drop-in:
 * pending until the boot ID changes, then /proc/cmdline and /sys/module/M/parameters/P; drift when the drop-in lost it,
 * when sysfs shows another value or when init's Unknown kernel command line parameters line lists its words; unknown when
 * the kernel does not show it.
 */
class CommandLineVerifyTest {
    private static final KernelParameter APST = new KernelParameter("nvme_core", "default_ps_max_latency_us", "0");
    private static final String SYSFS = "/sys/module/nvme_core/parameters/default_ps_max_latency_us";
    private static final String CMDLINE = "BOOT_IMAGE=/vmlinuz root=/dev/sda3 ro nvme_core.default_ps_max_latency_us=0 quiet";
    private static final String EXPECTED = "nvme_core.default_ps_max_latency_us=0 in /proc/cmdline, 0 in " + SYSFS;

    private static String row(Check c) {
        return String.join(" | ", c.status().label(), c.name(), c.subject(), String.valueOf(c.expected()), String.valueOf(c.found()),
                String.valueOf(c.cause()));
    }

    private static List<String> rows(VerifyReport r) {
        return r.checks().stream().filter(c -> c.name().equals(CommandLineChecker.NAME)).map(CommandLineVerifyTest::row).toList();
    }

    private static VerifyReport verify(VerifyMachine m) {
        return new VerifyService(m.host()).verify();
    }

    @Test
    void writtenInThisBootIsPendingUntilTheBootIdChanges() {
        VerifyMachine m = new VerifyMachine().writeCommandLine(FIRST_BOOT, APST);
        m.write("/proc/cmdline", "BOOT_IMAGE=/vmlinuz root=/dev/sda3 ro quiet\n");
        VerifyReport r = verify(m);
        assertEquals(List.of("pending | kernel-cmdline | nvme_core.default_ps_max_latency_us | " + EXPECTED + " | not in /proc/cmdline | "
                + "written in this boot (journal entry 20261130T120000Z-0001 has this boot's ID); takes effect after a reboot"), rows(r));
        assertEquals(ExitCode.REBOOT_NEEDED, r.exitCode());
        assertTrue(r.notes().contains(GrubDropIn.PATH + " was written by journal entry 20261130T120000Z-0001 at 2026-11-30T12:00:00Z, "
                + "in this boot"), r.notes().toString());
    }

    @Test
    void afterTheRebootTheCommandLineAndSysfsProveIt() {
        VerifyMachine m = new VerifyMachine().writeCommandLine(FIRST_BOOT, APST).bootWith(NEXT_BOOT, CMDLINE, SYSFS, "0");
        VerifyReport r = verify(m);
        assertEquals(List.of("ok | kernel-cmdline | nvme_core.default_ps_max_latency_us | " + EXPECTED
                + " | in /proc/cmdline, 0 in sysfs | null"), rows(r));
        assertEquals(ExitCode.OK, r.exitCode());
        assertTrue(r.notes().contains("disktune has written no module options (no /etc/modprobe.d/disktune.conf)"), r.notes().toString());
    }

    @Test
    void withoutAKernelLogTheNoteSaysWhatGoesUncheckedNotJustNcq() throws IOException {
        VerifyMachine m = new VerifyMachine().writeCommandLine(FIRST_BOOT, APST).bootWith(NEXT_BOOT, CMDLINE, SYSFS, "0");
        Files.deleteIfExists(m.root().resolve("var/log/dmesg"));
        VerifyReport r = verify(m);
        assertEquals(ExitCode.OK, r.exitCode(), rows(r).toString());
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("kernel log not read (") && n.endsWith(
                "): NCQ is judged by queue_depth alone, and init's unknown command line parameters are not read")), r.notes().toString());
    }

    @Test
    void aBoolShownAsYIsTheSameAsOne() {
        KernelParameter adma = new KernelParameter("sata_nv", "adma", "1");
        VerifyMachine m = new VerifyMachine().writeCommandLine(FIRST_BOOT, adma)
                .bootWith(NEXT_BOOT, "root=/dev/sda3 sata_nv.adma=1", "/sys/module/sata_nv/parameters/adma", "Y");
        assertEquals(List.of(CheckStatus.OK), verify(m).checks().stream().filter(c -> c.name().equals(CommandLineChecker.NAME))
                .map(Check::status).toList());
    }

    @Test
    void aParameterALaterEditRemovedFromTheDropInIsDriftWhateverTheBoot() {
        VerifyMachine m = new VerifyMachine().writeCommandLine(FIRST_BOOT, APST).bootWith(NEXT_BOOT, CMDLINE, SYSFS, "0");
        m.write(DesiredStateReader.PATH, "[module nvme_core]\nvia = cmdline\ndefault_ps_max_latency_us = 0\n");
        m.write(GrubDropIn.PATH, "# emptied by hand\n");
        VerifyReport r = verify(m);
        assertEquals(List.of("drift | kernel-cmdline | nvme_core.default_ps_max_latency_us | " + EXPECTED + " | " + GrubDropIn.PATH
                + " not in disktune's shape | removed from " + GrubDropIn.PATH + " after journal entry 20261130T120000Z-0001 wrote it "
                + "(an edit outside disktune): the next boot loses it; fix: disktune apply"), rows(r));
        assertEquals(ExitCode.DRIFT, r.exitCode());
    }

    @Test
    void anotherValueInSysfsIsDrift() {
        VerifyMachine m = new VerifyMachine().writeCommandLine(FIRST_BOOT, APST).bootWith(NEXT_BOOT, CMDLINE, SYSFS, "100000");
        VerifyReport r = verify(m);
        assertEquals(List.of("drift | kernel-cmdline | nvme_core.default_ps_max_latency_us | " + EXPECTED + " | in /proc/cmdline, "
                + "100000 in sysfs | nvme_core runs with default_ps_max_latency_us=100000 although the command line says 0: it was "
                + "changed after boot (by hand or a tool) or the kernel refused the value; see disktune kernel-log"), rows(r));
        assertEquals(ExitCode.DRIFT, r.exitCode());
    }

    @Test
    void aBootWithoutItIsDrift() {
        VerifyMachine m = new VerifyMachine().writeCommandLine(FIRST_BOOT, APST).bootWith(NEXT_BOOT, "root=/dev/sda3 ro", SYSFS, "100000");
        assertEquals(List.of("drift | kernel-cmdline | nvme_core.default_ps_max_latency_us | " + EXPECTED + " | not in /proc/cmdline | "
                + "this boot's command line lacks it: the boot loader's configuration does not hold it (or another entry was booted); "
                + "fix: disktune apply, then reboot"), rows(verify(m)));
    }

    @Test
    void aParameterTheKernelDoesNotShowIsUnknown() {
        VerifyMachine m = new VerifyMachine().writeCommandLine(FIRST_BOOT, APST).bootWith(NEXT_BOOT, CMDLINE,
                "/sys/module/nvme_core/uevent", "");
        VerifyReport r = verify(m);
        assertEquals(List.of("unknown | kernel-cmdline | nvme_core.default_ps_max_latency_us | " + EXPECTED + " | in /proc/cmdline; no "
                + SYSFS + " | the kernel does not export this parameter (or does not know it), so its value cannot be seen"), rows(r));
        assertEquals(ExitCode.OK, r.exitCode(), "unknown is never ok, and never drift");
    }

    @Test
    void noProcCmdlineIsUnknown() throws IOException {
        VerifyMachine m = new VerifyMachine().writeCommandLine(FIRST_BOOT, APST).reboot(NEXT_BOOT);
        Files.deleteIfExists(m.root().resolve("proc/cmdline"));
        assertEquals(List.of("unknown | kernel-cmdline | nvme_core.default_ps_max_latency_us | " + EXPECTED + " | no /proc/cmdline | "
                + "cannot read the running kernel's command line"), rows(verify(m)));
    }

    /** A value with spaces that reached the kernel without its quotes: init's line lists its tail, passed to user space. */
    @Test
    void theWordsOfAParameterInInitsUnknownParametersLineAreDrift() {
        KernelParameter create = new KernelParameter("dm_mod", "create", "vroot,,,ro,0 1 linear");
        String unknown = "Unknown kernel command line parameters \"1 linear BOOT_IMAGE=/vmlinuz\", will be passed to user space.";
        VerifyMachine m = new VerifyMachine().writeCommandLine(FIRST_BOOT, create).bootWith(NEXT_BOOT,
                "BOOT_IMAGE=/vmlinuz root=/dev/sda3 dm_mod.create=vroot,,,ro,0 1 linear", "/sys/module/dm_mod/parameters/create", "");
        m.write("/var/log/dmesg", m.read("/var/log/dmesg") + unknown + "\n");
        VerifyReport r = verify(m);
        assertEquals(List.of("drift | kernel-cmdline | dm_mod.create | dm_mod.create=\"vroot,,,ro,0 1 linear\" in /proc/cmdline, "
                + "vroot,,,ro,0 1 linear in /sys/module/dm_mod/parameters/create | dm_mod.create=vroot,,,ro,0 in /proc/cmdline | the kernel "
                + "log of this boot says Unknown kernel command line parameters \"1 linear BOOT_IMAGE=/vmlinuz\": the kernel passed part "
                + "of dm_mod.create=\"vroot,,,ro,0 1 linear\" to user space, so its double quotes were lost on the way; check the boot "
                + "loader's entry"), rows(r));
    }

    @Test
    void theDropInHoldingAParameterTheConfigurationDroppedIsDrift() {
        VerifyMachine m = new VerifyMachine().writeCommandLine(FIRST_BOOT, APST).bootWith(NEXT_BOOT, CMDLINE, SYSFS, "0");
        m.write(DesiredStateReader.PATH, "[mount /]\natime = noatime\n");
        assertEquals(List.of("drift | kernel-cmdline | " + GrubDropIn.PATH + " | only the parameters of the configuration | "
                + "nvme_core.default_ps_max_latency_us=0 | " + GrubDropIn.PATH + " holds parameters the configuration no longer has; "
                + "fix: disktune apply"), rows(verify(m)));
    }
}
