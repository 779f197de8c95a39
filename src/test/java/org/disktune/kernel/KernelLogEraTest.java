package org.disktune.kernel;

import static org.disktune.kernel.KernelLogs.analyze;
import static org.disktune.kernel.KernelLogs.lines;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.util.List;

import org.disktune.host.TextKernelLogReader;
import org.junit.jupiter.api.Test;

/** Synthetic logs of each kernel era and log format, the seed reports' quoted lines, and bad input. */
class KernelLogEraTest {

    @Test
    void seed000SataNvAdmaDepth31Of32() {
        AtaDeviceLog d = analyze(KernelLogs.resource("seeds/000-sata_nv-adma-dmesg.txt")).lastBoot().ataDevice("ata3.00");
        assertEquals(1465149168L, d.sectors());
        assertEquals(1, d.multi());
        assertEquals(NcqState.ENABLED, d.ncq());
        assertEquals(31, d.ncqDepth());
        assertEquals(32, d.ncqDriveDepth());
        assertNull(d.model());
    }

    @Test
    void seed003SataSilArm() {
        KernelBoot boot = analyze(KernelLogs.resource("seeds/003-sata_sil-dmesg.txt")).lastBoot();
        assertEquals(List.of(new AtaPortLog("ata1", 1, "SATA", "UDMA/100", "mmio m512@0x800a0000 tf 0x800a0080 irq 29", 29),
                new AtaPortLog("ata2", 2, "SATA", "UDMA/100", "mmio m512@0x800a0000 tf 0x800a00c0 irq 29", 29)), boot.ataPorts());
        for (String id : List.of("ata1.00", "ata2.00")) {
            AtaDeviceLog d = boot.ataDevice(id);
            assertEquals("ST3250620AS", d.model());
            assertEquals("3.AAE", d.firmware());
            assertEquals("UDMA/133", d.maxTransferMode());
            assertEquals("UDMA/100", d.transferMode());
            assertEquals(NcqState.UNKNOWN, d.ncq(), "this capture holds no sectors line: it does not show NCQ");
        }
        assertEquals(new ControllerLog("sata_sil", "0000:00:03.0", null, List.of("Applying R_ERR on DMA activate FIS errata fix")),
                boot.controllers().get(0));
    }

    @Test
    void seed004LegacyIdeInSyslog() {
        KernelBoot boot = analyze(KernelLogs.resource("seeds/004-ide-syslog.txt")).lastBoot();
        assertEquals(List.of(
                new IdeDiskLog("hde", "IC35L120AVV207-0", "ATA DISK drive", 128, 241254720L, 123522L, 1821, "16383/255/63", "UDMA(100)", null, "DMA"),
                new IdeDiskLog("hdf", "MAXTOR 6L080J4", "ATA DISK drive", 128, 156355584L, 80054L, 1819, "65535/16/63", "UDMA(100)", null, "DMA")),
                boot.ideDisks());
        assertEquals("Sep 21 01:58:55", boot.startedAt());
    }

    @Test
    void centos5VarLogDmesgIdeWithModeSelected() {
        KernelBoot boot = analyze(lines(
                "Linux version 2.6.18-398.el5 (mockbuild@builder17.centos.org) (gcc version 4.1.2 20080704 (Red Hat 4.1.2-55)) #1 SMP Tue Sep 16 20:50:52 EDT 2014",
                "Command line: ro root=/dev/md2",
                "ide2: BM-DMA at 0xbe00-0xbe07, BIOS settings: hde:DMA, hdf:pio",
                "hde: IC35L120AVV207-0, ATA DISK drive",
                "hde: max request size: 128KiB",
                "hde: 241254720 sectors (123522 MB) w/1821KiB Cache, CHS=16383/255/63, UDMA(100)",
                "hde: UDMA/100 mode selected",
                " hde: hde1 hde2 hde3",
                "hdc: LITE-ON DVDRW SHM-165P6S, ATAPI CD/DVD-ROM drive",
                "hdf: 1000 sectors (0 MB), CHS=1/16/63")).lastBoot();
        assertEquals("2.6.18-398.el5", boot.kernelVersion());
        assertEquals("ro root=/dev/md2", boot.commandLine());
        assertEquals(new IdeDiskLog("hde", "IC35L120AVV207-0", "ATA DISK drive", 128, 241254720L, 123522L, 1821, "16383/255/63", "UDMA(100)", "UDMA/100", "DMA"),
                boot.ideDisk("hde"));
        assertEquals("ATAPI CD/DVD-ROM drive", boot.ideDisk("hdc").media());
        assertEquals(new IdeDiskLog("hdf", null, null, null, 1000L, 0L, null, "1/16/63", null, null, "pio"), boot.ideDisk("hdf"));
    }

