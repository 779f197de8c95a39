package org.disktune.tuning;

import static org.disktune.tuning.SampleReports.detect;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.disktune.config.DiskFacts;
import org.junit.jupiter.api.Test;

/** What [disk] sections can match on, gathered from detect's report. */
class DiskFactsBuilderTest {
    final DiskFactsBuilder builder = new DiskFactsBuilder();

    @Test
    void raptorsAreMembersOfBothArraysThroughTheirPartitionsAndTheArraysThemselvesAreNoDisks() {
        List<DiskFacts> facts = builder.facts(detect("seed-raid5-raptors"));
        assertEquals(List.of("sda", "sdb", "sdc", "sdd"), facts.stream().map(DiskFacts::name).toList());
        assertEquals(new DiskFacts("sda", null, "WD-WMANS1000001",
                List.of("ata-WDC_WD740ADFD-00NLR1_WD-WMANS1000001", "scsi-SATA_WDC_WD740ADFD-00NLR1_WD-WMANS1000001"),
                "WDC WD740ADFD-00", "ATA", org.disktune.config.Transport.ATA, null, "ahci", List.of("md2", "md7")), facts.get(0));
        assertEquals(List.of(), facts.get(3).mdArrays());
        assertTrue(facts.get(0).hasStableIdentity(), "the serial a 2.6.21 kernel does not show, read from the by-id name");
    }

    @Test
    void theWwnComesFromUdevsWwnLinkWhenTheKernelDoesNotShowIt() {
        DiskFacts sda = builder.facts(detect("seed-rhel6-ext4")).get(0);
        assertEquals("sda", sda.name(), "dm-0..2 are volumes, not disks");
        assertEquals("0x50014ee2000000a1", sda.wwn());
        assertEquals(Boolean.TRUE, sda.rotational());
    }

    @Test
    void nvmeAndVirtioAreDisksWithTheirControllersDriver() {
        List<DiskFacts> facts = builder.facts(detect("qemu-virtio-nvme"));
        assertEquals(List.of("nvme0n1 nvme nvme LABNVME0001", "sda ata ahci WD-WCAPW0000001", "vda virtio virtio-pci null"),
                facts.stream().map(f -> f.name() + " " + f.transport() + " " + f.driver() + " " + f.serial()).toList());
        assertFalse(facts.get(2).hasStableIdentity());
    }

    /** A controller no driver is bound to (as sysfs shows one whose module is not loaded): its disks have no driver, no failure. */
    @Test
    void aDiskOnAControllerWithoutADriverHasNoDriver() {
        org.disktune.detect.MachineReport r = detect("qemu-virtio-nvme");
        List<org.disktune.detect.Controller> unbound = new java.util.ArrayList<>();
        for (org.disktune.detect.Controller c : r.controllers()) {
            unbound.add(new org.disktune.detect.Controller(c.pciAddress(), c.vendorId(), c.deviceId(), c.pciClass(), c.kind(), null, java.util.Map.of()));
        }
        org.disktune.detect.MachineReport report = new org.disktune.detect.MachineReport(r.kernel(), unbound, r.ataPorts(), r.disks(), r.mdArrays(),
                r.mounts(), r.findings(), r.notes(), r.loadableSchedulers());
        List<DiskFacts> facts = builder.facts(report);
        assertEquals(List.of("nvme0n1 null", "sda null", "vda null"), facts.stream().map(f -> f.name() + " " + f.driver()).toList());
    }

    @Test
    void legacyIdeDisksAreMembersOfTheirRaid1Arrays() {
        List<DiskFacts> facts = builder.facts(detect("seed-centos5-ide"));
        assertEquals(List.of("hde Promise_Old_IDE [md0, md1, md2]", "hdf Promise_Old_IDE [md0, md1, md2]"),
                facts.stream().map(f -> f.name() + " " + f.driver() + " " + f.mdArrays()).toList());
    }
}
