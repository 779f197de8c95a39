package org.disktune.kernel;

/** A SCSI host and the driver that registered it: {@code scsi host0: ahci} (2.6: {@code scsi0 : sata_nv}). */
public record ScsiHostLog(int host, String driver) {
    /** True for the libata drivers: ahci, sata_*, pata_*, ata_piix and ata_generic register one SCSI host per ATA port. */
    public static boolean isLibataDriver(String driver) {
        return driver.equals("ahci") || driver.startsWith("sata_") || driver.startsWith("pata_")
                || driver.equals("ata_piix") || driver.equals("ata_generic");
    }
}