    @Test
    void libata2618OneLineIdentityAndOldScsiLines() {
        KernelBoot boot = analyze(lines(
                "Linux version 2.6.18-8.el5 (brewbuilder@hs20-bc1-7.build.redhat.com) #1 SMP Fri Jan 26 14:15:21 EST 2007",
                "sata_nv 0000:00:07.0: version 2.0",
                "ata1: SATA max UDMA/133 cmd 0x9F0 ctl 0xBF2 bmdma 0xE000 irq 225",
                "scsi0 : sata_nv",
                "ata1: SATA link up 3.0 Gbps (SStatus 123 SControl 300)",
                "ata1.00: ATA-7, max UDMA/133, 488397168 sectors: LBA48 NCQ (depth 0/32)",
                "ata1.00: ata1: dev 0 multi count 16",
                "ata1.00: configured for UDMA/133",
                "  Vendor: ATA       Model: ST3250620AS       Rev: 3.AA",
                "  Type:   Direct-Access                      ANSI SCSI revision: 05",
                "SCSI device sda: 488397168 512-byte hdwr sectors (250059 MB)",
                "sda: Write Protect is off",
                " sda: sda1 sda2",
                "sd 0:0:0:0: Attached scsi disk sda")).lastBoot();
        AtaDeviceLog d = boot.ataDevice("ata1.00");
        assertEquals("ATA-7", d.ataRevision());
        assertNull(d.model());
        assertEquals("UDMA/133", d.maxTransferMode());
        assertEquals(488397168L, d.sectors());
        assertEquals(16, d.multi());
        assertEquals("LBA48", d.addressing());
        assertEquals(NcqState.DISABLED_BY_HOST, d.ncq());
        assertEquals(0, d.ncqDepth());
        assertEquals(32, d.ncqDriveDepth());
        assertEquals("UDMA/133", d.transferMode());
        assertEquals(new AtaLinkLog("ata1", 1, null, true, "3.0 Gbps", "123", "300", List.of()), boot.ataLink("ata1"));
        assertEquals(List.of(new ScsiHostLog(0, "sata_nv")), boot.scsiHosts());
        assertEquals(List.of(new ScsiDiskLog("0:0:0:0", 0, 0, 0, 0, "Direct-Access", "ATA", "ST3250620AS", "3.AA", "sda", 488397168L, 512)),
                boot.scsiDisks());
        assertEquals(List.of(new AtaBlockMapping("ata1.00", "0:0:0:0", "sda", "sectors, target")), new KernelLogDeviceMapper().map(boot));
    }

