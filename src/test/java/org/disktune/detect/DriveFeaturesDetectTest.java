package org.disktune.detect;

import static org.disktune.detect.SampleMachinesDetectTest.detect;
import static org.disktune.detect.SampleMachinesDetectTest.disk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The IDENTIFY features reach each ATA disk of the sample machines from /sys/class/ata_device/devP.D/id, and only those. */
class DriveFeaturesDetectTest {
    static final DriveFeatures QEMU = new DriveFeatures(true, true, false, null, null, false, null, null, 16, 16);

    @ParameterizedTest
    @CsvSource({"qemu-ahci, sda", "qemu-ahci, sdb", "qemu-ahci, sdc", "qemu-piix, sda", "qemu-piix, sdb", "qemu-piix, sdc",
            "qemu-virtio-nvme, sda"})
    void qemuAtaDisksCarryTheirIdentifyFeatures(String sample, String name) {
        assertEquals(QEMU, disk(detect(sample), name).features());
    }

    @ParameterizedTest
    @CsvSource({"qemu-virtio-nvme, vda", "qemu-virtio-nvme, nvme0n1", "seed-centos5-ide, hde", "seed-centos5-ide, hdf",
            "seed-raid5-raptors, sda", "seed-rhel6-ext4, sda"})
    void disksWithoutIdentifyDataInSysfsHaveNoFeatures(String sample, String name) {
        assertNull(disk(detect(sample), name).features(), "no /sys/class/ata_device/*/id on " + sample);
    }
}
