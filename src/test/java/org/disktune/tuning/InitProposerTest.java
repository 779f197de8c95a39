package org.disktune.tuning;

import static org.disktune.tuning.SampleReports.detect;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.disktune.detect.Controller;
import org.disktune.detect.Disk;
import org.disktune.detect.MachineReport;
import org.disktune.detect.MdArray;
import org.disktune.modprobe.DriverCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** disktune init on the bundled machines: the seed reports' own fixes, as a file in the contract's INI format. */
class InitProposerTest {
    private static final Pattern SECTION = Pattern.compile("\\[(module [a-z0-9_]+|disk [A-Za-z0-9][A-Za-z0-9_.:-]*|md [A-Za-z0-9][A-Za-z0-9_.:-]*|mount /\\S*)]");
    private static final Pattern KEY_VALUE = Pattern.compile("[a-z0-9_.-]+ = \\S.*");

    final InitProposer proposer = new InitProposer(DriverCatalog.load());

    @Test
    void nforce4GetsAdmaOnAndNoatimeOnItsThreeMounts() {
        Proposal p = proposer.propose(detect("seed-nforce4-arch"));
        assertEquals("""
                # disktune.conf proposed by disktune init for this machine (kernel 2.6.28-ARCH).
                # Each section says why. Check them, save this as /etc/disktune/disktune.conf, then run disktune plan.

                # sata_nv on an nForce4 CK804/MCP04 chip (10de:0054) runs with adma off: NCQ is unavailable (depth 0/32).
                # adma = 1 gives NCQ on controller 0000:00:07.0 once the initramfs carries the option and the machine reboots.
                [module sata_nv]
                adma = 1

                # / (ext3 on sda3) is mounted without noatime or relatime, so every read also writes an access time; noatime stops those writes.
                [mount /]
                atime = noatime

                # /boot (ext2 on sda1) is mounted without noatime or relatime, so every read also writes an access time; noatime stops those writes.
                [mount /boot]
                atime = noatime

                # /home (ext3 on sda4) is mounted without noatime or relatime, so every read also writes an access time; noatime stops those writes.
                [mount /home]
                atime = noatime
                """, p.text());
        assertEquals(List.of(
                "[module sata_nv] adma = 1: sata_nv on an nForce4 CK804/MCP04 chip (10de:0054) runs with adma off: NCQ is unavailable (depth 0/32)",
                "[mount /] atime = noatime: / (ext3 on sda3) is mounted without noatime or relatime, so every read also writes an access time; noatime stops those writes",
                "[mount /boot] atime = noatime: /boot (ext2 on sda1) is mounted without noatime or relatime, so every read also writes an access time; noatime stops those writes",
                "[mount /home] atime = noatime: /home (ext3 on sda4) is mounted without noatime or relatime, so every read also writes an access time; noatime stops those writes"),
                p.reasons());
        assertEquals(List.of("sda: not known whether it spins (queue/rotational arrived in Linux 2.6.29), so no scheduler is proposed; "
                + "if it does, add scheduler = deadline to a [disk] section for it"), p.notes());
    }

    @Test
    void centos5GetsNoatimeOnItsMountsTheRootSeenThroughDevRoot() {
        Proposal p = proposer.propose(detect("seed-centos5-ide"));
        assertEquals("""
                # disktune.conf proposed by disktune init for this machine (kernel 2.6.18-8.el5).
                # Each section says why. Check them, save this as /etc/disktune/disktune.conf, then run disktune plan.

                # / (ext3 on md1) is mounted without noatime or relatime, so every read also writes an access time; noatime stops those writes.
                [mount /]
                atime = noatime

                # /boot (ext3 on md0) is mounted without noatime or relatime, so every read also writes an access time; noatime stops those writes.
                [mount /boot]
                atime = noatime
                """, p.text());
    }

    @Test
    void rhel6GetsDeadlineUnderIts26NameOnBothSpinningDisksKeyedByWwn() {
        Proposal p = proposer.propose(detect("seed-rhel6-ext4"));
        assertEquals("""
                # disktune.conf proposed by disktune init for this machine (kernel 2.6.32-358.el6.x86_64).
                # Each section says why. Check them, save this as /etc/disktune/disktune.conf, then run disktune plan.

                # WDC WD5000AAKX-0 (sda) spins and runs cfq; deadline keeps its sequential streams together and bounds how long a request waits.
                [disk WDC_WD5000AAKX-001CA0_WD-WCAYUJ000001]
                match.wwn = 0x50014ee2000000a1
                scheduler = deadline

                # WDC WD3200AAKS-7 (sdb) spins and runs cfq; deadline keeps its sequential streams together and bounds how long a request waits.
                [disk WDC_WD3200AAKS-75L9A0_WD-WMAV2F258203]
                match.wwn = 0x50014ee0018fdbb9
                scheduler = deadline
                """, p.text());
        assertEquals(List.of(), p.notes(), "relatime mounts need nothing");
    }