    @Test
    void sataNv2628AdmaAndSwncqModes() {
        KernelBoot boot = analyze(lines(
                "[    0.000000] Linux version 2.6.28-ARCH (root@T-POWA-LX) (gcc version 4.3.3 (GCC) ) #1 SMP PREEMPT Wed Jan 28 21:18:29 UTC 2009",
                "[    1.874218] sata_nv 0000:00:07.0: version 3.5",
                "[    1.874622] sata_nv 0000:00:07.0: Using ADMA mode",
                "[    1.875016] sata_nv 0000:00:08.0: Using SWNCQ mode",
                "[    1.876102] scsi0 : sata_nv",
                "[    1.877310] ata3: SATA max UDMA/133 cmd 0xffffc20000020480 ctl 0xffffc200000204a0 bmdma 0xd400 irq 22",
                "[    2.420155] ata3: SATA link up 3.0 Gbps (SStatus 123 SControl 300)",
                "[    2.440112] ata3.00: ATA-8: WDC WD7500AAKS-00RBA0, 30.04G30, max UDMA/133",
                "[    2.440115] ata3.00: 1465149168 sectors, multi 1: LBA48 NCQ (depth 31/32)",
                "[    2.460138] ata3.00: configured for UDMA/133")).lastBoot();
        assertEquals("ADMA", boot.controllers().get(0).mode());
        assertEquals(List.of("version 3.5", "Using ADMA mode"), boot.controllers().get(0).messages());
        assertEquals("SWNCQ", boot.controllers().get(1).mode());
        AtaDeviceLog d = boot.ataDevice("ata3.00");
        assertEquals("ATA-8", d.ataRevision());
        assertEquals(NcqState.ENABLED, d.ncq());
        assertEquals(31, d.ncqDepth());
        assertEquals(32, d.ncqDriveDepth());
        assertEquals("2.6.28-ARCH", boot.kernelVersion());
    }

    @Test
    void linux4xPmpLinksAtapiAndChs() {
        KernelBoot boot = analyze(lines(
                "[    2.100000] ata1: SATA max UDMA/133 abar m2048@0xf7d36000 port 0xf7d36100 irq 27",
                "[    2.200000] ata5: DUMMY",
                "[    2.420000] ata1: SATA link up 6.0 Gbps (SStatus 133 SControl 300)",
                "[    2.430000] ata1.15: Port Multiplier 1.2, 0x197b:0x0325 r0, 15 ports, feat 0x5/0xf",
                "[    2.440000] ata1.02: SATA link up 1.5 Gbps (SStatus 113 SControl 320)",
                "[    2.450000] ata1.03: SATA link down (SStatus 0 SControl 320)",
                "[    2.460000] ata1.02: ATA-9: ST2000DM001-1ER164, CC25, max UDMA/133",
                "[    2.460100] ata1.02: 3907029168 sectors, multi 16: LBA48 NCQ (depth 31/32), AA",
                "[    2.470000] ata2.00: ATAPI: HL-DT-ST DVDRAM GH24NSB0, LW00, max UDMA/100",
                "[    2.480000] ata3.00: CFA: SanDisk SDCFH-004G, HDX 4.04, max UDMA/66",
                "[    2.480100] ata3.00: 7813120 sectors, multi 0, CHS 7751/16/63",
                "[    2.500000] scsi 1:2:0:0: Direct-Access     ATA      ST2000DM001-1ER1 CC25 PQ: 0 ANSI: 5",
                "[    2.600000] sd 1:2:0:0: [sdb] 3907029168 512-byte logical blocks: (2.00 TB/1.82 TiB)")).lastBoot();
        assertFalse(boot.complete());
        assertEquals(new AtaPortLog("ata5", 5, "DUMMY", null, "", null), boot.ataPorts().get(1));
        assertEquals(new AtaLinkLog("ata1.02", 1, 2, true, "1.5 Gbps", "113", "320", List.of()), boot.ataLink("ata1.02"));
        assertFalse(boot.ataLink("ata1.03").up());
        AtaDeviceLog pmp = boot.ataDevice("ata1.02");
        assertEquals(NcqState.ENABLED, pmp.ncq());
        assertEquals(31, pmp.ncqDepth());
        assertTrue(pmp.ncqAutoActivate());
        assertEquals("ATAPI", boot.ataDevice("ata2.00").deviceClass());
        assertNull(boot.ataDevice("ata2.00").ataRevision());
        assertEquals("HL-DT-ST DVDRAM GH24NSB0", boot.ataDevice("ata2.00").model());
        AtaDeviceLog cfa = boot.ataDevice("ata3.00");
        assertEquals("CFA", cfa.deviceClass());
        assertEquals("CHS", cfa.addressing());
        assertEquals(7813120L, cfa.sectors());
        assertNull(boot.ataDevice("ata1.15"), "the port multiplier itself is not a disk");
        assertEquals(List.of(new AtaBlockMapping("ata1.02", "1:2:0:0", "sdb", "model, revision, sectors, target")),
                new KernelLogDeviceMapper().map(boot));
    }

