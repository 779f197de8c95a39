package org.disktune.tuning;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import org.disktune.config.Setting;
import org.disktune.config.SettingValue;
import org.disktune.detect.Disk;
import org.disktune.hdparm.HdparmConf;

/**
 * Debian's /etc/hdparm.conf, imported: each device block whose device is a disk of the report becomes settings of that
 * disk's section (the first block for a disk, as Debian's hdparm-functions takes it), each with a comment citing its
 * line; read_ahead_sect becomes read_ahead_kb. Options disktune has no setting for, values it refuses, settings the disk
 * refuses or lacks, defaults outside blocks and blocks naming no disk of this machine are comments and notes.
 */
record HdparmConfImport(HdparmConf conf, Function<String, Optional<String>> kernelNameOfDevicePath) {
    static final HdparmConfImport NONE = new HdparmConfImport(null, p -> Optional.empty());

    /** The block of each disk of disks, by kernel name; defaults, problems and blocks not imported are notes. */
    Map<String, HdparmConf.DeviceBlock> blocksByDisk(List<Disk> disks, List<String> notes) {
        Map<String, HdparmConf.DeviceBlock> byDisk = new LinkedHashMap<>();
        if (conf == null) {
            return byDisk;
        }
        String file = conf.file();
        conf.problems().forEach(p -> notes.add(p.message()));
        for (HdparmConf.Option o : conf.defaults()) {
            if (o.setting() != null) {
                notes.add(file + " line " + o.line() + ": " + o.key() + " = " + o.value() + " is a default for every disk, so it is not "
                        + "imported; add " + o.setting().key() + " = " + (o.settingValue() == null ? o.value() : o.settingValue())
                        + " to the [disk] sections that should have it");
            }
        }
        for (HdparmConf.DeviceBlock b : conf.blocks()) {
            Optional<String> name = HdparmConfOverlap.diskOf(b.device(), kernelNameOfDevicePath);
            if (name.isEmpty() || disks.stream().noneMatch(d -> d.name().equals(name.get()))) {
                notes.add(file + " line " + b.line() + ": " + b.device() + " is no disk of this machine"
                        + (name.isPresent() ? " (" + name.get() + ")" : "") + ", so its settings are not imported");
            } else if (byDisk.containsKey(name.get())) {
                notes.add(file + " line " + b.line() + ": " + b.device() + " is " + name.get() + " again; Debian's hdparm uses only "
                        + "the first block for a disk (line " + byDisk.get(name.get()).line() + "), so this one is not imported");
            } else {
                byDisk.put(name.get(), b);
            }
        }
        return byDisk;
    }

    /** Appends the block's settings to the section s of disk (label), each citing its line; those not imported as comments. */
    void section(HdparmConf.DeviceBlock block, Disk disk, String label, SettingTable table, StringBuilder s, List<String> reasons) {
        Map<Setting, HdparmConf.Option> last = new LinkedHashMap<>();
        block.options().stream().filter(o -> o.setting() != null).forEach(o -> last.put(o.setting(), o));
        for (HdparmConf.Option o : block.options()) {
            String cite = "# " + conf.file() + " line " + o.line() + ": " + o.key() + (o.value() == null ? "" : " = " + o.value());
            if (o.setting() == null || o.settingValue() == null) {
                s.append(cite).append(" is not imported: ").append(o.note()).append('\n');
                continue;
            }
            if (last.get(o.setting()) != o) {
                s.append(cite).append(" is not imported: line ").append(last.get(o.setting()).line()).append(" replaces it\n");
                continue;
            }
            SettingValue value = new SettingValue(o.setting(), o.settingValue(), o.value(), "disk " + label, 0);
            SettingTable.Verdict verdict = table.check(o.setting(), value, disk);
            if (!verdict.accepted()) {
                s.append(cite).append(" is not imported: ").append(verdict.skipped() ? verdict.skip() : verdict.refusal()).append('\n');
                continue;
            }
            s.append(cite).append(o.note() == null ? "" : " (" + o.note() + ")").append('\n')
                    .append(o.setting().key()).append(" = ").append(o.settingValue()).append('\n');
            reasons.add("[disk " + label + "] " + o.setting().key() + " = " + o.settingValue() + ": imported from " + conf.file() + " line "
                    + o.line());
        }
    }
}
