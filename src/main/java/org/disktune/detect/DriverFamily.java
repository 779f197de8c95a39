package org.disktune.detect;

import java.util.Map;
import java.util.Set;

/** Facts about driver names and PCI classes that detection needs to classify what it sees. */
final class DriverFamily {
    /** libata drivers that never queue commands (no NCQ), whatever the drive supports. */
    private static final Set<String> NO_NCQ = Set.of("ata_piix", "sata_sil", "sata_via", "sata_sis", "sata_uli",
            "sata_svw", "sata_vsc", "pata_acpi", "ata_generic", "sata_promise", "sata_qstor");

    private static final Map<String, String> PCI_CLASSES = Map.of(
            "0x0100", "SCSI", "0x0101", "IDE", "0x0104", "RAID", "0x0105", "ATA (ADMA)",
            "0x0106", "SATA", "0x0107", "SAS", "0x0108", "NVMe", "0x0180", "mass storage");

    private DriverFamily() {
    }

    static boolean isLibata(String driver) {
        return org.disktune.kernel.ScsiHostLog.isLibataDriver(driver);
    }

    /** True when the driver can queue commands at all (sata_nv only in ADMA or SWNCQ mode). */
    static boolean canQueue(String driver) {
        return driver != null && isLibata(driver) && !NO_NCQ.contains(driver) && !driver.startsWith("pata_");
    }

    /** "SATA" for class 0x010601, "IDE" for 0x01018a; null when unknown. */
    static String pciClassName(String pciClass) {
        if (pciClass == null || pciClass.length() < 6) {
            return null;
        }
        String base = pciClass.substring(0, 6);
        if (base.startsWith("0x01")) {
            return PCI_CLASSES.getOrDefault(base, "mass storage");
        }
        return null;
    }
}
