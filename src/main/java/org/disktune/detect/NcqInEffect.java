package org.disktune.detect;

import java.util.Optional;

import org.disktune.kernel.AtaDeviceLog;
import org.disktune.kernel.NcqState;

/**
 * Whether a disk's commands are queued now (native command queuing in effect), the depth, and when it is off, why:
 * what the kernel does, not what the drive could do (that is {@link Disk#ncqSupported()}). Facts, in order:
 * <ul>
 * <li>the probe line of the running boot: {@code NCQ (not used)} means a quirk or {@code libata.force=noncq} turned
 * it off (the FORCE line names noncq); {@code NCQ (depth 0/32)} means the controller driver does not queue
 * (sata_nv without ADMA or SWNCQ, sata_sil, ata_piix; drivers/ata/libata-core.c, ata_dev_config_ncq);</li>
 * <li>the SCSI device's queue_depth: libata queues only when it is above 1 (ata_scsi_change_queue_depth sets 1 to
 * turn NCQ off at runtime, drivers/ata/libata-sata.c);</li>
 * <li>a drive without NCQ never queues.</li>
 * </ul>
 * Disks that are not ATA (virtio, NVMe, SCSI) have their own queues: NCQ does not apply and the state is
 * {@link State#NOT_ATA}.
 */
public record NcqInEffect(State state, Integer depth, String reason) {
    /** On, off (with a reason), the drive lacks NCQ, unknown (no evidence), or not an ATA disk. */
    public enum State { ON, OFF, UNSUPPORTED, UNKNOWN, NOT_ATA }

    /**
     * What the NCQ column shows: {@code on, depth 31}, {@code off: libata.force=noncq}, {@code no},
     * {@code unknown (no ata sysfs)} when the kernel log knows the ATA devices but not which is this disk, or nothing.
     */
    public String text() {
        return switch (state) {
            case ON -> depth == null ? "on" : "on, depth " + depth;
            case OFF -> "off: " + reason;
            case UNSUPPORTED -> "no";
            case UNKNOWN -> reason == null ? null : "unknown (" + reason + ")";
            case NOT_ATA -> null;
        };
    }

    /** Unknown, with why ("no ata sysfs": a kernel before /sys/class/ata_*, and the log cannot name this disk's device). */
    static NcqInEffect unknown(String why) {
        return new NcqInEffect(State.UNKNOWN, null, why);
    }

    static NcqInEffect of(boolean ata, Boolean supported, Integer queueDepth, Optional<AtaDeviceLog> probed) {
        if (!ata) {
            return new NcqInEffect(State.NOT_ATA, null, null);
        }
        boolean lacks = Boolean.FALSE.equals(supported)
                || (supported == null && probed.isPresent() && probed.get().ncq() == NcqState.NONE);
        if (lacks) {
            return new NcqInEffect(State.UNSUPPORTED, null, null);
        }
        if (probed.isPresent() && probed.get().ncq() == NcqState.NOT_USED) {
            boolean forced = probed.get().forcedQuirks() != null && probed.get().forcedQuirks().contains("noncq");
            return new NcqInEffect(State.OFF, null, forced ? "libata.force=noncq" : "not used by the kernel (a quirk of this drive)");
        }
        if (probed.isPresent() && probed.get().ncq() == NcqState.DISABLED_BY_HOST) {
            return new NcqInEffect(State.OFF, null, "the controller driver does not queue (depth 0/" + probed.get().ncqDriveDepth() + ")");
        }
        if (queueDepth != null) {
            if (queueDepth <= 1) {
                return Boolean.TRUE.equals(supported) || probed.isPresent()
                        ? new NcqInEffect(State.OFF, null, "queue_depth is 1")
                        : new NcqInEffect(State.UNKNOWN, null, null);
            }
            return new NcqInEffect(State.ON, queueDepth, null);
        }
        if (probed.isPresent() && probed.get().ncq() == NcqState.ENABLED) {
            return new NcqInEffect(State.ON, probed.get().ncqDepth(), null);
        }
        return new NcqInEffect(State.UNKNOWN, null, null);
    }
}
