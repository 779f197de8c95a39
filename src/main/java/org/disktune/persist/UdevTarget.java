package org.disktune.persist;

import java.util.Optional;

/**
 * What the machine the rules are for can honour: {@code systemdRun}, a RUN of {@code systemd-run} (false when the
 * init system is not systemd: then hdparm settings get no RUN and persist elsewhere, and the comment says so);
 * {@code mdQueue}, {@code queue/read_ahead_kb} on md arrays (false before Linux 2.6.32: then an array's readahead
 * is set by a RUN of {@code blockdev --setra} in 512-byte sectors, the BLKRASET ioctl, instead of an ATTR the
 * kernel does not have); {@code udev}, the version of its udev (0: not known, rules are written as for a current
 * one); {@code devtype}, block events carry {@code DEVTYPE=disk|partition} (Linux 2.6.25 made block devices
 * core devices of type disk and partition; before, genhd.c's raw kobjects sent no DEVTYPE, so
 * {@code ENV{DEVTYPE}=="disk"} never matched and a whole disk is told by its {@code range} attribute, which
 * partitions lack); {@code ideDisks}, legacy IDE {@code hd*} disks on the machine, whose serial udev's ata_id
 * exports as {@code ID_SERIAL_SHORT} only from 144; {@code devpath}, what a disk's DEVPATH shows ({@link BlockDevpath}).
 */
public record UdevTarget(boolean systemdRun, boolean mdQueue, int udev, boolean devtype, boolean ideDisks, BlockDevpath devpath) {
    /** A current systemd machine. */
    public static final UdevTarget CURRENT = new UdevTarget(true, true);

    public UdevTarget(boolean systemdRun, boolean mdQueue) {
        this(systemdRun, mdQueue, 0, true, false, BlockDevpath.ATA_PORTS);
    }

    /** Why this udev cannot read any rule of this file (no ATTR{} before 098), or empty. */
    Optional<String> noRules() {
        return udev > 0 && udev < UdevRulesGenerator.ATTR_KEYS ? Optional.of(udevName() + " has no ATTR{} keys (udev 098 added them, "
                + "to match and to write a sysfs attribute), so no udev rule can write these settings") : Optional.empty();
    }

    /** Why this udev cannot read a rule with {@code key}, or empty. */
    Optional<String> cannotRead(UdevKey key) {
        if (udev == 0) {
            return Optional.empty();
        }
        if (key.name().equals("SYMLINK") && key.isMatch() && udev < UdevRulesGenerator.SYMLINK_MATCH) {
            return Optional.of(udevName() + " cannot match a SYMLINK (udev 114 added SYMLINK==), which match.by-id and match.md need");
        }
        if (key.name().equals("ENV") && "ID_SERIAL_SHORT".equals(key.attribute())
                && (udev < UdevRulesGenerator.SCSI_ID_SERIAL_SHORT || ideDisks && udev < UdevRulesGenerator.ATA_ID_SERIAL_SHORT)) {
            return Optional.of(udevName() + " exports no ID_SERIAL_SHORT for " + (udev < UdevRulesGenerator.SCSI_ID_SERIAL_SHORT ? "its disks (scsi_id "
                    + "from udev 102" : "IDE disks (ata_id from udev 144") + ", only ID_SERIAL), which match.serial needs; "
                    + "match by model, or by name with match.name");
        }
        return Optional.empty();
    }

    private String udevName() {
        return OldUdevKeys.udevName(udev);
    }
}
