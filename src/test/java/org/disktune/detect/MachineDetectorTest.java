package org.disktune.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.disktune.testing.TestMachine;
import org.junit.jupiter.api.Test;

class MachineDetectorTest {
    private static final String AHCI = "/sys/devices/pci0000:00/0000:00:1f.2";

    /** A current-kernel AHCI machine as the Debian 6.1 QEMU capture shows it, with one disk. */
    static TestMachine ahciMachine(String queueDepth) throws IOException {
        String dev = AHCI + "/ata1/host0/target0:0:0/0:0:0:0";
        return TestMachine.create()
                .attr("/proc/sys/kernel/osrelease", "6.1.0-57-amd64")
                .link("/sys/block/sda", "../devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0/block/sda")
                .attr(dev + "/queue_depth", queueDepth)
                .attr(dev + "/model", "WDC WD7500AAKS-0")
                .attr(dev + "/rev", "4G30")
                .attr(dev + "/block/sda/size", "1465149168")
                .attr(dev + "/block/sda/dev", "8:0")
                .attr(dev + "/block/sda/queue/scheduler", "[mq-deadline] none")
                .attr(dev + "/block/sda/queue/read_ahead_kb", "128")
                .attr(dev + "/block/sda/queue/nr_requests", "64")
                .attr(dev + "/block/sda/queue/rotational", "1")
                .attr(dev + "/block/sda/queue/max_sectors_kb", "1280")
                .dir(dev + "/block/sda/holders")
                .attr(dev + "/block/sda/sda1/partition", "1")
                .attr(dev + "/block/sda/sda1/start", "2048")
                .attr(dev + "/block/sda/sda1/size", "1000000")
                .attr(dev + "/block/sda/sda1/dev", "8:1")
                .link(dev + "/block/sda/device", "../../../0:0:0:0")
                .attr(AHCI + "/vendor", "0x8086")
                .attr(AHCI + "/device", "0x2922")
                .attr(AHCI + "/class", "0x010601")
                .link(AHCI + "/driver", "../../../bus/pci/drivers/ahci")
                .dir("/sys/bus/pci/drivers/ahci")
                .attr("/sys/module/ahci/parameters/mobile_lpm_policy", "-1")
                .link("/sys/class/ata_port/ata1", "../../devices/pci0000:00/0000:00:1f.2/ata1/ata_port/ata1")
                .dir(AHCI + "/ata1/ata_port/ata1")
                .attr("/sys/class/ata_link/link1/sata_spd", "3.0 Gbps")
                .attr("/sys/class/ata_device/dev1.0/class", "ata")
                .attr("/sys/class/ata_device/dev1.0/xfer_mode", "XFER_UDMA_5")
                .file("/sys/class/ata_device/dev1.0/id", IdentifyParserTest.resource("identify-ahci-wd7500.txt"))
                .link("/dev/disk/by-id/ata-WDC_WD7500AAKS-00RBA0_WD-WCAPW0000001", "../../sda")
                .link("/dev/disk/by-id/ata-WDC_WD7500AAKS-00RBA0_WD-WCAPW0000001-part1", "../../sda1")
                .file("/proc/self/mountinfo", "26 1 8:1 / / rw - ext4 /dev/sda1 rw,errors=remount-ro\n"
                        + "27 26 0:20 / /proc rw,relatime - proc proc rw\n");
    }

    @Test
    void readsAnAhciDiskWithItsControllerPortAndIdentity() throws IOException {
        MachineReport report = new MachineDetector(ahciMachine("32").host()).detect();
        assertEquals("6.1.0-57-amd64", report.kernel());

        Controller c = report.controllers().get(0);
        assertEquals(new Controller("0000:00:1f.2", "0x8086", "0x2922", "0x010601", "SATA", "ahci", Map.of("mobile_lpm_policy", "-1")), c);

        Disk sda = report.disks().get(0);
        assertEquals("sda", sda.name());
        assertEquals("/sys/devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0/block/sda", sda.sysfsPath());
        assertEquals(org.disktune.config.Transport.ATA, sda.transport());
        assertEquals("0000:00:1f.2", sda.controller());
        assertEquals("ata1.00", sda.ataDevice());
        assertEquals("0:0:0:0", sda.scsiAddress());
        assertEquals("WDC WD7500AAKS-00RBA0", sda.model(), "the full IDENTIFY model, not the 16-character INQUIRY one");
        assertEquals("WD-WCAPW0000001", sda.serial());
        assertEquals("30.04G30", sda.firmware());
        assertEquals(List.of("ata-WDC_WD7500AAKS-00RBA0_WD-WCAPW0000001"), sda.byId());
        assertEquals(1465149168L * 512, sda.sizeBytes());
        assertEquals(Boolean.TRUE, sda.rotational());
        assertEquals(Boolean.TRUE, sda.ncqSupported());
        assertEquals(32, sda.ncqMaxDepth());
        assertEquals(32, sda.queueDepth());
        assertEquals("mq-deadline", sda.scheduler());
        assertEquals(List.of("mq-deadline", "none"), sda.schedulers());
        assertEquals(128, sda.readAheadKb());
        assertEquals(64, sda.nrRequests());
        assertEquals(List.of(new Partition("sda1", 2048L, 1000000L * 512)), sda.partitions());

        AtaPort port = report.ataPorts().get(0);
        assertEquals("ata1", port.name());
        assertEquals("0000:00:1f.2", port.controller());
        assertEquals("3.0 Gbps", port.linkSpeed());
        assertEquals("sda", port.devices().get(0).disk());
        assertEquals("UDMA/100", port.devices().get(0).transferMode());

        assertEquals(List.of(new Mount("sda1", "/", "ext4", List.of("rw", "errors=remount-ro"))), report.mounts());
        assertTrue(report.findings().stream().anyMatch(f -> f.subject().equals("/") && f.message().contains("without noatime")),
                report.findings().toString());
        assertTrue(report.findings().stream().noneMatch(f -> f.subject().equals("sda")), "NCQ is on: no finding for sda");
    }

