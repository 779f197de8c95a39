package org.disktune.detect;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.disktune.core.DisktuneException;
import org.disktune.host.Host;
import org.disktune.kernel.AtaBlockMapping;
import org.disktune.kernel.AtaDeviceLog;
import org.disktune.kernel.AtaPortLog;
import org.disktune.kernel.KernelBoot;
import org.disktune.kernel.KernelLogAnalyzer;
import org.disktune.kernel.KernelLogDeviceMapper;
import org.disktune.kernel.KernelLogOptions;
import org.disktune.kernel.KernelLogReport;
import org.disktune.kernel.NcqState;
import org.disktune.kernel.ScsiDiskLog;
import org.disktune.kernel.ScsiHostLog;

/**
 * What the kernel log of the running boot adds to sysfs: on kernels without the ata classes in sysfs
 * (before 2.6.37) it is the only record of which ATA device became which disk and of NCQ support.
 * Used only when the log's kernel is the running one; an unreadable log is a note, not a failure.
 *
 * <p>Two ways from a disk to its ATA device: the log's own identity match ({@link KernelLogDeviceMapper}: model,
 * revision, size; it cannot tell identical drives apart), and the SCSI host of the disk's sysfs path
 * ({@code .../host0/target0:0:0/0:0:0:0}) paired with the ATA port registered with it ({@link #portsByScsiHost}).
 */
record KernelLogEvidence(Map<String, AtaDeviceLog> devices, Map<String, String> ataByDisk, Map<Integer, String> portByScsiHost,
        List<String> notes) {
    /** By SCSI host number (a class, not Comparator.comparingInt: no lambda to link on detect's way). */
    private static final Comparator<ScsiHostLog> BY_HOST = new Comparator<ScsiHostLog>() {
        @Override
        public int compare(ScsiHostLog a, ScsiHostLog b) {
            return Integer.compare(a.host(), b.host());
        }
    };
    /** By ATA port number. */
    private static final Comparator<AtaPortLog> BY_PORT = new Comparator<AtaPortLog>() {
        @Override
        public int compare(AtaPortLog a, AtaPortLog b) {
            return Integer.compare(a.port(), b.port());
        }
    };

    static KernelLogEvidence none(String note) {
        return new KernelLogEvidence(Map.of(), Map.of(), Map.of(), note == null ? List.of() : List.of(note));
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
        return new KernelLogEvidence(Map.copyOf(devices), Map.copyOf(ataByDisk), portsByScsiHost(boot), List.of());
    }

    /**
     * The ATA port ("ata1") of each libata SCSI host number, as one boot's log proves it, or an empty map when it does
     * not. libata's ata_host_register (drivers/ata/libata-core.c) gives a controller's ports their print ids
     * ({@code ataN}, printed in each port's {@code ataN: SATA max ...} or {@code DUMMY} line) in port order, and
     * ata_scsi_add_hosts registers one SCSI host per port in the same order (printing {@code scsiN : sata_sil}, later
     * {@code scsi hostN: ahci}; 2.6.21 prints the port lines first, 2.6.25 the host lines); both numbers only grow and
     * controllers probe one after another on these kernels. So, sorted by number, the k-th libata SCSI host is the
     * k-th ATA port, provided the log covers the probe from its start (the {@code Linux version} line, or scsi0 and
     * ata1 both there) and has as many libata hosts as port lines. The pairing is refused when the log contradicts it:
     * a disk attached at {@code H:0:T:0} whose inquiry model (libata cuts it to 16 characters) or size differs from
     * ATA device {@code ataP.0T} of the paired port, or when there is no such device.
     */
    static Map<Integer, String> portsByScsiHost(KernelBoot boot) {
        List<ScsiHostLog> hosts = new ArrayList<>();
        for (ScsiHostLog h : boot.scsiHosts()) {
            if (DriverFamily.isLibata(h.driver())) {
                hosts.add(h);
            }
        }
        hosts.sort(BY_HOST); // stable, as the stream's sorted was
        List<AtaPortLog> ports = new ArrayList<>(boot.ataPorts());
        ports.sort(BY_PORT);
        if (hosts.isEmpty() || hosts.size() != ports.size()) {
            return Map.of();
        }
        boolean fromTheStart = hosts.get(0).host() == 0 && ports.get(0).port() == 1; // both counters start there at boot
        if (!boot.complete() && !fromTheStart) {
            return Map.of();
        }
        Map<Integer, String> pairs = new HashMap<>();
        for (int i = 0; i < hosts.size(); i++) {
            pairs.put(hosts.get(i).host(), ports.get(i).id());
        }
        for (ScsiDiskLog disk : boot.scsiDisks()) {
            String port = pairs.get(disk.host());
            if (port == null || disk.channel() != 0 || disk.lun() != 0) {
                continue; // not a libata host, or behind a port multiplier (channel = link): not used for the mapping
            }
            AtaDeviceLog ata = boot.ataDevice(port + "." + MachineDetector.twoDigits(disk.target()));
            if (ata == null || !sameDrive(ata, disk)) {
                return Map.of();
            }
        }
        return Map.copyOf(pairs);
    }

    /** The inquiry model is the ATA model cut to 16 characters; the size is the same number of 512-byte sectors. */
    private static boolean sameDrive(AtaDeviceLog ata, ScsiDiskLog disk) {
        boolean compared = false;
        if (ata.model() != null && disk.model() != null) {
            String cut = ata.model().length() > 16 ? ata.model().substring(0, 16) : ata.model();
            if (!cut.strip().equals(disk.model().strip())) {
                return false;
            }
            compared = true;
        }
        if (ata.sectors() != null && disk.logicalBlocks() != null && disk.logicalBlockSize() != null) {
            if (disk.logicalBlocks() * (disk.logicalBlockSize() / 512L) != ata.sectors()) {
                return false;
            }
            compared = true;
        }
        return compared;
    }

    /** The ATA port paired with this SCSI host number in the log ({@link #portsByScsiHost}). */
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
        if (d.ncq() == null) {
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
