package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.disktune.host.SampleMachines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * modprobe show's advice fits the case, on the captured Debian 12 sample (qemu-ahci), where
 * page_reporting is built in (in /sys/module with parameters, not in /proc/modules) and runs with
 * page_reporting_order 11: a built-in parameter is set only on the kernel command line; a value the
 * kernel changed from the command line's is "adjusted", never "reboot, or rebuild the initramfs".
 */
class ModprobeShowAdviceTest {
    @TempDir
    Path root;

    private void tree(String cmdlineExtra, String running) throws IOException {
        SampleMachines.createTree(new SampleMachines().entries("qemu-ahci"), root);
        Path cmdline = root.resolve("proc/cmdline");
        Files.writeString(cmdline, Files.readString(cmdline).strip() + cmdlineExtra + "\n");
        Files.writeString(root.resolve("sys/module/page_reporting/parameters/page_reporting_order"), running + "\n");
    }

    @Test
    void aValueTheKernelAdjustedIsSaidToBeAdjusted() throws IOException {
        tree(" page_reporting.page_reporting_order=11", "9");
        CliRun run = CliRun.run("--root", root.toString(), "modprobe", "show");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("  page_reporting page_reporting_order: the kernel adjusted the value: the command line asks for 11, "
                + "the kernel runs with 9"), run.out());
        assertFalse(run.out().contains("reboot, or rebuild the initramfs"), run.out());
        assertTrue(run.out().lines().anyMatch(l -> l.matches("page_reporting +page_reporting_order +11 +kernel command line +9 +disagree")), run.out());
    }

    @Test
    void aBuiltInModulesParameterInModprobeDIsSaidNotToApply() throws IOException {
        tree("", "11");
        Files.createDirectories(root.resolve("etc/modprobe.d"));
        Files.writeString(root.resolve("etc/modprobe.d/pr.conf"), "options page_reporting page_reporting_order=5\n");
        CliRun run = CliRun.run("--root", root.toString(), "modprobe", "show");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("  page_reporting page_reporting_order: /etc/modprobe.d/pr.conf:1 does not apply: page_reporting is "
                + "built into the kernel, which takes its parameters only from the kernel command line (page_reporting.page_reporting_order=5)"),
                run.out());
        assertFalse(run.out().contains("reboot"), run.out());
    }

    @Test
    void aLoadableModuleThatDisagreesStillGetsTheRebootAdvice() throws IOException {
        tree("", "11");
        Files.createDirectories(root.resolve("etc/modprobe.d"));
        Files.writeString(root.resolve("etc/modprobe.d/ahci.conf"), "options ahci mobile_lpm_policy=3\n");
        Files.writeString(root.resolve("sys/module/ahci/parameters/mobile_lpm_policy"), "1\n");
        CliRun run = CliRun.run("--root", root.toString(), "modprobe", "show");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("  ahci mobile_lpm_policy: the running module uses another value: reboot, or rebuild the initramfs"), run.out());
        assertFalse(run.out().contains("built into"), run.out());
    }
}
