package org.disktune.tuning;

import static org.disktune.tuning.SampleReports.detect;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.disktune.hdparm.HdparmConf;
import org.disktune.hdparm.HdparmConfParser;
import org.disktune.host.FileKernelLog;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.disktune.host.SampleMachines;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.testing.TestMachine;
import org.junit.jupiter.api.Test;

/** disktune init with Debian's /etc/hdparm.conf on the machine: its device blocks become the disks' sections. */
class InitHdparmImportTest {
    static final String WD_BY_ID = "/dev/disk/by-id/ata-WDC_WD7500AAKS-00RBA0_WD-WCAPW0000001";

    final InitProposer proposer = new InitProposer(DriverCatalog.load());

    static HdparmConf conf(String text) {
        return HdparmConfParser.parse(text.getBytes(StandardCharsets.UTF_8), "/etc/hdparm.conf");
    }

    @Test
    void theFifthSeedsHdparmSettingsOnCentos5BecomeIdeSectionsAndAMultcountAboveTheMaximumStaysAComment() {
        Proposal p = proposer.propose(detect("seed-centos5-ide"), conf("""
                quiet
                /dev/hde {
                	io32_support = 3
                	mult_sect_io = 16
                	dma = on
                	read_ahead_sect = 8192
                }
                /dev/hdf {
                	io32_support = 3
                	mult_sect_io = 32
                	keep_settings_over_reset = on
                }
                """), path -> Optional.empty());
        assertEquals("""
                # disktune.conf proposed by disktune init for this machine (kernel 2.6.18-8.el5).
                # Each section says why. Check them, save this as /etc/disktune/disktune.conf, then run disktune plan.

                # Imported from /etc/hdparm.conf line 2 (/dev/hde {): once disktune applies these, remove that block from /etc/hdparm.conf, or the two fight at every boot and hotplug.
                [disk IC35L120AVV207-0_VNVB01G2C8M3KH]
                match.serial = VNVB01G2C8M3KH
                # /etc/hdparm.conf line 3: io32_support = 3
                io32 = 3
                # /etc/hdparm.conf line 4: mult_sect_io = 16
                multcount = 16
                # /etc/hdparm.conf line 5: dma = on
                dma = on
                # /etc/hdparm.conf line 6: read_ahead_sect = 8192 (512-byte sectors: read_ahead_kb 4096)
                read_ahead_kb = 4096

                # Imported from /etc/hdparm.conf line 8 (/dev/hdf {): once disktune applies these, remove that block from /etc/hdparm.conf, or the two fight at every boot and hotplug.
                [disk MAXTOR_6L080J4_664131732668]
                match.serial = 664131732668
                # /etc/hdparm.conf line 9: io32_support = 3
                io32 = 3
                # /etc/hdparm.conf line 10: mult_sect_io = 32 is not imported: multcount 32 is above the maximum of hdf (MAXTOR 6L080J4), 16 sectors; give 0..16 in [disk MAXTOR_6L080J4_664131732668]
                # /etc/hdparm.conf line 11: keep_settings_over_reset = on is not imported: keep_settings_over_reset (hdparm -k) is not a disktune setting

                # / (ext3 on md1) is mounted without noatime or relatime, so every read also writes an access time; noatime stops those writes.
                [mount /]
                atime = noatime

                # /boot (ext3 on md0) is mounted without noatime or relatime, so every read also writes an access time; noatime stops those writes.
                [mount /boot]
                atime = noatime
                """, p.text());
        assertEquals(List.of("[disk IC35L120AVV207-0_VNVB01G2C8M3KH] io32 = 3: imported from /etc/hdparm.conf line 3",
                "[disk IC35L120AVV207-0_VNVB01G2C8M3KH] multcount = 16: imported from /etc/hdparm.conf line 4",
                "[disk IC35L120AVV207-0_VNVB01G2C8M3KH] dma = on: imported from /etc/hdparm.conf line 5",
                "[disk IC35L120AVV207-0_VNVB01G2C8M3KH] read_ahead_kb = 4096: imported from /etc/hdparm.conf line 6",
                "[disk MAXTOR_6L080J4_664131732668] io32 = 3: imported from /etc/hdparm.conf line 9"), p.reasons().subList(0, 5));
        assertEquals(proposer.propose(detect("seed-centos5-ide")).notes(), p.notes(), "only the notes it had without hdparm.conf");
    }

