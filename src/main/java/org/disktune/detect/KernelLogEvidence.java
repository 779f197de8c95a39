package org.disktune.detect;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.disktune.core.DisktuneException;
import org.disktune.host.Host;
import org.disktune.kernel.AtaBlockMapping;
import org.disktune.kernel.AtaDeviceLog;
import org.disktune.kernel.KernelBoot;
import org.disktune.kernel.KernelLogAnalyzer;
import org.disktune.kernel.KernelLogDeviceMapper;
import org.disktune.kernel.KernelLogOptions;
import org.disktune.kernel.KernelLogReport;
import org.disktune.kernel.NvmeControllerLog;
import org.disktune.kernel.NcqState;

/**
 * What the kernel log of the running boot adds to sysfs: on kernels without the ata classes in sysfs
 * (before 2.6.37) it is the only record of which ATA device became which disk and of NCQ support.
 * Used only when the log's kernel is the running one; an unreadable log is a note, not a failure.
 *
 * <p>Two ways from a disk to its ATA device: the log's own identity match ({@link KernelLogDeviceMapper}: model,
 * revision, size; it cannot tell identical drives apart), and the SCSI host of the disk's sysfs path
 * ({@code .../host0/target0:0:0/0:0:0:0}) paired with the ATA port registered with it ({@link KernelLogDeviceMapper#portsByScsiHost}).
 */
record KernelLogEvidence(Map<String, AtaDeviceLog> devices, Map<String, String> ataByDisk, Map<Integer, String> portByScsiHost,
        List<NvmeControllerLog> nvmeTroubled, List<String> notes) {
    static KernelLogEvidence none(String note) {
        return new KernelLogEvidence(Map.of(), Map.of(), Map.of(), List.of(), note == null ? List.of() : List.of(note));
    }

    static KernelLogEvidence read(Host host, String runningKernel) {
        KernelLogReport report;
        try {
            report = new KernelLogAnalyzer().analyze(host.kernelLog(), KernelLogOptions.lastBoot());
        } catch (DisktuneException e) {
            return none("kernel log not read: " + e.getMessage());
        }
        return of(report, runningKernel);
    }

    /** The evidence of a log already read (its last boot). */
    static KernelLogEvidence of(KernelLogReport report, String runningKernel) {
        if (report.boots().isEmpty()) {
            return none(null);
        }
        KernelBoot boot = report.lastBoot();
        if (boot.kernelVersion() != null && runningKernel != null && !boot.kernelVersion().equals(runningKernel)) {
            return none("kernel log of " + report.source() + " is from kernel " + boot.kernelVersion() + ", not the running "
                    + runningKernel + ": not used");
        }
        Map<String, AtaDeviceLog> devices = new HashMap<>();
        for (AtaDeviceLog d : boot.ataDevices()) {
            devices.put(d.id(), d);
        }
        Map<String, String> ataByDisk = new HashMap<>();
        for (AtaBlockMapping m : new KernelLogDeviceMapper().map(boot)) {
            if (m.blockDevice() != null && m.ataDevice() != null) {
                ataByDisk.put(m.blockDevice(), m.ataDevice());
            }
        }
        return new KernelLogEvidence(Map.copyOf(devices), Map.copyOf(ataByDisk), KernelLogDeviceMapper.portsByScsiHost(boot),
                boot.nvmeControllers().stream().filter(c -> c.troubleLines() > 0).toList(), List.of());
    }

    /** The ATA port paired with this SCSI host number in the log ({@link KernelLogDeviceMapper#portsByScsiHost}). */
    Optional<String> ataPortOfScsiHost(int host) {
        return Optional.ofNullable(portByScsiHost.get(host));
    }

    /** True when the log names ATA devices (it knows their NCQ state). */
    boolean knowsAtaDevices() {
        return !devices.isEmpty();
    }

    Optional<String> ataDeviceOf(String disk) {
        return Optional.ofNullable(ataByDisk.get(disk));
    }

    Optional<AtaDeviceLog> device(String ataDevice) {
        return Optional.ofNullable(devices.get(ataDevice));
    }

    /** The drive can queue when the kernel printed a depth, or "not used" (NCQ present but turned off). */
    static Boolean driveSupportsNcq(AtaDeviceLog d) {
        if (d.ncq() == null || d.ncq() == NcqState.UNKNOWN) {
            return null;
        }
        return d.ncq() != NcqState.NONE;
    }

    /** The drive's own depth: 32 in "31/32" and "0/32", 32 in "depth 32". */
    static Integer driveNcqDepth(AtaDeviceLog d) {
        if (d.ncqDriveDepth() != null) {
            return d.ncqDriveDepth();
        }
        return d.ncq() == NcqState.ENABLED ? d.ncqDepth() : null;
    }
}