    @Test
    void linux61AutoActivateFeaturesAndOldForceWording() {
        KernelBoot boot = analyze(lines(
                "[    0.926001] ata5.00: FORCE: horkage modified (noncq)",
                "[    0.926002] ata5.00: FORCE: xfer_mask set to udma5",
                "[    0.926081] ata5.00: ATA-9: SAMSUNG MZ7TD256HAFV-000L9, DXT04L6Q, max UDMA/133",
                "[    0.926370] ata5.00: 500118192 sectors, multi 1: LBA48 NCQ (not used)",
                "[    0.928376] ata5.00: Features: Trust Dev-Sleep",
                "[    0.926371] ata6.00: 500118192 sectors, multi 1: LBA48 NCQ (depth 32), AA",
                "[    0.926372] ata4: FORCE: PHY spd limit set to 1.5Gbps",
                "[    0.926373] ata4: SATA link up 1.5 Gbps (SStatus 113 SControl 310)")).lastBoot();
        AtaDeviceLog d = boot.ataDevice("ata5.00");
        assertEquals(NcqState.NOT_USED, d.ncq());
        assertEquals(List.of("horkage modified (noncq)", "xfer_mask set to udma5"), d.forceLines());
        assertEquals(List.of("noncq"), d.forcedQuirks());
        assertEquals(List.of("Trust", "Dev-Sleep"), d.features());
        AtaDeviceLog aa = boot.ataDevice("ata6.00");
        assertEquals(32, aa.ncqDepth());
        assertEquals(32, aa.ncqDriveDepth());
        assertTrue(aa.ncqAutoActivate());
        assertEquals(List.of("PHY spd limit set to 1.5Gbps"), boot.ataLink("ata4").forceLines());
    }

    @Test
    void linux610QuirksWording() {
        KernelBoot boot = analyze(lines(
                "Dec 10 18:56:03 host kernel: ata1: SATA link up 6.0 Gbps (SStatus 133 SControl 300)",
                "Dec 10 18:56:03 host kernel: ata1.00: FORCE: modified (noncq)",
                "Dec 10 18:56:03 host kernel: ata1.00: Model 'INTEL SSDSC2KG480G8', rev 'XCV10120', applying quirks: zeroaftertrim noncqtrim",
                "Dec 10 18:56:03 host kernel: ata1.00: ATA-10: INTEL SSDSC2KG480G8, XCV10120, max UDMA/133",
                "Dec 10 18:56:03 host kernel: ata1.00: 937703088 sectors, multi 1: LBA48 NCQ (not used)",
                "Dec 10 18:56:03 host kernel: ata1.00: configured for UDMA/133")).lastBoot();
        AtaDeviceLog d = boot.ataDevice("ata1.00");
        assertEquals(List.of("noncq"), d.forcedQuirks());
        assertEquals(List.of("modified (noncq)"), d.forceLines());
        assertEquals(List.of("zeroaftertrim", "noncqtrim"), d.quirks());
        assertEquals("INTEL SSDSC2KG480G8", d.model());
        assertEquals("ATA-10", d.ataRevision());
        assertEquals(NcqState.NOT_USED, d.ncq());
        assertEquals("Dec 10 18:56:03", boot.startedAt());
    }

