package org.disktune.verify;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.disktune.detect.Disk;
import org.disktune.detect.MachineDetector;
import org.disktune.host.Host;
import org.disktune.host.KernelLogSource;
import org.disktune.kernel.AtaBlockMapping;
import org.disktune.kernel.AtaDeviceLog;
import org.disktune.kernel.AtaLinkLog;
import org.disktune.kernel.KernelBoot;
import org.disktune.kernel.KernelLogAnalyzer;
import org.disktune.kernel.KernelLogDeviceMapper;
import org.disktune.kernel.KernelLogOptions;
import org.disktune.kernel.KernelLogReport;

/**
 * Backs {@code disktune kernel-log}: analyzes a kernel log and ties each ATA device to its block device.
 * For the host's own log the last boot is this boot, so sysfs decides ({@code /sys/block/X} under
 * {@code ataP/host/target/H:C:T:L}), as long as the sectors the log printed equal the disk's size; for
 * any other log (a file) and any device sysfs does not confirm, only the log's own SCSI lines may map it.
 */
public final class KernelLogService {
    private final Host host;

    public KernelLogService(Host host) {
        this.host = Objects.requireNonNull(host);
    }

    /**
     * Reads {@code source}. {@code ownLog} says it is the host's own log (its last boot is the running one, or
     * the root tree's last boot): only then is sysfs used to map devices.
     */
    public KernelLogFacts read(KernelLogSource source, boolean ownLog, KernelLogOptions options) {
        KernelLogReport report = new KernelLogAnalyzer().analyze(source, options);
        return facts(report, ownLog);
    }

    /** The facts of an already analyzed log. */
    public KernelLogFacts facts(KernelLogReport report, boolean ownLog) {
        List<String> notes = new ArrayList<>(report.notes());
        Map<String, Disk> sysfs = new HashMap<>();
        if (ownLog && report.boots().stream().anyMatch(b -> !b.ataDevices().isEmpty())) {
            for (Disk disk : new MachineDetector(host).detect(report).disks()) {
                // sysfs shows the mapping only when the ATA port is in the device path (2.6.30+);
                // on older kernels detect took it from the log, which the log's own evidence covers
                if (disk.ataDevice() != null && disk.sysfsPath() != null
                        && disk.sysfsPath().contains("/" + disk.ataDevice().substring(0, disk.ataDevice().indexOf('.')) + "/")) {
                    sysfs.put(disk.ataDevice(), disk);
                }
            }
        }
        List<BootFacts> boots = new ArrayList<>();
        KernelBoot last = report.boots().isEmpty() ? null : report.boots().get(report.boots().size() - 1);
        for (KernelBoot boot : report.boots()) {
            // only the last boot of the host's own log is the boot sysfs describes
            boots.add(boot(boot, boot == last ? sysfs : Map.of(), notes));
        }
        if (boots.isEmpty()) {
            boots.add(boot(report.lastBoot(), Map.of(), notes));
        }
        return new KernelLogFacts(report.source(), ownLog, notes, report.bootsSeen(), report.linesRead(), boots);
    }

    private static BootFacts boot(KernelBoot boot, Map<String, Disk> sysfs, List<String> notes) {
        Map<String, AtaBlockMapping> fromLog = new HashMap<>();
        for (AtaBlockMapping m : new KernelLogDeviceMapper().map(boot)) {
            fromLog.put(m.ataDevice(), m);
        }
        List<AtaDeviceFacts> devices = new ArrayList<>();
        for (AtaDeviceLog d : boot.ataDevices()) {
            String block = null;
            String by = null;
            Disk disk = sysfs.get(d.id());
            if (disk != null) {
                boolean sizeAgrees = d.sectors() == null || disk.sizeBytes() == null || disk.sizeBytes() == d.sectors() * 512;
                if (sizeAgrees) {
                    block = disk.name();
                    by = "sysfs";
                } else {
                    notes.add(d.id() + " is " + disk.name() + " in sysfs, but its size differs from the log's "
                            + d.sectors() + " sectors: the log is not from this boot's probe");
                }
            }
            AtaBlockMapping m = fromLog.get(d.id());
            if (block == null && m != null) {
                block = m.blockDevice();
                by = "log: " + m.evidence();
            }
            // behind a port multiplier the device number is the link number: "ata1.02" is link ata1.02
            AtaLinkLog link = behindPortMultiplier(boot, d) ? boot.ataLink(d.id()) : boot.ataLink("ata" + d.port());
            devices.add(new AtaDeviceFacts(d.id(), block, by, d, link));
        }
        return new BootFacts(boot.index(), boot.kernelVersion(), boot.commandLine(), boot.complete(), boot.controllers(), devices, boot.ideDisks(),
                boot.nvmeControllers());
    }

    /** True when the port has links behind a port multiplier ("ata1.02: SATA link up"). */
    private static boolean behindPortMultiplier(KernelBoot boot, AtaDeviceLog d) {
        return boot.ataLinks().stream().anyMatch(l -> l.port() == d.port() && l.pmpLink() != null);
    }
}
