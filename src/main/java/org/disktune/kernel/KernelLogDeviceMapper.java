package org.disktune.kernel;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Maps ATA devices to block devices using only what one boot's log printed, for when sysfs is absent
 * (a saved log of another machine) or does not show the ATA port (before 2.6.30). Two ways, both from the log:
 * <ul>
 * <li>identity: the SCSI inquiry (model cut to 16 characters, revision from the firmware), the size and libata's
 * addressing rule (channel 0 and target = device number, or channel = port-multiplier link and target 0) single out
 * exactly one disk, and that disk singles out exactly this device. Identical drives stay unmapped this way.</li>
 * <li>SCSI host order ({@link #portsByScsiHost}): the disk at {@code H:0:T:0} is device {@code ataP.0T} of the port
 * paired with host H, when its printed fields agree.</li>
 * </ul>
 */
public final class KernelLogDeviceMapper {
    private static final Comparator<ScsiHostLog> BY_HOST = Comparator.comparingInt(ScsiHostLog::host);
    private static final Comparator<AtaPortLog> BY_PORT = Comparator.comparingInt(AtaPortLog::port);

    public List<AtaBlockMapping> map(KernelBoot boot) {
        List<AtaBlockMapping> result = new ArrayList<>();
        Map<Integer, String> pairs = null;
        for (AtaDeviceLog ata : boot.ataDevices()) {
            AtaBlockMapping m = byIdentity(boot, ata);
            if (m == null) {
                if (pairs == null) {
                    pairs = portsByScsiHost(boot);
                }
                m = byHostOrder(boot, ata, pairs);
            }
            if (m != null) {
                result.add(m);
            }
        }
        return result;
    }

    private static AtaBlockMapping byIdentity(KernelBoot boot, AtaDeviceLog ata) {
        List<ScsiDiskLog> candidates = new ArrayList<>();
        String evidence = null;
        for (ScsiDiskLog disk : boot.scsiDisks()) {
            String e = agreement(ata, disk);
            if (e != null) {
                candidates.add(disk);
                evidence = e;
            }
        }
        if (candidates.size() != 1 || candidates.get(0).blockDevice() == null) {
            return null;
        }
        ScsiDiskLog disk = candidates.get(0);
        long rivals = boot.ataDevices().stream().filter(other -> agreement(other, disk) != null).count();
        return rivals == 1 ? new AtaBlockMapping(ata.id(), disk.address(), disk.blockDevice(), evidence) : null;
    }

    private static AtaBlockMapping byHostOrder(KernelBoot boot, AtaDeviceLog ata, Map<Integer, String> pairs) {
        for (ScsiDiskLog disk : boot.scsiDisks()) {
            if (("ata" + ata.port()).equals(pairs.get(disk.host())) && disk.blockDevice() != null) {
                String e = agreement(ata, disk);
                if (e != null && disk.channel() == 0) {
                    return new AtaBlockMapping(ata.id(), disk.address(), disk.blockDevice(), e + ", scsi host order");
                }
            }
        }
        return null;
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
    public static Map<Integer, String> portsByScsiHost(KernelBoot boot) {
        List<ScsiHostLog> hosts = boot.scsiHosts().stream().filter(h -> ScsiHostLog.isLibataDriver(h.driver())).sorted(BY_HOST).toList();
        List<AtaPortLog> ports = boot.ataPorts().stream().sorted(BY_PORT).toList();
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
            AtaDeviceLog ata = boot.ataDevice(port + "." + (disk.target() < 10 ? "0" : "") + disk.target());
            if (ata == null || !sameDrive(ata, disk)) {
                return Map.of();
            }
        }
        return Map.copyOf(pairs);
    }

    /** The inquiry model and the size agree, and at least one of them was printed on both sides. */
    private static boolean sameDrive(AtaDeviceLog ata, ScsiDiskLog disk) {
        Boolean model = modelAgrees(ata, disk);
        Boolean size = sizeAgrees(ata, disk);
        return !Boolean.FALSE.equals(model) && !Boolean.FALSE.equals(size) && (model != null || size != null);
    }

    /** The fields that agree, or null when any printed field disagrees or nothing identifying agrees. */
    static String agreement(AtaDeviceLog ata, ScsiDiskLog disk) {
        if (!"ATA".equals(ata.deviceClass()) && ata.deviceClass() != null) {
            return null;
        }
        if (disk.vendor() != null && !disk.vendor().equals("ATA")) {
            return null;
        }
        // libata: channel 0, target = device number on a host link; channel = link number, target 0 behind a port multiplier
        boolean hostLink = disk.channel() == 0 && disk.target() == ata.device();
        boolean pmpLink = disk.channel() == ata.device() && disk.target() == 0;
        if (disk.lun() != 0 || !(hostLink || pmpLink)) {
            return null;
        }
        List<String> agreed = new ArrayList<>();
        Boolean model = modelAgrees(ata, disk);
        if (Boolean.FALSE.equals(model)) {
            return null;
        } else if (model != null) {
            agreed.add("model");
        }
        if (ata.firmware() != null && disk.revision() != null && !disk.revision().isEmpty()) {
            if (!expectedRevisions(ata.firmware()).contains(disk.revision().strip())) {
                return null;
            }
            agreed.add("revision");
        }
        Boolean size = sizeAgrees(ata, disk);
        if (Boolean.FALSE.equals(size)) {
            return null;
        } else if (size != null) {
            agreed.add("sectors");
        }
        if (agreed.isEmpty()) {
            return null;
        }
        agreed.add("target");
        return String.join(", ", agreed);
    }

    /** The inquiry model is the ATA model cut to 16 characters; null when one side did not print it. */
    private static Boolean modelAgrees(AtaDeviceLog ata, ScsiDiskLog disk) {
        if (ata.model() == null || disk.model() == null) {
            return null;
        }
        String cut = ata.model().length() > 16 ? ata.model().substring(0, 16) : ata.model();
        return cut.strip().equals(disk.model().strip());
    }

    /** The same number of 512-byte sectors; null when one side did not print it. */
    private static Boolean sizeAgrees(AtaDeviceLog ata, ScsiDiskLog disk) {
        if (ata.sectors() == null || disk.logicalBlocks() == null || disk.logicalBlockSize() == null) {
            return null;
        }
        return disk.logicalBlocks() * (disk.logicalBlockSize() / 512L) == ata.sectors();
    }

    /**
     * libata's inquiry revision: the first 4 of the 8 firmware characters (ata_scsiop_inq_std in the 2.6 kernels and
     * later ones), or in today's kernels the last 4, or the first 4 when those are blank; either is accepted.
     */
    static List<String> expectedRevisions(String firmware) {
        String padded = (firmware + "        ").substring(0, 8);
        String first = padded.substring(0, 4).strip();
        String last = padded.substring(4, 8);
        return List.of(first, last.isBlank() ? first : last.strip());
    }
}
