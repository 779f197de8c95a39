package org.disktune.kernel;

import static org.disktune.kernel.FactLimits.parseInt;
import static org.disktune.kernel.FactLimits.parseLong;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The SCSI facts of one boot: hosts and their drivers, and disks with their inquiry, block device and size, from the
 * scsi, sd and (2.6.1x) SCSI device, Vendor and Type lines.
 */
final class ScsiBootFacts {
    private final FactLimits limits;
    private final Map<Integer, String> scsiHosts = new TreeMap<>();
    private final Map<String, ScsiState> scsi = new LinkedHashMap<>();
    private ScsiState pendingOldInquiry;

    ScsiBootFacts(FactLimits limits) {
        this.limits = limits;
    }

    /** True while a 2.6.1x inquiry (its Vendor line) waits for its Type line. */
    boolean awaitsType() {
        return pendingOldInquiry != null;
    }

    /** A 2.6.1x {@code Vendor: ... Model: ... Rev: ...} line; false when it is not one. */
    boolean oldInquiry(String msg) {
        String[] g = ScsiIdeLineParsers.inquiryOld(msg);
        if (g == null) {
            return false;
        }
        pendingOldInquiry = new ScsiState();
        pendingOldInquiry.vendor = g[0].strip();
        pendingOldInquiry.model = g[1].strip();
        pendingOldInquiry.revision = g[2].strip();
        return true;
    }

    /** The {@code Type: ... ANSI} line after a 2.6.1x inquiry; false when none waits or it is not one. */
    boolean oldType(String msg) {
        String[] g = pendingOldInquiry == null ? null : ScsiIdeLineParsers.typeOld(msg);
        if (g == null) {
            return false;
        }
        pendingOldInquiry.type = g[0];
        return true;
    }

    /** The hosts, by number. */
    List<ScsiHostLog> hosts() {
        return scsiHosts.entrySet().stream().map(h -> new ScsiHostLog(h.getKey(), h.getValue())).toList();
    }

    /** The disks whose address is known, by host, channel, target, lun. */
    List<ScsiDiskLog> disks() {
        return scsi.values().stream().filter(s -> s.address != null)
                .sorted(Comparator.<ScsiState>comparingInt(s -> s.host).thenComparingInt(s -> s.channel)
                        .thenComparingInt(s -> s.target).thenComparingInt(s -> s.lun))
                .map(s -> new ScsiDiskLog(s.address, s.host, s.channel, s.target, s.lun, s.type, s.vendor,
                        s.model, s.revision, s.blockDevice, s.logicalBlocks, s.logicalBlockSize))
                .toList();
    }

    /** A scsi, sd or SCSI device line. */
    void accept(String msg) {
        String[] g;
        if ((g = ScsiIdeLineParsers.scsiHost(msg)) != null) {
            int host = parseInt(g[0] != null ? g[0] : g[1]);
            limits.putCapped(scsiHosts, host, g[2]);
        } else if ((g = ScsiIdeLineParsers.scsiDevice(msg)) != null) {
            ScsiState s = scsi(g);
            if (s != null) {
                s.inquiry(g[4]);
            }
        } else if ((g = ScsiIdeLineParsers.sdBracket(msg)) != null) {
            ScsiState s = scsi(g);
            if (s != null) {
                s.blockDevice = g[4];
                String[] b = ScsiIdeLineParsers.sdBlocks(g[5]);
                if (b != null) {
                    s.logicalBlocks = parseLong(b[0]);
                    s.logicalBlockSize = parseInt(b[1]);
                }
            }
        } else if ((g = ScsiIdeLineParsers.sdAttachedOld(msg)) != null) {
            ScsiState s = scsi(g);
            if (s != null) {
                s.blockDevice = g[4];
                if (pendingOldInquiry != null) {
                    s.type = pendingOldInquiry.type;
                    s.vendor = pendingOldInquiry.vendor;
                    s.model = pendingOldInquiry.model;
                    s.revision = pendingOldInquiry.revision;
                    pendingOldInquiry = null;
                }
                ScsiState sized = scsi.get("block:" + s.blockDevice);
                if (sized != null) {
                    scsi.remove("block:" + s.blockDevice);
                    s.logicalBlocks = sized.logicalBlocks;
                    s.logicalBlockSize = sized.logicalBlockSize;
                }
            }
        } else if ((g = ScsiIdeLineParsers.scsiDeviceOld(msg)) != null) {
            // 2.6.18 prints the size before the address is known: keep it under the disk name until "Attached scsi disk".
            String key = "block:" + g[0];
            ScsiState s = scsi.get(key);
            if (s == null && limits.hasRoom(scsi)) {
                s = new ScsiState();
                scsi.put(key, s);
            }
            if (s != null) {
                s.logicalBlocks = parseLong(g[1]);
                s.logicalBlockSize = parseInt(g[2]);
            }
        }
    }

    /** The SCSI device at the address of groups 1-4 (host, channel, target, lun), made when new; null when the map is full. */
    private ScsiState scsi(String[] g) {
        String address = g[0] + ":" + g[1] + ":" + g[2] + ":" + g[3];
        ScsiState s = scsi.get(address);
        if (s == null && limits.hasRoom(scsi)) {
            s = new ScsiState();
            s.address = address;
            s.host = parseInt(g[0]);
            s.channel = parseInt(g[1]);
            s.target = parseInt(g[2]);
            s.lun = parseInt(g[3]);
            scsi.put(address, s);
        }
        return s;
    }

    private static final class ScsiState {
        String address;
        int host;
        int channel;
        int target;
        int lun;
        String type;
        String vendor;
        String model;
        String revision;
        String blockDevice;
        Long logicalBlocks;
        Integer logicalBlockSize;

        /** "Direct-Access     ATA      QEMU HARDDISK    2.5+" (fixed columns 17/8/16/4), or the same with blanks squeezed. */
        void inquiry(String text) {
            if (text.length() >= 47) {
                type = text.substring(0, 17).strip();
                vendor = text.substring(18, 26).strip();
                model = text.substring(27, 43).strip();
                revision = text.substring(44, Math.min(48, text.length())).strip();
                return;
            }
            List<String> t = ScsiIdeLineParsers.blankSeparated(text.strip());
            int n = t.size();
            if (n >= 3) {
                type = t.get(0);
                vendor = t.get(1);
                revision = n >= 4 ? t.get(n - 1) : null;
                model = String.join(" ", t.subList(2, n >= 4 ? n - 1 : n));
            }
        }
    }
}
