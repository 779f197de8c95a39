package org.disktune.cli;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;

import org.disktune.detect.AtaDevice;
import org.disktune.detect.AtaPort;
import org.disktune.detect.Controller;
import org.disktune.detect.Disk;
import org.disktune.detect.Finding;
import org.disktune.detect.MdArray;
import org.disktune.detect.Mount;
import org.disktune.detect.Partition;

/**
 * The human view of a machine report: one aligned table per kind of thing, then the findings.
 */
final class DetectRenderer {
    void print(org.disktune.detect.MachineReport report, PrintWriter out) {
        out.println("Kernel " + (report.kernel() == null ? "unknown" : report.kernel()));

        if (!report.controllers().isEmpty()) {
            out.println();
            TableRenderer t = new TableRenderer("CONTROLLER", "ID", "CLASS", "DRIVER", "PARAMETERS");
            for (Controller c : report.controllers()) {
                t.row(c.pciAddress(), pciId(c), c.kind(), c.driver(),
                        c.moduleParameters().isEmpty() ? null : keyValues(c.moduleParameters()));
            }
            t.print(out);
        }

        if (anyAtaDevice(report)) {
            out.println();
            TableRenderer t = new TableRenderer("ATA", "PORT", "CONTROLLER", "LINK", "DISK", "MODEL", "NCQ", "MODE");
            for (AtaPort p : report.ataPorts()) {
                for (AtaDevice d : p.devices()) {
                    t.row(d.id(), p.name(), p.controller(), p.linkSpeed(), d.disk(), d.model(), ncqOf(report, d), d.transferMode());
                }
            }
            t.print(out);
        }

        out.println();
        TableRenderer disks = new TableRenderer("DISK", "TRANSPORT", "DRIVER", "SIZE", "ROT", "MODEL", "SERIAL", "NCQ", "QDEPTH", "SCHEDULER", "RA_KB", "NR_REQ");
        for (Disk d : report.disks()) {
            disks.row(d.name(), d.transport(), d.driver(), size(d.sizeBytes()), d.rotational() == null ? null : d.rotational() ? "1" : "0",
                    d.model(), d.serial(), d.ncq() == null ? null : d.ncq().text(), d.queueDepth(), d.scheduler(), d.readAheadKb(), d.nrRequests());
        }
        if (disks.isEmpty()) {
            out.println("No block devices in /sys/block.");
        } else {
            disks.print(out);
        }

        if (anyIdentified(report)) {
            out.println();
            TableRenderer ids = new TableRenderer("DISK", "WWN", "PARTITIONS", "BY-ID");
            for (Disk d : report.disks()) {
                if (d.partitions().isEmpty() && d.byId().isEmpty() && d.wwn() == null) {
                    continue;
                }
                ids.row(d.name(), d.wwn(),
                        d.partitions().isEmpty() ? null : partitionNames(d),
                        d.byId().isEmpty() ? null : String.join(" ", d.byId()));
            }
            ids.print(out);
        }

        for (Disk d : report.disks()) {
            if (d.ide() != null && !d.ide().settings().isEmpty()) {
                out.println();
                out.println("IDE " + d.name() + " (" + d.ide().driver() + "): " + keyValues(d.ide().settings()));
            }
        }

        if (!report.mdArrays().isEmpty()) {
            out.println();
            TableRenderer t = new TableRenderer("ARRAY", "LEVEL", "STATE", "MEMBERS", "RA_KB");
            for (MdArray a : report.mdArrays()) {
                t.row(a.name(), a.level(), a.state(), String.join(",", a.members()), a.readAheadKb());
            }
            t.print(out);
        }

        if (!report.mounts().isEmpty()) {
            out.println();
            TableRenderer t = new TableRenderer("MOUNT", "DEVICE", "TYPE", "OPTIONS");
            for (Mount m : report.mounts()) {
                t.row(m.mountPoint(), m.device(), m.fsType(), String.join(",", m.options()));
            }
            t.print(out);
        }

        out.println();
        out.println("Init " + report.initSystem().describe());
        out.println("Boot loader " + report.bootLoader().describe());

        if (!report.notes().isEmpty()) {
            out.println();
            for (String n : report.notes()) {
                out.println("Note: " + n);
            }
        }

        out.println();
        if (report.findings().isEmpty()) {
            out.println("No findings.");
        } else {
            out.println("Findings:");
            for (Finding f : report.findings()) {
                out.println("  " + f.severity().name().toLowerCase(Locale.ROOT) + "  " + f.subject() + ": " + f.message());
                out.println("      fix: " + f.fix());
            }
        }
    }

    /** "k=v k=v" in the map's order. */
    private static String keyValues(Map<String, String> map) {
        StringBuilder s = new StringBuilder();
        for (Map.Entry<String, String> e : map.entrySet()) {
            if (s.length() > 0) { // every entry is at least "=": only the first finds s empty
                s.append(' ');
            }
            s.append(e.getKey()).append('=').append(e.getValue());
        }
        return s.toString();
    }

    private static boolean anyAtaDevice(org.disktune.detect.MachineReport report) {
        for (AtaPort p : report.ataPorts()) {
            if (!p.devices().isEmpty()) {
                return true;
            }
        }
        return false;
    }

    private static boolean anyIdentified(org.disktune.detect.MachineReport report) {
        for (Disk d : report.disks()) {
            if (!d.partitions().isEmpty() || !d.byId().isEmpty() || d.wwn() != null) {
                return true;
            }
        }
        return false;
    }

    private static String partitionNames(Disk d) {
        StringBuilder s = new StringBuilder();
        boolean first = true;
        for (Partition p : d.partitions()) {
            if (!first) {
                s.append(',');
            }
            s.append(p.name());
            first = false;
        }
        return s.toString();
    }

    private static String pciId(Controller c) {
        if (c.vendorId() == null || c.deviceId() == null) {
            return null;
        }
        return withoutHexPrefix(c.vendorId()) + ":" + withoutHexPrefix(c.deviceId());
    }

    /** What {@code id.replaceFirst("^0x", "")} gives, without compiling a regex per call. */
    static String withoutHexPrefix(String id) {
        return id.startsWith("0x") ? id.substring(2) : id;
    }

    /** The NCQ in effect of the disk an ATA device became; for a device without a disk, whether the drive offers it. */
    private static String ncqOf(org.disktune.detect.MachineReport report, AtaDevice device) {
        for (Disk x : report.disks()) {
            if (x.name().equals(device.disk()) && x.ncq() != null) {
                String text = x.ncq().text();
                if (text != null) {
                    return text;
                }
                break; // the first such disk's NCQ says nothing: what the drive offers, as below
            }
        }
        return device.ncqSupported() == null ? null : device.ncqSupported() ? "supported" : "no";
    }

    /** Sizes as lsblk prints them: binary units, one decimal below 10. */
    static String size(Long bytes) {
        if (bytes == null) {
            return null;
        }
        String[] units = {"B", "K", "M", "G", "T", "P"};
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        if (unit == 0) {
            return bytes + "B";
        }
        // what String.format(Locale.ROOT, "%.1f" or "%.0f", value) gives (half up on the shortest decimal form of the
        // double), without java.util.Formatter, whose first use cost detect about 6% of its time
        int scale = value < 10 && value != Math.floor(value) ? 1 : 0;
        return new BigDecimal(Double.toString(value)).setScale(scale, RoundingMode.HALF_UP).toPlainString() + units[unit];
    }
}
