package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code disktune plan} on the 2.6 seed samples as a user runs it: what their kernels offer decides what is written. */
class SeedKernelPlanTest {
    private static CliRun plan(Path dir, String sample, String config) throws IOException {
        Path conf = Files.writeString(dir.resolve("disktune.conf"), config);
        return CliRun.run("--sample", sample, "--config", conf.toString(), "plan");
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void anticipatoryIsAcceptedWhereThe2621KernelOffersIt(@TempDir Path dir) throws IOException {
        CliRun run = plan(dir, "seed-raid5-raptors", "[disk raptors]\nmatch.model = WDC WD740ADFD*\nscheduler = anticipatory\n");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("ATTR{queue/scheduler}=\"anticipatory\""), run.out());
        assertFalse((run.out() + run.err()).contains("removed in Linux 2.6.33"), run.out() + run.err());
    }

    @Test
    void deadlineOnA26KernelIsWrittenAsIsWithoutTheSuccessorWarning(@TempDir Path dir) throws IOException {
        CliRun run = plan(dir, "seed-raid5-raptors", "[disk raptors]\nmatch.model = WDC WD740ADFD*\nscheduler = deadline\n");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("/sys/block/sda/queue/scheduler: anticipatory -> deadline"), run.out());
        assertEquals(0, count(run.out() + run.err(), "successor"), run.out() + run.err());
    }

    @Test
    void theSuccessorOfA26NameIsSaidOnceOnABlkMqKernel(@TempDir Path dir) throws IOException {
        CliRun run = plan(dir, "qemu-ahci", "[disk all]\nmatch.transport = ata\nscheduler = deadline\n");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(1, count(run.out() + run.err(), "using its blk-mq successor mq-deadline"), run.out() + run.err());
    }

    @Test
    void aSerialFromTheByIdNamesMatchesTheDiskItsRuleMatchesAtBoot(@TempDir Path dir) throws IOException {
        CliRun run = plan(dir, "seed-rhel6-ext4", "[disk caviar]\nmatch.serial = WD-WCAYUJ000001\nread_ahead_kb = 4096\n");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("ENV{ID_SERIAL_SHORT}==\"WD-WCAYUJ000001\""), run.out());
        assertTrue(run.out().contains("/sys/block/sda/queue/read_ahead_kb: 128 -> 4096"), run.out());
        assertFalse(run.out().contains("matches no disk"), run.out());
    }

    @Test
    void detectShowsTheSerialAndWwnUdevNamedOnA2632Kernel() {
        CliRun run = CliRun.run("--sample", "seed-rhel6-ext4", "detect");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().lines().anyMatch(l -> l.startsWith("sda ") && l.contains(" WD-WCAYUJ000001 ")), run.out());
        assertTrue(run.out().lines().anyMatch(l -> l.startsWith("sda ") && l.contains(" 0x50014ee2000000a1 ")), run.out());
    }

    private static String row(String out, String start) {
        return out.lines().filter(l -> l.startsWith(start)).findFirst().orElseThrow(() -> new AssertionError(start + " in\n" + out));
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.CsvSource({
            "seed-raid5-raptors, Kernel 2.6.21.5, ata1.00 sda, ata3.00 sdc, ata4.00 sdd",
            "seed-rhel6-ext4, Kernel 2.6.32-358.el6.x86_64, ata1.00 sda, ata2.00 sdb, ata2.00 sdb",
            "seed-arm-n2100-sil, Kernel 2.6.25-2-iop32x, ata1.00 sda, ata2.00 sdb, ata2.00 sdb"})
    void kernelLogNamesTheKernelAndTheDiskOfEachAtaDevice(String sample, String kernel, String first, String second, String third) {
        CliRun run = CliRun.run("--sample", sample, "kernel-log");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().lines().anyMatch(kernel::equals), run.out());
        assertFalse(run.out().contains("note: no 'Linux version' line"), run.out());
        for (String pair : List.of(first, second, third)) {
            String[] p = pair.split(" ");
            assertEquals(p[1], row(run.out(), p[0] + " ").split("\\s+")[1], run.out());
        }
    }
}