    @Test
    void dmesgTAndCrlfAndLoneCr() {
        String text = "[Mon Nov 30 11:00:00 2026] Linux version 6.1.0-57-amd64 (x@y) #1 SMP\r\n"
                + "[Mon Nov 30 11:00:04 2026] ata3.00: 1465149168 sectors, multi 16: LBA48 NCQ (depth 32)\r"
                + "[Mon Nov 30 11:00:04 2026] ata3.00: configured for UDMA/133\r\n";
        KernelLogReport r = analyze(text);
        assertEquals("Mon Nov 30 11:00:00 2026", r.lastBoot().startedAt());
        assertEquals("UDMA/133", r.lastBoot().ataDevice("ata3.00").transferMode());
        assertEquals(32, r.lastBoot().ataDevice("ata3.00").ncqDepth());
        assertEquals(3, r.linesRead());
    }

    @Test
    void kmsgRecordsWithDictionaries() {
        KernelBoot boot = analyze(lines(
                "5,0,0,-;Linux version 6.1.0-57-amd64 (debian-kernel@lists.debian.org) #1 SMP",
                "6,339,4620129,-;ata3.00: ATA-7: WDC WD7500AAKS-00RBA0, 30.04G30, max UDMA/133",
                " SUBSYSTEM=scsi",
                " DEVICE=+scsi:3:0:0:0",
                "6,340,4620200,-;ata3.00: 1465149168 sectors, multi 16: LBA48 NCQ (depth 32)")).lastBoot();
        assertTrue(boot.complete());
        assertEquals(NcqState.ENABLED, boot.ataDevice("ata3.00").ncq());
        assertEquals("WDC WD7500AAKS-00RBA0", boot.ataDevice("ata3.00").model());
    }

    private static final String BOOT_A = lines(
            "Nov 29 09:00:00 host kernel: [    0.000000] Linux version 6.1.0-56-amd64 (debian-kernel@lists.debian.org) #1 SMP",
            "Nov 29 09:00:04 host kernel: [    4.100000] ata1.00: 1465149168 sectors, multi 16: LBA48 NCQ (depth 32)",
            "Nov 29 09:00:04 host kernel: [    4.200000] ata2.00: 468862128 sectors, multi 16: LBA48 NCQ (depth 32)",
            "Nov 29 18:00:00 host sshd[900]: session closed");
    private static final String BOOT_B = lines(
            "Nov 30 11:00:00 host kernel: [    0.000000] Linux version 6.1.0-57-amd64 (debian-kernel@lists.debian.org) #1 SMP",
            "Nov 30 11:00:04 host kernel: [    4.100000] ata1.00: FORCE: horkage modified (noncq)",
            "Nov 30 11:00:04 host kernel: [    4.100001] ata1.00: 1465149168 sectors, multi 16: LBA48 NCQ (not used)");

    @Test
    void kernLogWithTwoBootsIsCutToTheLast() {
        KernelLogReport r = analyze(BOOT_A + BOOT_B);
        assertEquals(2, r.bootsSeen());
        assertEquals(1, r.boots().size());
        KernelBoot last = r.lastBoot();
        assertEquals(1, last.index());
        assertEquals("6.1.0-57-amd64", last.kernelVersion());
        assertEquals(NcqState.NOT_USED, last.ataDevice("ata1.00").ncq());
        assertNull(last.ataDevice("ata2.00"), "ata2.00 was only probed in the first boot");
        assertEquals("Nov 30 11:00:00", last.startedAt());
    }

    @Test
    void allBootsOnRequest() {
        KernelLogReport r = analyze(BOOT_A + BOOT_B, KernelLogOptions.allBoots());
        assertEquals(2, r.boots().size());
        assertEquals(NcqState.ENABLED, r.boots().get(0).ataDevice("ata1.00").ncq());
        assertEquals(NcqState.NOT_USED, r.boots().get(1).ataDevice("ata1.00").ncq());
        assertEquals(List.of(), r.notes());
    }

