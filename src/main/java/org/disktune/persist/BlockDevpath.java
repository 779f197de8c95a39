package org.disktune.persist;

import java.util.Optional;

import org.disktune.config.DiskMatch;
import org.disktune.config.Transport;

/**
 * What udev's {@code DEVPATH} of a whole disk shows on a machine, which the {@code DEVPATH} keys of
 * {@code match.transport} ({@link UdevMatches}) rely on: they look for the devices above the disk ({@code ataN},
 * {@code usbN}, {@code virtioN}) in it, as detect looks at the disk's device path.
 * <ul>
 * <li>{@link #ATA_PORTS}: {@code /devices/pci0000:00/0000:00:1f.2/ata1/host0/.../block/sda}: the block device is a
 * device under its parents (Linux 2.6.25, when not built with CONFIG_SYSFS_DEPRECATED), and libata's ports are devices
 * between the controller and the SCSI host (the ATA transport class of Linux 2.6.37, /sys/class/ata_port).</li>
 * <li>{@link #PARENTS}: {@code /devices/pci0000:00/0000:00:1f.2/host0/.../block/sda}: parents, but no {@code ataN}
 * (2.6.25 to 2.6.36): detect tells an ATA disk by its controller's libata driver, which no DEVPATH shows, so
 * {@code match.transport = ata} would match no disk and {@code scsi} would match the ATA disks too.</li>
 * <li>{@link #NAME_ONLY}: {@code /block/sda}: /sys/block/sda is a directory of its own whose {@code device} link leads to
 * the parents (before 2.6.25, and with CONFIG_SYSFS_DEPRECATED), so no DEVPATH key tells a transport.</li>
 * </ul>
 * Other keys that would tell the same disks are not exact: {@code ATTRS{vendor}=="ATA"} is also the vendor of a SATA
 * disk behind a SAS controller, which detect calls scsi; a {@code DRIVERS!=} of the libata drivers holds on any PCI
 * bridge above a disk. So a section whose transport the DEVPATH cannot tell is left out, with the reason.
 */
public enum BlockDevpath {
    ATA_PORTS, PARENTS, NAME_ONLY;

    /** Why no rule can select the disks {@code match} selects (a match.transport the DEVPATH cannot tell), or empty. */
    Optional<String> cannotTell(DiskMatch match) {
        if (!(match instanceof DiskMatch.OfTransport t)) {
            return Optional.empty();
        }
        Transport transport = t.transport();
        boolean byPath = switch (transport) {
            case VIRTIO, ATA, USB, MMC, SCSI -> true;
            default -> false;
        };
        String key = "match.transport = " + transport.name().toLowerCase(java.util.Locale.ROOT);
        if (this == NAME_ONLY && byPath) {
            return Optional.of("this kernel's DEVPATH of a disk is /block/NAME (/sys/block/NAME is not a link into /sys/devices: "
                    + "Linux before 2.6.25, or CONFIG_SYSFS_DEPRECATED), which does not show the devices above the disk that "
                    + key + " needs; match by model, serial or driver instead");
        }
        if (this == PARENTS && (transport == Transport.ATA || transport == Transport.SCSI)) {
            return Optional.of("this kernel puts no ATA port (ataN) in a disk's DEVPATH (Linux 2.6.37 added them), so udev cannot "
                    + "tell an ATA disk from a SCSI one, which " + key + " needs; match by model, serial or driver instead");
        }
        return Optional.empty();
    }
}