    @Test
    void ncqCapableDiskAtQueueDepthOneIsAFinding() throws IOException {
        MachineReport report = new MachineDetector(ahciMachine("1").host()).detect();
        Finding f = report.findings().stream().filter(x -> x.subject().equals("sda")).findFirst().orElseThrow();
        assertEquals(Severity.WARNING, f.severity());
        assertTrue(f.message().contains("supports NCQ (depth 32)"), f.message());
        assertTrue(f.fix().contains("echo 32 > /sys/block/sda/device/queue_depth"), f.fix());
    }

    @Test
    void garbageAndUnreadableAttributesAreUnknownNotACrash() throws IOException {
        TestMachine m = ahciMachine("garbage");
        String block = AHCI + "/ata1/host0/target0:0:0/0:0:0:0/block/sda";
        m.bytes(block + "/queue/read_ahead_kb", new byte[] {0, (byte) 0xff, 17, '\n'});
        java.nio.file.Files.delete(m.path(block + "/queue/nr_requests"));
        m.dir(block + "/queue/nr_requests/not-a-file");
        m.attr(block + "/size", "-x-");
        m.attr(block + "/queue/rotational", "7");
        m.attr("/sys/class/ata_device/dev1.0/id", "not identify data");
        Disk sda = new MachineDetector(m.host()).detect().disks().get(0);
        assertNull(sda.queueDepth());
        assertNull(sda.readAheadKb());
        assertNull(sda.nrRequests());
        assertNull(sda.sizeBytes());
        assertNull(sda.rotational());
        assertNull(sda.ncqSupported());
        assertEquals("WDC WD7500AAKS-0", sda.model(), "falls back to the SCSI model when IDENTIFY is unreadable");
    }

    @Test
    void sataNvOnCk804WithAdmaOffIsAFinding() {
        TestMachine m = TestMachine.create()
                .link("/sys/block/sda", "../devices/pci0000:00/0000:00:07.0/host0/target0:0:0/0:0:0:0/block/sda")
                .attr("/sys/devices/pci0000:00/0000:00:07.0/host0/target0:0:0/0:0:0:0/queue_depth", "1")
                .attr("/sys/devices/pci0000:00/0000:00:07.0/host0/target0:0:0/0:0:0:0/block/sda/size", "625142448")
                .link("/sys/devices/pci0000:00/0000:00:07.0/host0/target0:0:0/0:0:0:0/block/sda/device", "../../../0:0:0:0")
                .attr("/sys/devices/pci0000:00/0000:00:07.0/vendor", "0x10de")
                .attr("/sys/devices/pci0000:00/0000:00:07.0/device", "0x0054")
                .attr("/sys/devices/pci0000:00/0000:00:07.0/class", "0x010185")
                .link("/sys/devices/pci0000:00/0000:00:07.0/driver", "../../../bus/pci/drivers/sata_nv")
                .attr("/sys/module/sata_nv/parameters/adma", "N")
                .attr("/sys/module/sata_nv/parameters/swncq", "Y");
        MachineReport report = new MachineDetector(m.host()).detect();
        assertEquals(org.disktune.config.Transport.ATA, report.disks().get(0).transport(), "a libata driver without ataN in the path (2.6.28)");
        assertNull(report.disks().get(0).ataDevice());
        List<Finding> adma = report.findings().stream().filter(f -> f.subject().equals("0000:00:07.0")).toList();
        assertEquals(1, adma.size(), report.findings().toString());
        assertTrue(adma.get(0).message().contains("adma off"));
        assertTrue(adma.get(0).fix().contains("sata_nv adma=1"));

        m.attr("/sys/module/sata_nv/parameters/adma", "Y");
        assertTrue(new MachineDetector(m.host()).detect().findings().stream().noneMatch(f -> f.subject().equals("0000:00:07.0")),
                "adma on: no finding");
    }

