package org.disktune.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The QEMU serial captures (whole files, CRLF, console lines and sysfs dumps interleaved) and the sysfs snapshots' dmesg. */
class KernelLogCaptureTest {
    private static final String QEMU_DISK = "QEMU HARDDISK";
    private static final String WDC = "WDC WD7500AAKS-00RBA0";
    private static final String SSD = "LAB-SSD-240G";

    /** capture, device, model, firmware, sectors, ncq, depth, drive depth, configured-for, forced quirks */
    static Stream<Arguments> devices() {
        return Stream.of(
                Arguments.of("qemu/ahci.log", "ata1.00", QEMU_DISK, "2.5+", 2097152L, NcqState.ENABLED, 32, 32, "UDMA/100", List.of()),
                Arguments.of("qemu/ahci.log", "ata2.00", WDC, "30.04G30", 1465149168L, NcqState.ENABLED, 32, 32, "UDMA/100", List.of()),
                Arguments.of("qemu/ahci.log", "ata3.00", SSD, "LAB1.0", 468862128L, NcqState.ENABLED, 32, 32, "UDMA/100", List.of()),
                Arguments.of("qemu/ahci-noncq-cmdline.log", "ata1.00", QEMU_DISK, "2.5+", 2097152L, NcqState.NOT_USED, null, null, "UDMA/100", List.of("noncq")),
                Arguments.of("qemu/ahci-noncq-cmdline.log", "ata2.00", WDC, "30.04G30", 1465149168L, NcqState.NOT_USED, null, null, "UDMA/100", List.of("noncq")),
                Arguments.of("qemu/ahci-noncq-cmdline.log", "ata3.00", SSD, "LAB1.0", 468862128L, NcqState.NOT_USED, null, null, "UDMA/100", List.of("noncq")),
                Arguments.of("qemu/piix.log", "ata1.00", QEMU_DISK, "2.5+", 2097152L, NcqState.NONE, null, null, null, List.of()),
                Arguments.of("qemu/piix.log", "ata1.01", WDC, "30.04G30", 1465149168L, NcqState.NONE, null, null, null, List.of()),
                Arguments.of("qemu/piix.log", "ata2.00", SSD, "LAB1.0", 468862128L, NcqState.NONE, null, null, null, List.of()),
                Arguments.of("qemu/virtio-nvme.log", "ata1.00", WDC, "30.04G30", 1465149168L, NcqState.ENABLED, 32, 32, "UDMA/100", List.of()),
                Arguments.of("sysfs/ahci/dmesg.txt", "ata2.00", WDC, "30.04G30", 1465149168L, NcqState.ENABLED, 32, 32, "UDMA/100", List.of()),
                Arguments.of("sysfs/piix/dmesg.txt", "ata1.01", WDC, "30.04G30", 1465149168L, NcqState.NONE, null, null, null, List.of()));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("devices")
    void deviceFacts(String capture, String id, String model, String firmware, Long sectors, NcqState ncq, Integer depth,
            Integer driveDepth, String configured, List<String> forced) {
        AtaDeviceLog d = KernelLogs.analyze(KernelLogs.resource(capture)).lastBoot().ataDevice(id);
        assertNotNull(d, id);
        assertEquals("ATA", d.deviceClass());
        assertEquals("ATA-7", d.ataRevision());
        assertEquals(model, d.model());
        assertEquals(firmware, d.firmware());
        assertEquals("UDMA/100", d.maxTransferMode());
        assertEquals(sectors, d.sectors());
        assertEquals(16, d.multi());
        assertEquals("LBA48", d.addressing());
        assertEquals(ncq, d.ncq());
        assertEquals(depth, d.ncqDepth());
        assertEquals(driveDepth, d.ncqDriveDepth());
        assertFalse(d.ncqAutoActivate());
        assertEquals(configured, d.transferMode());
        assertEquals(forced, d.forcedQuirks());
        assertEquals(forced.isEmpty() ? List.of() : List.of("horkage modified (noncq)"), d.forceLines());
    }

    /**
     * A whole serial capture holds the console output of the boot, then the DMESG section (util-linux dmesg,
     * starting again at 0.000000 with "Linux version"), then DMESG_ATA_SUMMARY (a grep of dmesg: in the noncq
     * capture it starts with the 0.000000 command line, a third monotonic reset). Each is a boot start by the
     * rules; the last segment still holds every ATA line.
     */
    @ParameterizedTest
    @CsvSource({"qemu/ahci.log,2,true", "qemu/ahci-noncq-cmdline.log,3,false", "qemu/piix.log,2,true", "qemu/virtio-nvme.log,2,true"})
    void wholeSerialCaptureCountsReplaysAsBootStarts(String capture, int bootsSeen, boolean complete) {
        KernelLogReport report = KernelLogs.analyze(KernelLogs.resource(capture));
        KernelBoot boot = report.lastBoot();
        assertEquals(bootsSeen, report.bootsSeen());
        assertEquals(1, report.boots().size());
        assertEquals(complete, boot.complete());
        assertEquals(complete ? "6.1.0-57-amd64" : null, boot.kernelVersion());
        assertTrue(boot.commandLine().startsWith("console=ttyS0,115200 panic=-1"), boot.commandLine());
        assertEquals("the log holds " + bootsSeen + " boot starts; reporting the last boot", report.notes().get(0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"qemu/ahci.log", "qemu/ahci-noncq-cmdline.log", "qemu/piix.log", "qemu/virtio-nvme.log"})
    void dmesgSectionAloneIsOneCompleteBoot(String capture) {
        String all = KernelLogs.resource(capture);
        String section = all.substring(all.indexOf("=====BEGIN DMESG=====\r\n") + 23, all.indexOf("=====END DMESG====="));
        KernelLogReport report = KernelLogs.analyze(section);
        assertEquals(1, report.bootsSeen());
        assertEquals(List.of(), report.notes());
        assertTrue(report.lastBoot().complete());
        assertEquals("6.1.0-57-amd64", report.lastBoot().kernelVersion());
        assertEquals(capture.contains("virtio") ? 1 : 3, report.lastBoot().ataDevices().size());
        assertEquals(KernelLogs.analyze(all).lastBoot().ataDevices(), report.lastBoot().ataDevices());
    }

    @Test
    void noncqCaptureShowsTheCommandLineThatForcedIt() {
        KernelBoot boot = KernelLogs.analyze(KernelLogs.resource("qemu/ahci-noncq-cmdline.log")).lastBoot();
        assertEquals("console=ttyS0,115200 panic=-1 libata.force=noncq", boot.commandLine());
        assertTrue(boot.ataDevices().stream().allMatch(AtaDeviceLog::ncqForcedOff));
    }

    @Test
    void ahciPortsLinksAndController() {
        KernelBoot boot = KernelLogs.analyze(KernelLogs.resource("qemu/ahci.log")).lastBoot();
        assertEquals(6, boot.ataPorts().size());
        AtaPortLog p1 = boot.ataPorts().get(0);
        assertEquals(new AtaPortLog("ata1", 1, "SATA", "UDMA/133", "abar m4096@0xfebff000 port 0xfebff100 irq 24", 24), p1);
        assertEquals(new AtaLinkLog("ata1", 1, null, true, "1.5 Gbps", "113", "300", List.of()), boot.ataLink("ata1"));
        for (String down : List.of("ata4", "ata5", "ata6")) {
            assertEquals(new AtaLinkLog(down, Integer.parseInt(down.substring(3)), null, false, null, "0", "300", List.of()), boot.ataLink(down));
        }
        assertEquals(6, boot.ataLinks().size());
        assertEquals(1, boot.controllers().size());
        ControllerLog ahci = boot.controllers().get(0);
        assertEquals("ahci", ahci.driver());
        assertEquals("0000:00:1f.2", ahci.pciAddress());
        assertNull(ahci.mode());
        assertEquals(List.of("version 3.0", "AHCI 0001.0000 32 slots 6 ports 1.5 Gbps 0x3f impl SATA mode", "flags: 64bit ncq only"), ahci.messages());
        assertEquals(6, boot.scsiHosts().size());
        assertEquals(new ScsiHostLog(0, "ahci"), boot.scsiHosts().get(0));
        assertEquals(new ScsiDiskLog("1:0:0:0", 1, 0, 0, 0, "Direct-Access", "ATA", "WDC WD7500AAKS-0", "4G30", "sdb", 1465149168L, 512),
                boot.scsiDisks().get(1));
        assertEquals(".0", boot.scsiDisks().get(2).revision());
    }

    @Test
    void piixPortsArePataWithoutLinks() {
        KernelBoot boot = KernelLogs.analyze(KernelLogs.resource("qemu/piix.log")).lastBoot();
        assertEquals(List.of(new AtaPortLog("ata1", 1, "PATA", "MWDMA2", "cmd 0x1f0 ctl 0x3f6 bmdma 0xc000 irq 14", 14),
                new AtaPortLog("ata2", 2, "PATA", "MWDMA2", "cmd 0x170 ctl 0x376 bmdma 0xc008 irq 15", 15)), boot.ataPorts());
        assertEquals(List.of(), boot.ataLinks());
        assertEquals("ata_piix", boot.controllers().get(0).driver());
        assertEquals(List.of("ata1.00", "ata1.01", "ata2.00"), boot.ataDevices().stream().map(AtaDeviceLog::id).collect(Collectors.toList()));
    }

    @Test
    void virtioNvmeHasOneAtaDiskAndNoOtherAtaDevices() {
        KernelBoot boot = KernelLogs.analyze(KernelLogs.resource("qemu/virtio-nvme.log")).lastBoot();
        assertEquals(1, boot.ataDevices().size());
        assertEquals(List.of(true, false, false, false, false, false), boot.ataLinks().stream().map(AtaLinkLog::up).collect(Collectors.toList()));
        assertEquals("sda", boot.scsiDisks().get(0).blockDevice());
    }

    /** EXPECTED.json (the sysfs snapshots' facts, written by the lab) against the parse of the same boot's dmesg. */
    @ParameterizedTest
    @ValueSource(strings = {"ahci", "piix"})
    void sysfsSnapshotDmesgMatchesExpectedJson(String machine) throws Exception {
        JsonNode expected = new ObjectMapper().readTree(KernelLogs.resource("sysfs/EXPECTED.json")).get(machine).get("ata_devices_dmesg");
        KernelBoot boot = KernelLogs.analyze(KernelLogs.resource("sysfs/" + machine + "/dmesg.txt")).lastBoot();
        assertEquals(expected.size(), boot.ataDevices().size());
        for (Iterator<Map.Entry<String, JsonNode>> it = expected.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            AtaDeviceLog d = boot.ataDevice(e.getKey());
            assertNotNull(d, e.getKey());
            JsonNode x = e.getValue();
            assertEquals(x.get("dmesg_ata_line").asText(), d.identityLine());
            assertEquals(x.get("dmesg_sectors_line").asText(), d.sectorsLine());
            assertEquals(x.get("ncq").asText(), d.ncq().name().toLowerCase(Locale.ROOT));
            assertEquals(x.get("ncq_depth").isNull() ? null : x.get("ncq_depth").asInt(), d.ncqDepth());
            assertEquals(x.has("dmesg_configured_for") ? x.get("dmesg_configured_for").asText() : null, d.transferMode());
        }
    }

    /** Without sysfs, the log's own scsi/sd lines map each device; EXPECTED.json's block_devices say which is right. */
    @ParameterizedTest
    @ValueSource(strings = {"ahci", "piix"})
    void logOnlyMappingAgreesWithSysfs(String machine) throws Exception {
        JsonNode blocks = new ObjectMapper().readTree(KernelLogs.resource("sysfs/EXPECTED.json")).get(machine).get("block_devices");
        KernelBoot boot = KernelLogs.analyze(KernelLogs.resource("sysfs/" + machine + "/dmesg.txt")).lastBoot();
        List<AtaBlockMapping> mapping = new KernelLogDeviceMapper().map(boot);
        assertEquals(blocks.size(), mapping.size());
        for (AtaBlockMapping m : mapping) {
            JsonNode b = blocks.get(m.blockDevice());
            assertNotNull(b, m.blockDevice());
            String dev = b.get("ata_device").asText(); // "dev1.1"
            String[] pd = dev.substring(3).split("\\.");
            assertEquals(String.format("ata%s.%02d", pd[0], Integer.parseInt(pd[1])), m.ataDevice());
            assertEquals(b.get("scsi_hctl").asText(), m.scsiAddress());
            assertEquals("model, revision, sectors, target", m.evidence());
        }
    }
}