    @Test
    void aByIdBlockOnAhciIsMatchedBySerialAndWhatTheDriveLacksOrRefusesIsACommentWithTheReason() {
        Proposal p = proposer.propose(detect("qemu-ahci"), conf("""
                write_cache = off
                /dev/disk/by-id/ata-WDC_WD7500AAKS-00RBA0_WD-WCAPW0000001 {
                	apm = 254
                	write_cache = off
                	spindown_time = 240
                	read_ahead_sect = 13
                	apm_battery = 127
                	io32_support = 1
                }
                /dev/disk/by-uuid/5A22DB2D22DB0CBF {
                	spindown_time = 24
                }
                /dev/sdb {
                	dma = on
                }
                """), path -> Optional.ofNullable(Map.of(WD_BY_ID, "sdb").get(path)));
        assertEquals("""
                # disktune.conf proposed by disktune init for this machine (kernel 6.1.0-57-amd64).
                # Each section says why. Check them, save this as /etc/disktune/disktune.conf, then run disktune plan.

                # Imported from /etc/hdparm.conf line 2 (/dev/disk/by-id/ata-WDC_WD7500AAKS-00RBA0_WD-WCAPW0000001 {): once disktune applies these, remove that block from /etc/hdparm.conf, or the two fight at every boot and hotplug.
                [disk WDC_WD7500AAKS-00RBA0_WD-WCAPW0000001]
                match.serial = WD-WCAPW0000001
                # /etc/hdparm.conf line 3: apm = 254 is not imported: apm: sdb (WDC WD7500AAKS-00RBA0) does not support Advanced Power Management (IDENTIFY word 83 bit 3)
                # /etc/hdparm.conf line 4: write_cache = off
                write_cache = off
                # /etc/hdparm.conf line 5: spindown_time = 240
                standby = 240
                # /etc/hdparm.conf line 6: read_ahead_sect = 13 (512-byte sectors: 6.5 KiB, and read_ahead_kb takes whole KiB: 6)
                read_ahead_kb = 6
                # /etc/hdparm.conf line 7: apm_battery = 127 is not imported: apm_battery applies on battery power only; disktune has no battery setting
                # /etc/hdparm.conf line 8: io32_support = 1 is not imported: io32 is a legacy IDE setting (hdparm on /proc/ide, gone since Linux 5.14), and sdb is not a legacy IDE disk (transport ata): its libata driver chooses I/O width, multiple-sector count and DMA itself; remove io32 from [disk WDC_WD7500AAKS-00RBA0_WD-WCAPW0000001] or narrow its match
                """, p.text());
        assertEquals(List.of(
                "/etc/hdparm.conf line 1: write_cache = off is a default for every disk, so it is not imported; add write_cache = off to the "
                        + "[disk] sections that should have it",
                "/etc/hdparm.conf line 10: /dev/disk/by-uuid/5A22DB2D22DB0CBF is no disk of this machine, so its settings are not imported",
                "/etc/hdparm.conf line 13: /dev/sdb is sdb again; Debian's hdparm uses only the first block for a disk (line 2), so this one "
                        + "is not imported"), p.notes());
    }

    @Test
    void aFileThatStopsDebiansScriptSaysSoInTheNotes() {
        Proposal p = proposer.propose(detect("qemu-ahci"), conf("/dev/sdb {\n  APM_level = 127\n  spindown_time = 240\n}\n"), path -> Optional.empty());
        assertTrue(p.text().contains("\nstandby = 240\n"), p.text());
        assertEquals(List.of("/etc/hdparm.conf line 2: APM_level is not an hdparm.conf option; Debian's hdparm stops here (\"Unknown option "
                + "APM_level\") and applies nothing after it (the APM key is apm)"), p.notes());
    }

    @Test
    void initOnASampleRootReadsItsHdparmConfAndResolvesAByUuidLinkToAPartitionThroughTheRoot() throws IOException {
        Path root = new SampleMachines().materialize("qemu-ahci");
        Files.createDirectories(root.resolve("dev/disk/by-uuid"));
        Files.createSymbolicLink(root.resolve("dev/disk/by-uuid/4a691dba-f79d-4254-ab24-516550c9b07b"), root.getFileSystem().getPath("../../sdb1"));
        Files.writeString(root.resolve("etc/hdparm.conf"), "quiet\n/dev/disk/by-uuid/4a691dba-f79d-4254-ab24-516550c9b07b {\n"
                + "\twrite_cache = on\n\tspindown_time = 24\n}\n");
        RootedHost host = new RootedHost(root, new RefusingCommandRunner("test"), new FileKernelLog(root.resolve("var/log/dmesg")),
                TestMachine.CLOCK, false);
        InitService.InitResult result = new InitService(host).init(false, false);
        assertTrue(result.text().contains("""
                [disk WDC_WD7500AAKS-00RBA0_WD-WCAPW0000001]
                match.serial = WD-WCAPW0000001
                # /etc/hdparm.conf line 3: write_cache = on
                write_cache = on
                # /etc/hdparm.conf line 4: spindown_time = 24
                standby = 24
                """), result.text());
        assertEquals(List.of("[disk WDC_WD7500AAKS-00RBA0_WD-WCAPW0000001] write_cache = on: imported from /etc/hdparm.conf line 3",
                "[disk WDC_WD7500AAKS-00RBA0_WD-WCAPW0000001] standby = 24: imported from /etc/hdparm.conf line 4"), result.reasons());
    }

    @Test
    void withoutHdparmConfInitProposesWhatItDidBefore() {
        Path root = new SampleMachines().materialize("qemu-ahci");
        RootedHost host = new RootedHost(root, new RefusingCommandRunner("test"), new FileKernelLog(root.resolve("var/log/dmesg")),
                TestMachine.CLOCK, false);
        assertEquals(proposer.propose(detect("qemu-ahci")).text(), new InitService(host).init(false, false).text());
    }
}
