package org.disktune.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.disktune.host.FileKernelLog;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.disktune.host.SampleMachines;
import org.disktune.testing.TestMachine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** detect on the bundled machines, with each machine's own saved kernel log (/var/log/dmesg). */
class SampleMachinesDetectTest {
    static MachineReport detect(String sample) {
        Path root = new SampleMachines().materialize(sample);
        RootedHost host = new RootedHost(root, new RefusingCommandRunner("test"), new FileKernelLog(root.resolve("var/log/dmesg")),
                TestMachine.CLOCK, false);
        return new MachineDetector(host).detect();
    }

    static Disk disk(MachineReport r, String name) {
        return r.disks().stream().filter(d -> d.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void ahciSampleReportsNcqDepth32OnAllThreeDisksAndNoFinding() {
        MachineReport r = detect("qemu-ahci");
        for (String name : List.of("sda", "sdb", "sdc")) {
            Disk d = disk(r, name);
            assertEquals(Boolean.TRUE, d.ncqSupported(), name);
            assertEquals(32, d.ncqMaxDepth(), name);
            assertEquals(32, d.queueDepth(), name);
        }
        assertTrue(r.findings().isEmpty(), r.findings().toString());
        assertTrue(r.notes().isEmpty(), r.notes().toString());
    }

    @Test
    void nforce4SampleHasTheAdmaFindingAndNcqSupportFromTheKernelLog() {
        MachineReport r = detect("seed-nforce4-arch");
        assertTrue(r.findings().stream().anyMatch(f -> f.severity() == Severity.WARNING && f.message().contains("adma off")
                && f.fix().contains("sata_nv adma=1")), r.findings().toString());
        Disk sda = disk(r, "sda");
        assertEquals("ata3.00", sda.ataDevice(), "2.6.28 has no ataN in sysfs: mapped from the log");
        assertEquals(Boolean.TRUE, sda.ncqSupported(), "NCQ (depth 0/32): the drive can, the controller does not");
        assertEquals(32, sda.ncqMaxDepth());
        assertEquals(1, sda.queueDepth());
        assertTrue(r.findings().stream().noneMatch(f -> f.subject().equals("sda") && f.message().contains("queue_depth is 1")),
                "sata_nv's missing NCQ is the controller finding, not a per-disk one");
    }

    @Test
    void noncqOnTheKernelCommandLineIsReportedAsIntendedNotAsAProblem() {
        MachineReport r = detect("qemu-ahci-noncq");
        List<Finding> sda = r.findings().stream().filter(f -> f.subject().equals("sda")).toList();
        assertEquals(1, sda.size(), r.findings().toString());
        assertEquals(Severity.INFO, sda.get(0).severity());
        assertTrue(sda.get(0).message().contains("libata force=noncq (kernel command line)"), sda.get(0).message());
    }

    @ParameterizedTest
    @CsvSource({"qemu-piix", "qemu-virtio-nvme", "seed-raid5-raptors", "seed-rhel6-ext4", "seed-arm-n2100-sil", "seed-centos5-ide"})
    void everyOtherSampleIsDetectedWithoutNotes(String sample) {
        MachineReport r = detect(sample);
        assertFalse(r.disks().isEmpty());
        assertTrue(r.notes().isEmpty(), r.notes().toString());
    }

    @Test
    void mdMembersAreTheArraysOfTheRaidSamples() {
        MachineReport raid5 = detect("seed-raid5-raptors");
        MdArray md2 = raid5.mdArrays().stream().filter(a -> a.name().equals("md2")).findFirst().orElseThrow();
        assertEquals("raid5", md2.level());
        assertEquals(List.of("sda2", "sdb2", "sdc2"), md2.members());
        MachineReport centos = detect("seed-centos5-ide");
        assertEquals(org.disktune.config.Transport.IDE, disk(centos, "hde").transport());
        assertEquals("16", disk(centos, "hde").ide().settings().get("multcount"));
        assertTrue(centos.mdArrays().stream().anyMatch(a -> a.members().equals(List.of("hde1", "hdf1"))));
    }

    @ParameterizedTest
    @CsvSource({"noncq, ata1.00, true", "1:noncq, ata1.00, true", "1:noncq, ata2.00, false", "2.00:noncq, ata2.00, true",
            "2.01:noncq, ata2.00, false", "1.5Gbps, ata1.00, false", "noncq, , true", "3:noncq, , false"})
    void libataForceEntriesApplyToTheirPortAndDevice(String entry, String ataDevice, boolean applies) {
        assertEquals(applies, FindingsAnalyzer.noncqApplies(entry, ataDevice));
    }
}
