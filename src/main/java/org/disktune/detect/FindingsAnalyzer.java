package org.disktune.detect;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Turns a machine report into findings. A finding is made only where the evidence in the report
 * supports it: a value that is unknown never produces one.
 */
public final class FindingsAnalyzer {
    /** sata_nv chips by PCI device id: ADMA (CK804/MCP04) and SWNCQ (MCP51/MCP55) capable. */
    private static final Set<String> SATA_NV_ADMA = Set.of("0x0054", "0x0055", "0x0036", "0x003e");
    private static final Set<String> SATA_NV_SWNCQ = Set.of("0x0266", "0x0267", "0x037e", "0x037f");

    private static final Map<String, String> SCHEDULER_SUCCESSORS = Map.of(
            "noop", "none", "deadline", "mq-deadline", "cfq", "bfq");
    private static final Set<String> NO_ATIME_UPDATE = Set.of("noatime", "relatime", "lazytime");
    private static final Set<String> ATIME_IRRELEVANT = Set.of("swap", "iso9660", "udf", "squashfs", "vfat", "ntfs");

    public List<Finding> analyze(MachineReport report) {
        List<Finding> findings = new ArrayList<>();
        for (Controller c : report.controllers()) {
            sataNv(c, findings);
        }
        for (Disk disk : report.disks()) {
            ncqOff(report, disk, findings);
            scheduler(report, disk, findings);
        }
        for (MdArray array : report.mdArrays()) {
            memberReadahead(report, array, findings);
        }
        for (Mount mount : report.mounts()) {
            atime(mount, findings);
        }
        return findings;
    }

    private static void sataNv(Controller c, List<Finding> findings) {
        if (!"sata_nv".equals(c.driver()) || !"0x10de".equals(c.vendorId()) || c.deviceId() == null) {
            return;
        }
        String device = c.deviceId().toLowerCase();
        if (SATA_NV_ADMA.contains(device) && isOff(c.moduleParameters().get("adma"))) {
            findings.add(new Finding(Severity.WARNING, c.pciAddress(),
                    "sata_nv on an nForce4 CK804/MCP04 chip (10de:" + device.substring(2) + ") runs with adma off: NCQ is unavailable (depth 0/32)",
                    "disktune modprobe set sata_nv adma=1 (writes modprobe.d, rebuilds the initramfs; reboot)"));
        }
        if (SATA_NV_SWNCQ.contains(device) && isOff(c.moduleParameters().get("swncq"))) {
            findings.add(new Finding(Severity.WARNING, c.pciAddress(),
                    "sata_nv on an MCP51/MCP55 chip (10de:" + device.substring(2) + ") runs with swncq off: NCQ is unavailable",
                    "disktune modprobe set sata_nv swncq=1 (writes modprobe.d, rebuilds the initramfs; reboot)"));
        }
    }

    private static boolean isOff(String value) {
        return value != null && (value.equals("N") || value.equals("n") || value.equals("0"));
    }

    private static void ncqOff(MachineReport report, Disk disk, List<Finding> findings) {
        if (!Boolean.TRUE.equals(disk.ncqSupported()) || disk.queueDepth() == null || disk.queueDepth() != 1) {
            return;
        }
        Optional<Controller> controller = controller(report, disk.controller());
        String driver = controller.map(Controller::driver).orElse(null);
        if (!DriverFamily.canQueue(driver) || "sata_nv".equals(driver)) {
            return;
        }
        findings.add(new Finding(Severity.WARNING, disk.name(),
                "drive supports NCQ (depth " + disk.ncqMaxDepth() + ") on " + driver + " but queue_depth is 1: NCQ is off",
                "echo " + disk.ncqMaxDepth() + " > /sys/block/" + disk.name() + "/device/queue_depth"
                        + " (check libata.force=noncq on the kernel command line and in /etc/modprobe.d)"));
    }

    private static void scheduler(MachineReport report, Disk disk, List<Finding> findings) {
        String active = disk.scheduler();
        if (active == null) {
            return;
        }
        if (active.equals("anticipatory")) {
            findings.add(new Finding(Severity.INFO, disk.name(),
                    "scheduler anticipatory was removed in Linux 2.6.33 and has no blk-mq successor",
                    "on a kernel upgrade choose mq-deadline (or bfq) and persist it with a udev rule, not elevator="));
        } else if (SCHEDULER_SUCCESSORS.containsKey(active)) {
            findings.add(new Finding(Severity.INFO, disk.name(),
                    "scheduler " + active + " is a legacy (single-queue) name; on blk-mq kernels its successor is "
                            + SCHEDULER_SUCCESSORS.get(active),
                    "on a kernel upgrade persist " + SCHEDULER_SUCCESSORS.get(active)
                            + " with a udev rule; elevator= does nothing on blk-mq kernels"));
        }
    }

    private static void memberReadahead(MachineReport report, MdArray array, List<Finding> findings) {
        if (array.readAheadKb() == null) {
            return;
        }
        for (String member : array.members()) {
            Optional<Disk> disk = diskOf(report, member);
            if (disk.isPresent() && disk.get().readAheadKb() != null && disk.get().readAheadKb() < array.readAheadKb()) {
                findings.add(new Finding(Severity.WARNING, disk.get().name(),
                        "md member of " + array.name() + " reads ahead " + disk.get().readAheadKb() + " KiB, less than the array's "
                                + array.readAheadKb() + " KiB: sequential reads of the array are cut short on the member",
                        "echo " + array.readAheadKb() + " > /sys/block/" + disk.get().name() + "/queue/read_ahead_kb"));
            }
        }
    }

    private static void atime(Mount mount, List<Finding> findings) {
        if (ATIME_IRRELEVANT.contains(mount.fsType()) || mount.options().contains("ro")) {
            return;
        }
        if (mount.options().stream().noneMatch(NO_ATIME_UPDATE::contains)) {
            findings.add(new Finding(Severity.WARNING, mount.mountPoint(),
                    mount.fsType() + " on " + mount.device() + " is mounted without noatime or relatime: every read writes an access time",
                    "add noatime (or relatime) to the options of " + mount.mountPoint() + " in /etc/fstab"));
        }
    }

    private static Optional<Controller> controller(MachineReport report, String address) {
        return report.controllers().stream().filter(c -> c.pciAddress().equals(address)).findFirst();
    }

    /** The disk a device name belongs to: the disk itself or the disk holding that partition. */
    static Optional<Disk> diskOf(MachineReport report, String name) {
        return report.disks().stream()
                .filter(d -> d.name().equals(name) || d.partitions().stream().anyMatch(p -> p.name().equals(name)))
                .findFirst();
    }
}
