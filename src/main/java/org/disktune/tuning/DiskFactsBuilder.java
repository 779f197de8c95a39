package org.disktune.tuning;

import java.util.ArrayList;
import java.util.List;

import org.disktune.config.DiskFacts;
import org.disktune.config.Transport;
import org.disktune.detect.Controller;
import org.disktune.detect.Disk;
import org.disktune.detect.MachineReport;
import org.disktune.detect.MdArray;
import org.disktune.detect.Partition;

/**
 * What a {@code [disk]} section's {@code match.*} keys can see of each disk of a {@link MachineReport}:
 * every block device except md and device-mapper arrays (loop, nvme, virtio, ide ... are disks here), with
 * the driver of its controller and the md arrays it is a member of, whole or through a partition. The WWN and
 * serial are detect's, which reads them as udev does (IDENTIFY, sysfs, else the /dev/disk/by-id names), so a
 * section matches the disks its udev rule matches at boot. Pure.
 */
public final class DiskFactsBuilder {
    /** The facts of every disk, in the report's order. */
    public List<DiskFacts> facts(MachineReport report) {
        return report.disks().stream().filter(d -> !isArray(d)).map(d -> facts(report, d)).toList();
    }

    /** The facts the {@code match.*} keys of a section look at, for one disk of the report. */
    public DiskFacts facts(MachineReport report, Disk disk) {
        String driver = null;
        for (Controller c : report.controllers()) {
            if (c.pciAddress() != null && c.pciAddress().equals(disk.controller())) {
                driver = c.driver(); // null for a controller no driver is bound to: no match.driver matches the disk
                break;
            }
        }
        List<String> arrays = new ArrayList<>();
        for (MdArray array : report.mdArrays()) {
            if (array.members().contains(disk.name()) || hasMemberPartition(disk, array)) {
                arrays.add(array.name());
            }
        }
        return new DiskFacts(disk.name(), disk.wwn(), disk.serial(), disk.byId(), disk.model(), disk.vendor(), disk.transport(),
                disk.rotational(), driver, arrays);
    }

    private static boolean hasMemberPartition(Disk disk, MdArray array) {
        for (Partition partition : disk.partitions()) {
            if (array.members().contains(partition.name())) {
                return true;
            }
        }
        return false;
    }

    /** md and dm devices are arrays and volumes, not disks: {@code [md]} sections tune arrays. */
    static boolean isArray(Disk disk) {
        return disk.transport() == Transport.MD || disk.transport() == Transport.DM;
    }
}
