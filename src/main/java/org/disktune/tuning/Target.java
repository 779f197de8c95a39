package org.disktune.tuning;

import org.disktune.config.DiskFacts;
import org.disktune.config.Setting;
import org.disktune.config.SettingScope;
import org.disktune.config.SettingValue;
import org.disktune.detect.Disk;
import org.disktune.detect.MdArray;
import org.disktune.detect.Mount;

/** A device a section's settings apply to: a disk, an md array or a mounted file system. */
sealed interface Target {
    SettingScope scope();

    /** The kernel name or the mount point. */
    String name();

    /** A name that survives reboots, or null. */
    String identity();

    /** The current value of the setting on this device (null: not shown), read by the table. */
    String current(SettingTable table, Setting setting);

    /** What this device says to the value. */
    SettingTable.Verdict check(SettingTable table, SettingValue value);

    record OfDisk(Disk disk, DiskFacts facts, String identity) implements Target {
        public SettingScope scope() { return SettingScope.DISK; }
        public String name() { return disk.name(); }
        public String current(SettingTable table, Setting setting) { return table.current(setting, disk); }
        public SettingTable.Verdict check(SettingTable table, SettingValue value) { return table.check(value.setting(), value, disk); }
    }

    record OfArray(MdArray array, String identity) implements Target {
        public SettingScope scope() { return SettingScope.MD; }
        public String name() { return array.name(); }
        public String current(SettingTable table, Setting setting) { return table.current(setting, array); }
        public SettingTable.Verdict check(SettingTable table, SettingValue value) { return table.check(value.setting(), value, array); }
    }

    /** A file system with an fstab line that is not mounted now ({@code fstabLine}: its fstab line, no options read). */
    record OfUnmounted(Mount fstabLine) implements Target {
        public SettingScope scope() { return SettingScope.MOUNT; }
        public String name() { return fstabLine.mountPoint(); }
        public String identity() { return null; }
        public String current(SettingTable table, Setting setting) { return null; }
        public SettingTable.Verdict check(SettingTable table, SettingValue value) { return table.check(value.setting(), value, fstabLine); }
    }

    record OfMount(Mount mount) implements Target {
        public SettingScope scope() { return SettingScope.MOUNT; }
        public String name() { return mount.mountPoint(); }
        public String identity() { return null; }
        public String current(SettingTable table, Setting setting) { return table.current(setting, mount); }
        public SettingTable.Verdict check(SettingTable table, SettingValue value) { return table.check(value.setting(), value, mount); }
    }
}
