package org.disktune.tuning;

import java.util.ArrayList;
import java.util.List;

import org.disktune.config.DiskFacts;
import org.disktune.detect.Controller;
import org.disktune.detect.Disk;
import org.disktune.detect.MachineReport;
import org.disktune.detect.MdArray;
import org.disktune.detect.Partition;

/**
 * What a {@code [disk]} section's {@code match.*} keys can see of each disk of a {@link MachineReport}:
 * every block device except md and device-mapper arrays (loop, nvme, virtio, ide ... are disks here), with
 * the driver of its controller and the md arrays it is a member of, whole or through a partition. A WWN
 * the kernel does not show is taken from udev's {@code wwn-0x...} link in /dev/disk/by-id; a serial is never
 * cut out of a by-id name (where the model ends is not written there). Pure.
 */
public final class DiskFactsBuilder {
    /** The facts of every disk, in the report's order. */
    public List<DiskFacts> facts(MachineReport report) {
        return report.disks().stream().filter(d -> !isArray(d)).map(d -> facts(report, d)).toList();
    }

    public DiskFacts facts(MachineReport report, Disk disk) {
        String driver = report.controllers().stream()
                .filter(c -> c.pciAddress() != null && c.pciAddress().equals(disk.controller()))
                .map(Controller::driver).findFirst().orElse(null);
        String wwn = disk.wwn() != null ? disk.wwn()
                : disk.byId().stream().filter(id -> id.startsWith("wwn-")).sorted().map(id -> id.substring(4)).findFirst().orElse(null);
        List<String> arrays = new ArrayList<>();
        for (MdArray array : report.mdArrays()) {
            if (array.members().contains(disk.name())
                    || disk.partitions().stream().map(Partition::name).anyMatch(array.members()::contains)) {
                arrays.add(array.name());
            }
        }
        return new DiskFacts(disk.name(), wwn, disk.serial(), disk.byId(), disk.model(), disk.vendor(), disk.transport(),
                disk.rotational(), driver, arrays);
    }

    /** md and dm devices are arrays and volumes, not disks: {@code [md]} sections tune arrays. */
    static boolean isArray(Disk disk) {
        return "md".equals(disk.transport()) || "dm".equals(disk.transport());
    }
}