    @Test
    void aMachineThatNeedsNothingGetsOnlyAHeaderSayingSo() {
        Proposal p = proposer.propose(detect("qemu-ahci"));
        assertEquals("""
                # disktune.conf: disktune init found nothing to propose for this machine (kernel 6.1.0-57-amd64).
                # Add [disk], [md], [mount] or [module] sections here; disktune plan shows what they would change.
                """, p.text());
        assertTrue(p.isEmpty());
        assertEquals(List.of(), p.notes());
    }

    @Test
    void aRaid5ReadingAheadLessThan4096KibGetsASection_aRaid1DoesNot() {
        MachineReport raptors = detect("seed-raid5-raptors");
        MdArray md2 = raptors.mdArrays().get(0);
        MdArray md7 = raptors.mdArrays().get(1);
        MachineReport newer = new MachineReport("2.6.32", List.of(), List.of(), List.of(), List.of(
                new MdArray("md1", "raid1", "clean", 2, List.of("sda1", "sdb1"), 128, null, null),
                new MdArray(md2.name(), md2.level(), md2.state(), md2.raidDisks(), md2.members(), 4096, null, 256),
                new MdArray(md7.name(), md7.level(), md7.state(), md7.raidDisks(), md7.members(), 256,
                        "3f1a2b4c:5d6e7f80:91a2b3c4:d5e6f708", 256)), List.of(), List.of(), List.of());
        Proposal p = proposer.propose(newer);
        assertEquals("""
                # disktune.conf proposed by disktune init for this machine (kernel 2.6.32).
                # Each section says why. Check them, save this as /etc/disktune/disktune.conf, then run disktune plan.

                # md7 is raid5 and reads ahead 256 KiB; a striped array needs readahead of several full stripes to keep every member busy on sequential reads, which 4096 KiB (blockdev --setra 8192) gives.
                [md md7]
                match.uuid = 3f1a2b4c:5d6e7f80:91a2b3c4:d5e6f708
                read_ahead_kb = 4096
                """, p.text());
    }

    @Test
    void aSpinningDiskWithoutAnyStableNameIsMatchedByKernelNameAndSaysSo() {
        MachineReport ahci = detect("qemu-ahci");
        Disk sdb = ahci.disks().get(1);
        Disk bare = new Disk("sdb", sdb.sysfsPath(), sdb.transport(), sdb.controller(), sdb.ataDevice(), sdb.scsiAddress(), "Odd/Model  1",
                sdb.vendor(), null, sdb.firmware(), null, List.of(), sdb.sizeBytes(), true, true, 32, org.disktune.detect.DiskSettings.of(32, "none", 128, 64), List.of("mq-deadline", "none"),
                List.of(), List.of(), null, null, sdb.driver(), sdb.ncq());
        MachineReport machine = new MachineReport(ahci.kernel(), ahci.controllers(), List.of(), List.of(bare), List.of(), List.of(),
                List.of(), List.of());
        assertEquals("""
                # disktune.conf proposed by disktune init for this machine (kernel 6.1.0-57-amd64).
                # Each section says why. Check them, save this as /etc/disktune/disktune.conf, then run disktune plan.

                # Odd/Model  1 (sdb) spins and runs none; mq-deadline keeps its sequential streams together and bounds how long a request waits.
                # It has no WWN, serial or /dev/disk/by-id name, so it is matched by kernel name, which can move between boots.
                [disk Odd_Model_1_sdb]
                match.name = sdb
                scheduler = mq-deadline
                """, proposer.propose(machine).text());
    }

    @Test
    void anMcp55RunningWithSwncqOffGetsSwncqOn() {
        Controller mcp55 = new Controller("0000:00:05.0", "0x10de", "0x037f", "0x010185", "IDE", "sata_nv", Map.of("adma", "N", "swncq", "N"));
        Proposal p = proposer.propose(new MachineReport("2.6.24", List.of(mcp55), List.of(), List.of(), List.of(), List.of(), List.of(),
                List.of()));
        assertEquals(List.of("[module sata_nv] swncq = 1: sata_nv on an MCP51/MCP55 chip (10de:037f) runs with swncq off: NCQ is unavailable"),
                p.reasons(), "adma matters only on CK804/MCP04");
        assertTrue(p.text().endsWith("[module sata_nv]\nswncq = 1\n"), p.text());
    }

    @ParameterizedTest
    @ValueSource(strings = {"seed-nforce4-arch", "seed-raid5-raptors", "seed-rhel6-ext4", "seed-arm-n2100-sil", "seed-centos5-ide",
            "qemu-ahci", "qemu-piix", "qemu-virtio-nvme"})
    void everyProposalIsCommentsSectionsAndKeyValueLinesOnly(String sample) {
        for (String line : proposer.propose(detect(sample)).text().split("\n")) {
            assertTrue(line.isEmpty() || line.startsWith("# ") || SECTION.matcher(line).matches() || KEY_VALUE.matcher(line).matches(),
                    sample + ": " + line);
        }
    }
}
