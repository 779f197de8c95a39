package org.disktune.detect;

import static org.disktune.detect.SampleMachinesDetectTest.detect;
import static org.disktune.detect.SampleMachinesDetectTest.disk;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The serial and WWN of the 2.6 seed disks, read as the udev of their era named them. */
class SeedIdentityTest {
    @ParameterizedTest(name = "{0} {1}: serial {2}, wwn {3}")
    @CsvSource(nullValues = "-", value = {
            // by-id names after the log's full model (the sysfs inquiry model is cut to 16 characters)
            "seed-raid5-raptors, sda, WD-WMANS1000001, -",
            "seed-raid5-raptors, sdc, WD-WMANS1000003, -",
            "seed-raid5-raptors, sdd, 9QF0ABCD, -",
            "seed-rhel6-ext4, sda, WD-WCAYUJ000001, 0x50014ee2000000a1",
            "seed-rhel6-ext4, sdb, WD-WMAV2F258203, 0x50014ee0018fdbb9",
            "seed-arm-n2100-sil, sda, 9QE05RV5, -",
            "seed-arm-n2100-sil, sdb, 9QE0B7K2, -",
            "seed-nforce4-arch, sda, 9QK0A1B2, -",
            // legacy IDE: /proc/ide/hdX/identify is IDENTIFY itself
            "seed-centos5-ide, hdf, 664131732668, -"})
    void serialAndWwnOfA26Disk(String sample, String name, String serial, String wwn) {
        Disk d = disk(detect(sample), name);
        assertEquals(serial, d.serial());
        assertEquals(wwn, d.wwn());
    }

    @Test
    void aSerialFollowsOnlyAModelKnownInFull() {
        List<String> links = List.of("ata-WDC_WD740ADFD-00NLR1_WD-WMANS1000001", "scsi-SATA_WDC_WD740ADFD-00NLR1_WD-WMANS1000001");
        assertEquals(Optional.of("WD-WMANS1000001"), UdevIdentity.serial(links, List.of("WDC WD740ADFD-00NLR1")));
        assertEquals(Optional.empty(), UdevIdentity.serial(links, List.of()), "where the model ends is not in the name");
        // an inquiry model cut at a blank ("ABCDEFGHIJKLMNOP QRS") would make "QRS_SERIAL" a serial: never offered cut
        assertEquals(Optional.empty(), UdevIdentity.serial(links, List.of("WDC WD740ADFD-00")));
        assertEquals(Optional.empty(), UdevIdentity.serial(List.of("ata-ST3250620AS_9QE05RV5", "scsi-SATA_ST3250620AS_9QE0B7K2"),
                List.of("ST3250620AS")), "two links that disagree name no serial");
        assertEquals(Optional.of("0x50014ee2000000a1"), UdevIdentity.wwn(List.of("ata-X_Y", "wwn-0x50014ee2000000a1")));
    }
}
