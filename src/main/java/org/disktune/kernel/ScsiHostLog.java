package org.disktune.kernel;

/** A SCSI host and the driver that registered it: {@code scsi host0: ahci} (2.6: {@code scsi0 : sata_nv}). */
public record ScsiHostLog(int host, String driver) {
}
