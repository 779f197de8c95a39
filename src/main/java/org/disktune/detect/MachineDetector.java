package org.disktune.detect;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.disktune.host.Host;
import org.disktune.kernel.KernelLogReport;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.modprobe.ModprobeConfigReader;

/**
 * Reads what the machine has from sysfs and procfs (through the host) and builds a
 * {@link MachineReport}. Works on current kernels and on 2.6-era trees (deprecated sysfs layout where
 * /sys/block/X is a directory, no ata classes, legacy IDE under /proc/ide).
 * One reader per device kind: {@link DiskReader} (with {@link DiskIdentityReader}), {@link ControllerReader},
 * {@link AtaPortReader}, {@link MdArrayReader}, {@link MountReader}; the names of sysfs and the lines of procfs are
 * read by {@link SysfsNames}.
 */
public final class MachineDetector {
    private final Host host;
    private final SysfsTree tree;
    private final SysfsAttributes sysfs;

    public MachineDetector(Host host) {
        this.host = host;
        this.tree = new SysfsTree(host);
        this.sysfs = tree.attributes();
    }

    /** Detects the machine, reading the host's kernel log for what sysfs does not show. */
    public MachineReport detect() {
        String kernel = runningKernel();
        return detect(kernel, KernelLogEvidence.read(host, kernel), true);
    }

    /**
     * What {@code detect} shows without {@code --all}: {@link #detect()} then {@link MachineReport#withoutEmptyDevices()},
     * except that loop and zram devices of size 0 are passed over before anything else of theirs is read (a machine
     * can have dozens of unattached loop devices; reading each one's queue, partitions and links was most of a
     * detect). They are never ATA devices, md members or mounted, so ports, arrays and mounts are the same; a
     * finding about one of them, which the listing would not show, is not made.
     */
    public MachineReport detectWithoutEmptyDevices() {
        String kernel = runningKernel();
        return detect(kernel, KernelLogEvidence.read(host, kernel), false).withoutEmptyDevices();
    }

    /** Detects the machine with a kernel log the caller has already read (the host's own, this boot's). */
    public MachineReport detect(KernelLogReport ownLog) {
        String kernel = runningKernel();
        return detect(kernel, KernelLogEvidence.of(ownLog, kernel), true);
    }

    private String runningKernel() {
        return sysfs.word(host.path("/proc/sys/kernel/osrelease"))
                .or(() -> sysfs.word(host.path("/proc/version")).map(MachineDetector::kernelFromVersion))
                .orElse(null);
    }

    private static String kernelFromVersion(String version) {
        String[] f = SysfsAttributes.words(version);
        return f.length >= 3 && f[0].equals("Linux") && f[1].equals("version") ? f[2] : null;
    }

    private MachineReport detect(String kernel, KernelLogEvidence log, boolean emptyVirtual) {
        Map<String, List<String>> byId = byIdNames();
        ControllerReader controllers = new ControllerReader(tree);
        DiskReader diskReader = new DiskReader(tree, controllers);
        List<Disk> disks = new ArrayList<>();
        for (String name : sysfs.names(host.path("/sys/block"))) {
            if (!emptyVirtual && (name.startsWith("loop") || name.startsWith("zram"))
                    && sysfs.number(host.path("/sys/block/" + name + "/size")).orElse(-1L) == 0) {
                continue;
            }
            disks.add(diskReader.read(name, byId.getOrDefault(name, List.of()), log));
        }
        List<AtaPort> ports = new AtaPortReader(tree, controllers).read(disks);
        List<MdArray> arrays = new MdArrayReader(tree).read(disks);
        List<Mount> mounts = new MountReader(tree).read(disks);
        InitSystem init = InitSystem.detect(host);
        NvmeState nvme = new NvmeState(log.nvmeTroubled(),
                sysfs.word(host.path("/sys/module/nvme_core/parameters/default_ps_max_latency_us")).orElse(null));
        MachineReport withoutFindings = new MachineReport(kernel, controllers.all(), ports, disks, arrays, mounts,
                List.of(), log.notes(), List.of(), InitSystem.UNKNOWN, UdevVersion.UNKNOWN, BootLoader.UNKNOWN, nvme);
        return new MachineReport(kernel, withoutFindings.controllers(), ports, disks, arrays, mounts,
                new FindingsAnalyzer(DriverCatalog.load(), new ModprobeConfigReader(host).read()).analyze(withoutFindings), log.notes(),
                LoadableSchedulers.read(host, kernel), init, UdevVersion.detect(host, init), BootLoader.detect(host), nvme);
    }

    /** /dev/disk/by-id names per kernel name (absent without udev). */
    private Map<String, List<String>> byIdNames() {
        Map<String, List<String>> names = new HashMap<>();
        Path dir = host.path("/dev/disk/by-id");
        for (String id : sysfs.names(dir)) {
            sysfs.linkName(dir.resolve(id)).ifPresent(target -> names.computeIfAbsent(target, t -> new ArrayList<>()).add(id));
        }
        return names;
    }
}
