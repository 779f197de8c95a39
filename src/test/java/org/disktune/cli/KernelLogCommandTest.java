package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KernelLogCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private static String line(String out, String start) {
        return out.lines().filter(l -> l.startsWith(start)).findFirst().orElseThrow(() -> new AssertionError(start + " not in\n" + out));
    }

    @Test
    void theNvmeTableStandsApartFromTheAtaTableAbove() {
        CliRun run = CliRun.run("--sample", "qemu-virtio-nvme", "kernel-log");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("  UDMA/100  -\n\nNVME   PCI           TROUBLE\nnvme0  0000:00:02.0  none\n"), run.out());
    }

    @Test
    void sampleTableMapsEachAtaDeviceThroughSysfs() {
        CliRun run = CliRun.run("--sample", "qemu-ahci-noncq", "kernel-log");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("", run.err());
        assertTrue(run.out().startsWith("Kernel log /var/log/dmesg: "), run.out());
        String header = line(run.out(), "ATA ");
        String sdb = line(run.out(), "ata2.00 ");
        assertEquals(List.of("ata2.00", "sdb", "WDC", "WD7500AAKS-00RBA0", "30.04G30", "1465149168", "LBA48", "not", "used", "1.5", "Gbps",
                "UDMA/100", "noncq"), List.of(sdb.split("\\s+")));
        assertEquals(header.indexOf("NCQ"), sdb.indexOf("not used"), "columns are aligned");
    }

    @Test
    void jsonCarriesEveryFactSnakeCase() throws IOException {
        CliRun run = CliRun.run("--sample", "seed-nforce4-arch", "--json", "kernel-log");
        assertEquals(0, run.exitCode(), run.err());
        JsonNode json = JSON.readTree(run.out());
        assertEquals(1, json.get("schema_version").asInt());
        assertEquals("kernel-log", json.get("command").asText());
        assertEquals("/var/log/dmesg", json.get("source").asText());
        assertTrue(json.get("own_log").asBoolean());
        JsonNode boot = json.get("boots").get(0);
        assertEquals("2.6.28-ARCH", boot.get("kernel_version").asText());
        JsonNode ata = boot.get("ata_devices").get(0);
        assertEquals("ata3.00", ata.get("id").asText());
        assertEquals("sda", ata.get("block_device").asText());
        assertTrue(ata.get("mapped_by").asText().startsWith("log: "), "2.6.28 sysfs paths have no ataN: the log's lines map it");
        assertEquals("DISABLED_BY_HOST", ata.get("device").get("ncq").asText());
        assertEquals(0, ata.get("device").get("ncq_depth").asInt());
        assertEquals(32, ata.get("device").get("ncq_drive_depth").asInt());
        assertEquals(1465149168L, ata.get("device").get("sectors").asLong());
        assertEquals("3.0 Gbps", ata.get("link").get("speed").asText());
        assertEquals("UDMA/133", ata.get("device").get("transfer_mode").asText());
    }

    @Test
    void ideDrivesOfA26Kernel() {
        CliRun run = CliRun.run("--sample", "seed-centos5-ide", "kernel-log");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(List.of("hde", "IC35L120AVV207-0", "ATA", "DISK", "drive", "241254720", "1821", "UDMA(100)", "-", "DMA"),
                List.of(line(run.out(), "hde ").split("\\s+")));
        assertTrue(run.out().lines().noneMatch(l -> l.startsWith("hdg")), "hdg is only named by the BIOS settings line: no drive");
    }

    @Test
    void aFileNeedsNoSysfsAndIsMappedOnlyByItsOwnLines() throws IOException {
        Path log = Files.writeString(tmp.resolve("dmesg.txt"), String.join("\r\n",
                "[    0.000000] Linux version 6.1.0-57-amd64 (debian-kernel@lists.debian.org) #1 SMP",
                "[    1.000000] ata1: SATA link up 3.0 Gbps (SStatus 123 SControl 300)",
                "[    1.100000] ata1.00: ATA-8: WDC WD7500AAKS-00RBA0, 30.04G30, max UDMA/133",
                "[    1.200000] ata1.00: 1465149168 sectors, multi 16: LBA48 NCQ (depth 32), AA",
                "[    1.300000] ata1.00: configured for UDMA/133",
                "[    1.400000] scsi 0:0:0:0: Direct-Access     ATA      WDC WD7500AAKS-0 4G30 PQ: 0 ANSI: 5",
                "[    1.500000] sd 0:0:0:0: [sdq] 1465149168 512-byte logical blocks: (750 GB/699 GiB)", ""));
        // the test machine's own kernel log throws, and its sysfs has no sdq: the file's lines alone map ata1.00
        org.disktune.testing.TestMachine machine = org.disktune.testing.TestMachine.create().attr("/proc/sys/kernel/osrelease", "6.1.0-57-amd64");
        CliRun run = CliRun.run(o -> machine.host(), "kernel-log", log.toString());
        assertEquals(0, run.exitCode(), run.err());
        String row = line(run.out(), "ata1.00 ");
        assertEquals(List.of("ata1.00", "sdq", "WDC", "WD7500AAKS-00RBA0", "30.04G30", "1465149168", "LBA48", "depth", "32,", "AA", "3.0",
                "Gbps", "UDMA/133", "-"), List.of(row.split("\\s+")));
    }

    @Test
    void globalKernelLogOptionWorksForARootTree() throws IOException {
        Files.createDirectories(tmp.resolve("root/sys"));
        Path log = Files.writeString(tmp.resolve("kern.log"),
                "Nov 30 11:00:00 host kernel: [    0.000000] Linux version 2.6.32-358.el6.x86_64 (mockbuild@c6b8) #1 SMP\n"
                        + "Nov 30 11:00:04 host kernel: [    4.000000] ata2.00: 976773168 sectors, multi 16: LBA48 NCQ (depth 31/32)\n");
        CliRun run = CliRun.run("--root", tmp.resolve("root").toString(), "--kernel-log", log.toString(), "kernel-log");
        assertEquals(0, run.exitCode(), run.err());
        String header = line(run.out(), "ATA ");
        assertTrue(line(run.out(), "ata2.00 ").substring(header.indexOf("NCQ")).startsWith("depth 31/32 "), run.out());
    }

    @Test
    void aRootTreeWithoutDmesgAsksForKernelLog() throws IOException {
        Files.createDirectories(tmp.resolve("root/sys"));
        CliRun run = CliRun.run("--root", tmp.resolve("root").toString(), "kernel-log");
        assertEquals(4, run.exitCode());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().startsWith("disktune: no kernel log for --root "), run.err());
        assertTrue(run.err().contains("(no /var/log/dmesg in it); give --kernel-log FILE"), run.err());
    }

    @Test
    void anEmptyLogSaysSoAndExitsZero() throws IOException {
        Path empty = Files.createFile(tmp.resolve("empty.log"));
        CliRun run = CliRun.run("kernel-log", empty.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("note: the log holds no kernel lines"), run.out());
        assertTrue(run.out().contains("No ATA device and no IDE drive in the kernel log (the log does not reach back to the boot's probe)."), run.out());
    }

    @Test
    void binaryGarbageAndACutLineGiveNoStackTrace() throws IOException {
        byte[] garbage = new byte[300_000];
        new Random(7).nextBytes(garbage);
        Path file = tmp.resolve("garbage.bin");
        Files.write(file, garbage);
        Files.write(file, "\n[    4.10] ata1.00: 1465149168 sectors, multi 16: LBA48 NCQ (dep".getBytes(StandardCharsets.UTF_8),
                java.nio.file.StandardOpenOption.APPEND);
        CliRun run = CliRun.run("--json", "kernel-log", file.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertFalse(run.err().contains("Exception"), run.err());
        JsonNode ata = JSON.readTree(run.out()).get("boots").get(0).get("ata_devices");
        assertEquals(1, ata.size(), run.out());
        assertEquals("UNKNOWN", ata.get(0).get("device").get("ncq").asText(), "the line is cut before the depth");
    }

    @Test
    void aMissingFileIsAOneLineUsageError() {
        CliRun run = CliRun.run("kernel-log", tmp.resolve("nope.log").toString());
        assertEquals(2, run.exitCode());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().contains("nope.log does not exist"), run.err());
    }

    @Test
    void allBootsShowsEachBoot() throws IOException {
        Path log = Files.writeString(tmp.resolve("kern.log"), String.join("\n",
                "Nov 29 10:00:00 host kernel: Linux version 6.1.0-56-amd64 (x@y) #1 SMP",
                "Nov 29 10:00:04 host kernel: ata1.00: 1465149168 sectors, multi 16: LBA48 NCQ (depth 32)",
                "Nov 30 10:00:00 host kernel: Linux version 6.1.0-57-amd64 (x@y) #1 SMP",
                "Nov 30 10:00:04 host kernel: ata1.00: 1465149168 sectors, multi 16: LBA48 NCQ (not used)", ""));
        CliRun last = CliRun.run("kernel-log", log.toString());
        assertTrue(last.out().contains("note: the log holds 2 boot starts; reporting the last boot"), last.out());
        assertTrue(line(last.out(), "ata1.00").contains("not used"));
        CliRun all = CliRun.run("kernel-log", "--all-boots", log.toString());
        assertEquals(0, all.exitCode(), all.err());
        assertTrue(all.out().contains("Boot 0: kernel 6.1.0-56-amd64"), all.out());
        assertTrue(all.out().contains("Boot 1: kernel 6.1.0-57-amd64"), all.out());
        assertEquals(2, all.out().lines().filter(l -> l.startsWith("ata1.00")).count());
    }

    /** This machine (a VM with a virtio disk, no ATA): the live log is read and says there is no ATA device. */
    @Test
    @Tag("kmsg")
    void liveLogOfThisMachine() {
        System.out.println("KernelLogCommandTest.liveLogOfThisMachine: /dev/kmsg " + (Files.isReadable(Path.of("/dev/kmsg")) ? "readable"
                : "not readable: skipped"));
        Assumptions.assumeTrue(Files.isReadable(Path.of("/dev/kmsg")), "/dev/kmsg readable (root)");
        CliRun run = CliRun.run("kernel-log");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("Kernel log /dev/kmsg: "), run.out());
        boolean ata = Files.exists(Path.of("/sys/class/ata_device")) && Path.of("/sys/class/ata_device").toFile().list().length > 0;
        System.out.println("KernelLogCommandTest.liveLogOfThisMachine: " + (ata ? "ATA devices here: output checked for its header only"
                : "no ATA device here: checked that the log says so"));
        if (!ata) {
            assertTrue(run.out().contains("No ATA device and no IDE drive in the kernel log"), run.out());
        }
    }
}