    @Test
    void legacyIdeDisksInTheDeprecatedSysfsLayoutWithMdFromProcMdstat() {
        String settings = "name\t\t\tvalue\t\tmin\t\tmax\t\tmode\n"
                + "----\t\t\t-----\t\t---\t\t---\t\t----\n"
                + "io_32bit                0               0               3               rw\n"
                + "multcount               16              0               16              rw\n"
                + "using_dma               1               0               1               rw\n";
        TestMachine m = TestMachine.create()
                .attr("/proc/version", "Linux version 2.6.18-194.el5 (mockbuild@builder10.centos.org) (gcc version 4.1.2) #1 SMP")
                .attr("/sys/block/hde/size", "241254720")
                .attr("/sys/block/hde/dev", "33:0")
                .attr("/sys/block/hde/queue/scheduler", "noop anticipatory deadline [cfq]")
                .attr("/sys/block/hde/queue/read_ahead_kb", "128")
                .attr("/sys/block/hde/hde1/dev", "33:1")
                .attr("/sys/block/hde/hde1/size", "241248042")
                .attr("/sys/block/hde/hde1/start", "63")
                .link("/sys/block/hde/device", "../../devices/pci0000:00/0000:00:0e.0/ide2/2.0")
                .dir("/sys/devices/pci0000:00/0000:00:0e.0/ide2/2.0")
                .attr("/sys/devices/pci0000:00/0000:00:0e.0/vendor", "0x105a")
                .attr("/sys/devices/pci0000:00/0000:00:0e.0/device", "0x4d69")
                .attr("/sys/devices/pci0000:00/0000:00:0e.0/class", "0x018085")
                .attr("/proc/ide/hde/model", "IC35L120AVV207-0")
                .attr("/proc/ide/hde/driver", "ide-disk version 1.18")
                .attr("/proc/ide/hde/media", "disk")
                .file("/proc/ide/hde/settings", settings)
                .attr("/sys/block/md0/size", "241248000")
                .attr("/sys/block/md0/queue/read_ahead_kb", "256")
                .attr("/sys/block/md0/md/level", "raid1")
                .file("/proc/mdstat", "Personalities : [raid1] \nmd0 : active raid1 hdf1[1] hde1[0]\n      120624000 blocks [2/2] [UU]\n\nunused devices: <none>\n")
                .file("/proc/mounts", "rootfs / rootfs rw 0 0\n/dev/md0 / ext3 rw,data=ordered 0 0\n");
        MachineReport report = new MachineDetector(m.host()).detect();
        assertEquals("2.6.18-194.el5", report.kernel());
        Disk hde = report.disks().stream().filter(d -> d.name().equals("hde")).findFirst().orElseThrow();
        assertEquals(org.disktune.config.Transport.IDE, hde.transport());
        assertEquals("0000:00:0e.0", hde.controller());
        assertEquals("IC35L120AVV207-0", hde.model());
        assertEquals("cfq", hde.scheduler());
        assertEquals(List.of("noop", "anticipatory", "deadline", "cfq"), hde.schedulers());
        assertEquals(Map.of("io_32bit", "0", "multcount", "16", "using_dma", "1"), hde.ide().settings());
        assertEquals("ide-disk version 1.18", hde.ide().driver());
        assertEquals(List.of("hde1"), hde.partitions().stream().map(Partition::name).toList());

        MdArray md0 = report.mdArrays().get(0);
        assertEquals(new MdArray("md0", "raid1", null, null, List.of("hde1", "hdf1"), 256, null, null), md0);
        assertTrue(report.findings().stream().anyMatch(f -> f.subject().equals("hde") && f.message().contains("less than the array's 256 KiB")),
                report.findings().toString());
        assertTrue(report.findings().stream().anyMatch(f -> f.subject().equals("hde") && f.message().contains("successor is bfq")));
        assertEquals(List.of(new Mount("md0", "/", "ext3", List.of("rw", "data=ordered"))), report.mounts());
        assertTrue(report.findings().stream().anyMatch(f -> f.subject().equals("/") && f.message().contains("without noatime")));
    }

    @Test
    void anEmptyMachineHasNoDisksAndNoFindings() {
        MachineReport report = new MachineDetector(TestMachine.create().dir("/sys/block").host()).detect();
        assertTrue(report.disks().isEmpty());
        assertTrue(report.findings().isEmpty());
        assertNull(report.kernel());
    }
}
