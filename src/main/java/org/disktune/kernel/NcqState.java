package org.disktune.kernel;

/** What the probe line of an ATA device says about NCQ (native command queuing). */
public enum NcqState {
    /** The sectors line says nothing of NCQ: the drive does not support it. */
    NONE,
    /** No readable sectors line (missing, cut, or a byte the parsers do not know): the log does not show NCQ either way. */
    UNKNOWN,
    /** {@code NCQ (not used)}: the drive can, but a quirk or libata.force=noncq turned it off. */
    NOT_USED,
    /** {@code NCQ (depth D)} or {@code NCQ (depth H/D)} with H > 0: commands are queued. */
    ENABLED,
    /** {@code NCQ (depth 0/D)}: the drive can, the controller driver does not queue (sata_nv without ADMA/SWNCQ, sata_sil, ata_piix). */
    DISABLED_BY_HOST
}
