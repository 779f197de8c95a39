package org.disktune.detect;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.disktune.modprobe.DriverCatalog;
import org.disktune.modprobe.ModprobeConfig;
import org.disktune.modprobe.ModuleOption;

/**
 * Turns a machine report into findings. A finding is made only where the evidence in the report
 * supports it: a value that is unknown never produces one.
 */
public final class FindingsAnalyzer {
    private static final Map<String, String> SCHEDULER_SUCCESSORS = Map.of(
            "noop", "none", "deadline", "mq-deadline", "cfq", "bfq");
    private static final Set<String> NO_ATIME_UPDATE = Set.of("noatime", "relatime", "lazytime");
    private static final Set<String> ATIME_IRRELEVANT = Set.of("swap", "iso9660", "udf", "squashfs", "vfat", "ntfs");

    private final ModuleFixAnalyzer moduleFixes;
    private final ModprobeConfig modprobe;

    public FindingsAnalyzer(DriverCatalog catalog, ModprobeConfig modprobe) {
        this.moduleFixes = new ModuleFixAnalyzer(catalog);
        this.modprobe = modprobe;
    }

    public List<Finding> analyze(MachineReport report) {
        List<Finding> findings = new ArrayList<>();
        for (Controller c : report.controllers()) {
            sataNv(c, findings);
        }
        for (ModuleFix fix : moduleFixes.nvmeFixes(report.nvme())) {
            findings.add(new Finding(Severity.WARNING, fix.controller(), fix.problem(), "[module " + fix.module() + "] " + fix.parameter()
                    + " = " + fix.value() + " in disktune.conf (disktune init proposes it), then disktune apply and a reboot"));
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

    private void sataNv(Controller c, List<Finding> findings) {
        for (ModuleFix fix : moduleFixes.fixes(c)) {
            findings.add(new Finding(Severity.WARNING, fix.controller(), fix.problem(),
                    "disktune modprobe set " + fix.option() + " (writes modprobe.d, rebuilds the initramfs; reboot)"));
        }
    }

    private void ncqOff(MachineReport report, Disk disk, List<Finding> findings) {
        if (!Boolean.TRUE.equals(disk.ncqSupported()) || disk.queueDepth() == null || disk.queueDepth() != 1) {
            return;
        }
        Controller controller = controller(report, disk.controller());
        String driver = controller == null ? null : controller.driver();
        if (!DriverFamily.canQueue(driver) || "sata_nv".equals(driver)) {
            return;
        }
        Optional<ModuleOption> forced = noncqFor(disk.ataDevice());
        if (forced.isPresent()) {
            findings.add(new Finding(Severity.INFO, disk.name(),
                    "NCQ is off on purpose: libata force=" + forced.get().value() + " (" + forced.get().origin().describe() + ")",
                    "remove noncq from libata.force if it is not needed (disktune modprobe unset libata force, or the kernel command line)"));
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
        boolean updatesAtime = true;
        for (String option : mount.options()) {
            if (NO_ATIME_UPDATE.contains(option)) {
                updatesAtime = false;
                break;
            }
        }
        if (updatesAtime) {
            findings.add(new Finding(Severity.WARNING, mount.mountPoint(),
                    mount.fsType() + " on " + mount.device() + " is mounted without noatime or relatime: every read writes an access time",
                    "add noatime (or relatime) to the options of " + mount.mountPoint() + " in /etc/fstab"));
        }
    }

    /** The libata force option that turns NCQ off for this ATA device ("noncq", "2:noncq", "2.00:noncq"). */
    private Optional<ModuleOption> noncqFor(String ataDevice) {
        ModuleOption last = null;
        for (ModuleOption o : modprobe.optionsFor("libata")) {
            if (!o.parameter().equals("force")) {
                continue;
            }
            for (String entry : o.value().split(",")) {
                if (noncqApplies(entry.strip(), ataDevice)) {
                    last = o;
                    break;
                }
            }
        }
        return Optional.ofNullable(last);
    }

    static boolean noncqApplies(String entry, String ataDevice) {
        int colon = entry.indexOf(':');
        String value = colon < 0 ? entry : entry.substring(colon + 1);
        if (!value.equals("noncq")) {
            return false;
        }
        if (colon < 0) {
            return true;
        }
        if (ataDevice == null) {
            return false;
        }
        String id = entry.substring(0, colon);
        String port = ataDevice.substring(3, ataDevice.indexOf('.'));
        String device = ataDevice.substring(ataDevice.indexOf('.') + 1);
        if (!id.contains(".")) {
            return id.equals(port);
        }
        String[] parts = id.split("\\.", 2);
        return parts[0].equals(port) && Integer.parseInt("0" + parts[1].replaceAll("\\D", "")) == Integer.parseInt(device);
    }

    /** The report's controller at {@code address}, or null. */
    private static Controller controller(MachineReport report, String address) {
        for (Controller c : report.controllers()) {
            if (c.pciAddress().equals(address)) {
                return c;
            }
        }
        return null;
    }

    /** The disk a device name belongs to: the disk itself or the disk holding that partition. */
    static Optional<Disk> diskOf(MachineReport report, String name) {
        for (Disk d : report.disks()) {
            if (d.name().equals(name)) {
                return Optional.of(d);
            }
            for (Partition p : d.partitions()) {
                if (p.name().equals(name)) {
                    return Optional.of(d);
                }
            }
        }
        return Optional.empty();
    }
}