    @Test
    void journalWithoutMinusBSeparatesBoots() {
        KernelLogReport r = analyze(lines(
                "-- Logs begin at Sun 2026-11-29 09:00:00 CET, end at Mon 2026-11-30 11:05:00 CET. --",
                "Nov 29 09:00:00 host kernel: Linux version 6.1.0-56-amd64 (x@y) #1 SMP",
                "Nov 29 09:00:04 host kernel: ata1.00: 1465149168 sectors, multi 16: LBA48 NCQ (depth 32)",
                "-- Boot 5e3f0a9c2b1d4e6f8a7b6c5d4e3f2a1b --",
                "Nov 30 11:00:04 host kernel: ata1.00: 1465149168 sectors, multi 16: LBA48 NCQ (depth 1/32)",
                "-- Reboot --",
                "Nov 30 12:00:00 host kernel: Linux version 6.1.0-57-amd64 (x@y) #1 SMP",
                "Nov 30 12:00:04 host kernel: ata1.00: 1465149168 sectors, multi 16: LBA48 NCQ (depth 0/32)"));
        assertEquals(3, r.bootsSeen());
        assertEquals(NcqState.DISABLED_BY_HOST, r.lastBoot().ataDevice("ata1.00").ncq());
        assertTrue(r.lastBoot().complete());
    }

    @Test
    void monotonicResetWithoutVersionLineStartsABoot() {
        KernelLogReport r = analyze(lines(
                "[    5.000000] ata1.00: 1465149168 sectors, multi 16: LBA48 NCQ (depth 32)",
                "[    0.000000] Initializing cgroup subsys cpuset",
                "[    0.000000] Linux version 2.6.32-358.el6.x86_64 (mockbuild@c6b8.bsys.dev.centos.org) #1 SMP",
                "[    3.000000] ata1.00: 1465149168 sectors, multi 16: LBA48 NCQ (depth 31/32)"), KernelLogOptions.allBoots());
        assertEquals(2, r.bootsSeen(), "the cgroup line and the version line start one boot");
        assertEquals(31, r.lastBoot().ataDevice("ata1.00").ncqDepth());
        assertEquals("2.6.32-358.el6.x86_64", r.lastBoot().kernelVersion());
        assertFalse(r.boots().get(0).complete());
    }

    @Test
    void anUnstampedRhel6LogWhoseCgroupLinesPrecedeTheBannerIsOneCompleteBoot() {
        KernelLogReport r = analyze(lines(
                "Initializing cgroup subsys cpuset",
                "Initializing cgroup subsys cpu",
                "Linux version 2.6.32-358.el6.x86_64 (mockbuild@x86-022.build.eng.bos.redhat.com) (gcc version 4.4.7 20120313 "
                        + "(Red Hat 4.4.7-3) (GCC) ) #1 SMP Tue Jan 29 11:47:41 EST 2013",
                "Initializing cgroup subsys memory",
                "ata1.00: 976773168 sectors, multi 16: LBA48 NCQ (depth 31/32)",
                "Initializing cgroup subsys cpuset",
                "Linux version 2.6.32-431.el6.x86_64 (mockbuild@x86-023.build.eng.bos.redhat.com) #1 SMP",
                "ata1.00: 976773168 sectors, multi 16: LBA48 NCQ (depth 31/32)"), KernelLogOptions.allBoots());
        assertEquals(2, r.bootsSeen(), "the cgroup lines before the first banner and cgroup_init's after it are no boot of their own");
        assertEquals(List.of("2.6.32-358.el6.x86_64", "2.6.32-431.el6.x86_64"), r.boots().stream().map(KernelBoot::kernelVersion).toList());
        assertTrue(r.boots().get(0).complete());
        assertEquals(List.of(), r.notes());
    }

