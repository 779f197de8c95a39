package org.disktune.kernel;

import java.util.ArrayList;
import java.util.List;

/**
 * Maps ATA devices to block devices using only what one boot's log printed, for when sysfs is absent
 * (a saved log of another machine). SCSI host numbers do not follow ATA port numbers, so a device is
 * mapped only when the SCSI inquiry (model cut to 16 characters, revision = last 4 of the firmware),
 * the size and libata's addressing rule (channel 0 and target = device number, or channel = port-multiplier
 * link and target 0) single out
 * exactly one disk, and that disk singles out exactly this device. Ambiguous devices (identical drives)
 * stay unmapped: sysfs must decide.
 */
public final class KernelLogDeviceMapper {

    public List<AtaBlockMapping> map(KernelBoot boot) {
        List<AtaBlockMapping> result = new ArrayList<>();
        for (AtaDeviceLog ata : boot.ataDevices()) {
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
                continue;
            }
            ScsiDiskLog disk = candidates.get(0);
            int rivals = 0; // a loop, not a stream: no call site to link on the way of detect
            for (AtaDeviceLog other : boot.ataDevices()) {
                if (agreement(other, disk) != null) {
                    rivals++;
                }
            }
            if (rivals == 1) {
                result.add(new AtaBlockMapping(ata.id(), disk.address(), disk.blockDevice(), evidence));
            }
        }
        return result;
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
        if (ata.model() != null && disk.model() != null) {
            String cut = ata.model().length() > 16 ? ata.model().substring(0, 16) : ata.model();
            if (!cut.strip().equals(disk.model().strip())) {
                return null;
            }
            agreed.add("model");
        }
        if (ata.firmware() != null && disk.revision() != null && !disk.revision().isEmpty()) {
            if (!expectedRevision(ata.firmware()).equals(disk.revision().strip())) {
                return null;
            }
            agreed.add("revision");
        }
        if (ata.sectors() != null && disk.logicalBlocks() != null && disk.logicalBlockSize() != null) {
            long sectors512 = disk.logicalBlocks() * (disk.logicalBlockSize() / 512L);
            if (sectors512 != ata.sectors()) {
                return null;
            }
            agreed.add("sectors");
        }
        if (agreed.isEmpty()) {
            return null;
        }
        agreed.add("target");
        return String.join(", ", agreed);
    }

    /** libata's inquiry revision: the last 4 of the 8 firmware characters, or the first 4 when those are blank. */
    static String expectedRevision(String firmware) {
        String padded = (firmware + "        ").substring(0, 8);
        String last = padded.substring(4, 8);
        return (last.isBlank() ? padded.substring(0, 4) : last).strip();
    }
}
