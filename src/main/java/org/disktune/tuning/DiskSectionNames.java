package org.disktune.tuning;

import java.util.List;
import java.util.Set;

import org.disktune.config.DiskFacts;
import org.disktune.detect.Disk;

/**
 * How a proposed [disk] section names its disk: the {@code match.*} line (WWN, else serial, else a /dev/disk/by-id name,
 * else the kernel name) and a label made from model and serial, reduced to {@code [A-Za-z0-9][A-Za-z0-9_.:-]*}.
 */
final class DiskSectionNames {
    /** One {@code match.*} line of a proposed section. */
    record MatchKey(String key, String value) {
    }

    private DiskSectionNames() {
    }

    /** The match key and value: WWN, else serial, else a by-id name, else (no stable name at all) the kernel name. */
    static MatchKey match(Disk disk, DiskFacts facts) {
        if (facts.wwn() != null) {
            return new MatchKey("match.wwn", facts.wwn());
        }
        if (facts.serial() != null) {
            return new MatchKey("match.serial", facts.serial());
        }
        String byId = DesiredStatePlanner.identity(disk);
        return byId != null ? new MatchKey("match.by-id", byId) : new MatchKey("match.name", disk.name());
    }

    /** "WDC_WD5000AAKX-0_WD-WCAYUJ000001": model and serial (or the by-id name, or the WWN), reduced to label characters. */
    static String label(Disk disk, DiskFacts facts) {
        List<String> named = disk.byId().stream().filter(n -> !n.startsWith("wwn-") && !n.contains("-part")).sorted().toList();
        String byId = named.stream().filter(n -> n.startsWith("ata-") || n.startsWith("nvme-")).findFirst()
                .orElse(named.isEmpty() ? null : named.get(0));
        String text;
        if (facts.serial() != null && byId != null && byId.endsWith("_" + facts.serial())) {
            text = byId.substring(byId.indexOf('-') + 1); // udev's MODEL_SERIAL, with the model a 2.6 sysfs cuts to 16 characters in full
        } else if (facts.serial() != null) {
            text = (disk.model() == null ? "" : disk.model() + "_") + facts.serial();
        } else if (byId != null) {
            text = byId.substring(byId.indexOf('-') + 1);
        } else if (facts.wwn() != null) {
            text = (disk.model() == null ? "" : disk.model() + "_") + facts.wwn();
        } else {
            text = disk.model() == null ? disk.name() : disk.model() + "_" + disk.name();
        }
        String label = text.replaceAll("[^A-Za-z0-9_.:-]", "_").replaceAll("_{2,}", "_").replaceFirst("^[^A-Za-z0-9]+", "")
                .replaceFirst("_+$", "");
        return label.isEmpty() ? "disk-" + disk.name() : label;
    }

    /** label, or label-2, label-3 ... when labels has it already; adds it to labels. */
    static String unique(Set<String> labels, String label) {
        String candidate = label;
        for (int n = 2; !labels.add(candidate); n++) {
            candidate = label + "-" + n;
        }
        return candidate;
    }
}