    @Test
    void a26InquiryRevisionIsTheFirstFourFirmwareCharacters() {
        KernelBoot boot = analyze(lines(
                "Linux version 2.6.21.5 (root@daniel) #1 SMP PREEMPT Sat Jun 9 18:46:13 CEST 2007",
                "ata4.00: ATA-7: ST3320620AS, 3.AAE, max UDMA/133",
                "ata4.00: 625142448 sectors, multi 16: LBA48 NCQ (depth 31/32)",
                "scsi 3:0:0:0: Direct-Access     ATA      ST3320620AS      3.AA PQ: 0 ANSI: 5",
                "SCSI device sdd: 625142448 512-byte hdwr sectors (320072 MB)",
                "sd 3:0:0:0: Attached scsi disk sdd")).lastBoot();
        assertEquals(List.of(new AtaBlockMapping("ata4.00", "3:0:0:0", "sdd", "model, revision, sectors, target")),
                new KernelLogDeviceMapper().map(boot));
    }

    @Test
    void rotatedLogSaysProbeLinesMayBeMissing() {
        KernelLogReport r = analyze(lines("[ 9000.000000] sd 0:0:0:0: [sda] Synchronizing SCSI cache"));
        assertEquals(List.of("no 'Linux version' line in the last boot: the log does not reach back to the boot, so probe lines may be missing"), r.notes());
    }

    @Test
    void emptyLog() {
        KernelLogReport r = analyze("");
        assertEquals(0, r.bootsSeen());
        assertEquals(List.of(), r.boots());
        assertEquals(List.of("the log holds no kernel lines"), r.notes());
        assertEquals(List.of(), r.lastBoot().ataDevices());
    }

    @Test
    void binaryGarbageAndCutLines() {
        StringBuilder garbage = new StringBuilder();
        java.util.Random random = new java.util.Random(42);
        for (int i = 0; i < 200_000; i++) {
            garbage.append((char) random.nextInt(0x3000));
        }
        String text = garbage + "\n[    4.10] ata1.00: 1465149168 sectors, multi 16: LBA48 NCQ (dep\n"
                + "[    4.20] ata2.00: 99999999999999999999999 sectors, multi 16: LBA48 NCQ (depth 99999/32)\n"
                + "ata3.00: ATA-7: , , max \n[    4.30] ata4.00: 1000 sectors, multi 16: LBA48 NCQ (depth 32)";
        KernelBoot boot = analyze(text).lastBoot();
        assertEquals(NcqState.UNKNOWN, boot.ataDevice("ata1.00").ncq(), "cut before the depth");
        assertEquals(1465149168L, boot.ataDevice("ata1.00").sectors());
        assertNull(boot.ataDevice("ata2.00"), "a line no kernel prints is not a device");
        assertEquals(32, boot.ataDevice("ata4.00").ncqDepth(), "the last line has no line end");
    }

    @Test
    void millionLineLogIsStreamed() {
        int total = 1_000_000;
        Reader generated = new Reader() {
            private int line;
            private String current = "";
            private int pos;

            @Override
            public int read(char[] buf, int off, int len) {
                if (pos == current.length()) {
                    if (line == total) {
                        return -1;
                    }
                    current = line == total - 1
                            ? "[99999.000000] ata1.00: 1465149168 sectors, multi 16: LBA48 NCQ (depth 31/32)\n"
                            : "[" + line / 1000 + "." + (100000 + line % 1000) + "] ata" + (line % 8 + 1) + ": SATA link up 3.0 Gbps (SStatus 123 SControl 300)\n";
                    pos = 0;
                    line++;
                }
                int n = Math.min(len, current.length() - pos);
                current.getChars(pos, pos + n, buf, off);
                pos += n;
                return n;
            }

            @Override
            public void close() {
            }
        };
        KernelLogReport r = new KernelLogAnalyzer().analyze(new TextKernelLogReader("generated", List.of(), generated), KernelLogOptions.lastBoot());
        assertEquals(total, r.linesRead());
        assertEquals(8, r.lastBoot().ataLinks().size());
        assertEquals(31, r.lastBoot().ataDevice("ata1.00").ncqDepth());
    }
}
