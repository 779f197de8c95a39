package org.disktune.config;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Every setting the configuration may hold: its key as written in the file, the section kind it
 * belongs to, how it reaches the kernel, the sysfs attribute (relative to {@code /sys/block/NAME/})
 * for sysfs settings, and a line of help. The syntax of each value is checked by
 * {@link SettingSyntax}; what the device accepts is checked against the machine by the tuning planner.
 */
public enum Setting {
    SCHEDULER("scheduler", SettingScope.DISK, SettingMechanism.SYSFS, "queue/scheduler",
            "I/O scheduler offered in queue/scheduler (2.6 names noop, deadline, cfq map to none, mq-deadline, bfq)"),
    READ_AHEAD_KB("read_ahead_kb", SettingScope.DISK, SettingMechanism.SYSFS, "queue/read_ahead_kb",
            "readahead in KiB (hdparm -a counts 512-byte sectors: -a 8192 is 4096 KiB)"),
    QUEUE_DEPTH("queue_depth", SettingScope.DISK, SettingMechanism.SYSFS, "device/queue_depth",
            "SCSI/ATA queue depth; 1 turns NCQ off; at most the device's maximum"),
    NR_REQUESTS("nr_requests", SettingScope.DISK, SettingMechanism.SYSFS, "queue/nr_requests",
            "requests the block layer queues per hardware queue"),
    WRITE_CACHE("write_cache", SettingScope.DISK, SettingMechanism.HDPARM, null, "drive write cache on or off (hdparm -W)"),
    APM("apm", SettingScope.DISK, SettingMechanism.HDPARM, null, "advanced power management level 1-255, 255 = off (hdparm -B)"),
    STANDBY("standby", SettingScope.DISK, SettingMechanism.HDPARM, null, "standby (spindown) timeout code 0-255, 0 = off (hdparm -S)"),
    ACOUSTIC("acoustic", SettingScope.DISK, SettingMechanism.HDPARM, null, "automatic acoustic management 0 or 128-254 (hdparm -M)"),
    IO32("io32", SettingScope.DISK, SettingMechanism.HDPARM, null, "legacy IDE 32-bit I/O 0, 1 or 3 (hdparm -c)"),
    MULTCOUNT("multcount", SettingScope.DISK, SettingMechanism.HDPARM, null, "legacy IDE sectors per multiple-sector I/O (hdparm -m)"),
    DMA("dma", SettingScope.DISK, SettingMechanism.HDPARM, null, "legacy IDE DMA on or off (hdparm -d)"),
    MD_READ_AHEAD_KB("read_ahead_kb", SettingScope.MD, SettingMechanism.SYSFS, "queue/read_ahead_kb",
            "the array's readahead in KiB (blockdev --setra counts sectors)"),
    STRIPE_CACHE_SIZE("stripe_cache_size", SettingScope.MD, SettingMechanism.SYSFS, "md/stripe_cache_size",
            "RAID4/5/6 stripe cache entries, 17-32768 (memory: entries x 4 KiB x member disks)"),
    ATIME("atime", SettingScope.MOUNT, SettingMechanism.MOUNT, null, "noatime, relatime or strictatime"),
    LAZYTIME("lazytime", SettingScope.MOUNT, SettingMechanism.MOUNT, null, "yes or no");

    private final String key;
    private final SettingScope scope;
    private final SettingMechanism mechanism;
    private final String attribute;
    private final String help;

    Setting(String key, SettingScope scope, SettingMechanism mechanism, String attribute, String help) {
        this.key = key;
        this.scope = scope;
        this.mechanism = mechanism;
        this.attribute = attribute;
        this.help = help;
    }

    /** The key as written in the configuration file. */
    public String key() {
        return key;
    }

    public SettingScope scope() {
        return scope;
    }

    public SettingMechanism mechanism() {
        return mechanism;
    }

    /** The sysfs attribute under {@code /sys/block/NAME/} for sysfs settings, else empty. */
    public Optional<String> attribute() {
        return Optional.ofNullable(attribute);
    }

    public String help() {
        return help;
    }

    /** The settings a section of this scope may hold, in table order. */
    public static List<Setting> of(SettingScope scope) {
        return Arrays.stream(values()).filter(s -> s.scope == scope).toList();
    }

    /** The setting with this key in a section of this scope. */
    public static Optional<Setting> find(SettingScope scope, String key) {
        for (Setting s : values()) { // a loop, not a stream: no lambda to link on the verify path (docs/performance.md)
            if (s.scope == scope && s.key.equals(key)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
