package org.disktune.config;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Every setting the configuration may hold: its key as written in the file, the section kind it
 * belongs to, how it reaches the kernel, the sysfs attribute (relative to {@code /sys/block/NAME/})
 * for sysfs settings (which detect reads, the planner, the udev rule and verify write and compare, and rollback puts back), the
 * syntax of its value ({@link SettingSyntax.Rule}), the read-only setting that bounds it, and a line of help. What the device
 * accepts is checked against the machine by the tuning planner. A sysfs queue knob of a disk is one row here.
 */
public enum Setting {
    SCHEDULER("scheduler", SettingScope.DISK, SettingMechanism.SYSFS, "queue/scheduler", new SettingSyntax.SchedulerName(),
            "I/O scheduler offered in queue/scheduler (2.6 names noop, deadline, cfq map to none, mq-deadline, bfq)"),
    READ_AHEAD_KB("read_ahead_kb", SettingScope.DISK, SettingMechanism.SYSFS, "queue/read_ahead_kb", SettingSyntax.range(0, 1048576, "KiB"),
            "readahead in KiB (hdparm -a counts 512-byte sectors: -a 8192 is 4096 KiB)"),
    QUEUE_DEPTH("queue_depth", SettingScope.DISK, SettingMechanism.SYSFS, "device/queue_depth",
            SettingSyntax.range(1, 1024, "commands (1 turns NCQ off)"), "SCSI/ATA queue depth; 1 turns NCQ off; at most the device's maximum"),
    NR_REQUESTS("nr_requests", SettingScope.DISK, SettingMechanism.SYSFS, "queue/nr_requests",
            SettingSyntax.range(4, 100000, "requests (the kernel's minimum is 4)"), "requests the block layer queues per hardware queue"),
    RQ_AFFINITY("rq_affinity", SettingScope.DISK, SettingMechanism.SYSFS, "queue/rq_affinity",
            SettingSyntax.range(0, 2, "(0 completes a request on any CPU, 1 in the submitting CPU's group, 2 on that CPU)"),
            "where a request completes: 0 any CPU, 1 the submitting CPU's group, 2 the submitting CPU itself"),
    NOMERGES("nomerges", SettingScope.DISK, SettingMechanism.SYSFS, "queue/nomerges",
            SettingSyntax.range(0, 2, "(0 merges requests, 1 only the simple one-hit merges, 2 none)"),
            "request merging: 0 all merges, 1 only simple one-hit merges, 2 none"),
    ADD_RANDOM("add_random", SettingScope.DISK, SettingMechanism.SYSFS, "queue/add_random", SettingSyntax.onOff("1", "0"),
            "1 or 0: whether the disk's I/O timings feed the kernel's entropy pool"),
    IOSTATS("iostats", SettingScope.DISK, SettingMechanism.SYSFS, "queue/iostats", SettingSyntax.onOff("1", "0"),
            "1 or 0: whether the block layer keeps I/O statistics (/proc/diskstats) for the disk"),
    WBT_LAT_USEC("wbt_lat_usec", SettingScope.DISK, SettingMechanism.SYSFS, "queue/wbt_lat_usec",
            SettingSyntax.range(0, 9223372036854775L, "microseconds (0 turns writeback throttling off; the kernel's -1, its default, "
                    + "reads back as a number: leave the key out instead)"),
            "writeback throttling target latency in microseconds; 0 turns it off"),
    MAX_HW_SECTORS_KB("max_hw_sectors_kb", SettingScope.DISK, SettingMechanism.SYSFS, "queue/max_hw_sectors_kb",
            SettingSyntax.readOnly("the kernel shows the largest request the hardware takes; set max_sectors_kb, at most this"),
            "the largest request the hardware takes, in KiB (read-only: bounds max_sectors_kb)"),
    MAX_SECTORS_KB("max_sectors_kb", SettingScope.DISK, SettingMechanism.SYSFS, "queue/max_sectors_kb",
            SettingSyntax.range(4, 4294967295L, "KiB (at least a 4 KiB page, at most the disk's max_hw_sectors_kb)"), "max_hw_sectors_kb",
            "the largest request the block layer issues, in KiB; at most the disk's max_hw_sectors_kb"),
    WRITE_CACHE("write_cache", SettingScope.DISK, SettingMechanism.HDPARM, null, SettingSyntax.onOff("on", "off"),
            "drive write cache on or off (hdparm -W)"),
    APM("apm", SettingScope.DISK, SettingMechanism.HDPARM, null, SettingSyntax.range(1, 255, "(255 turns APM off)"),
            "advanced power management level 1-255, 255 = off (hdparm -B)"),
    STANDBY("standby", SettingScope.DISK, SettingMechanism.HDPARM, null, SettingSyntax.range(0, 255, "(a timeout code; 0 turns standby off)"),
            "standby (spindown) timeout code 0-255, 0 = off (hdparm -S)"),
    ACOUSTIC("acoustic", SettingScope.DISK, SettingMechanism.HDPARM, null, new SettingSyntax.AcousticLevel(),
            "automatic acoustic management 0 or 128-254 (hdparm -M)"),
    IO32("io32", SettingScope.DISK, SettingMechanism.HDPARM, null, SettingSyntax.oneOf("0", "1", "3"), "legacy IDE 32-bit I/O 0, 1 or 3 (hdparm -c)"),
    MULTCOUNT("multcount", SettingScope.DISK, SettingMechanism.HDPARM, null, SettingSyntax.range(0, 255, "sectors"),
            "legacy IDE sectors per multiple-sector I/O (hdparm -m)"),
    DMA("dma", SettingScope.DISK, SettingMechanism.HDPARM, null, SettingSyntax.onOff("on", "off"), "legacy IDE DMA on or off (hdparm -d)"),
    MD_READ_AHEAD_KB("read_ahead_kb", SettingScope.MD, SettingMechanism.SYSFS, "queue/read_ahead_kb", SettingSyntax.range(0, 1048576, "KiB"),
            "the array's readahead in KiB (blockdev --setra counts sectors)"),
    STRIPE_CACHE_SIZE("stripe_cache_size", SettingScope.MD, SettingMechanism.SYSFS, "md/stripe_cache_size", SettingSyntax.range(17, 32768, "entries"),
            "RAID4/5/6 stripe cache entries, 17-32768 (memory: entries x 4 KiB x member disks)"),
    ATIME("atime", SettingScope.MOUNT, SettingMechanism.MOUNT, null, SettingSyntax.oneOf("noatime", "relatime", "strictatime"),
            "noatime, relatime or strictatime"),
    LAZYTIME("lazytime", SettingScope.MOUNT, SettingMechanism.MOUNT, null, SettingSyntax.onOff("yes", "no"), "yes or no");

    private final String key;
    private final SettingScope scope;
    private final SettingMechanism mechanism;
    private final String attribute;
    private final SettingSyntax.Rule syntax;
    private final String limit;
    private final String help;

    Setting(String key, SettingScope scope, SettingMechanism mechanism, String attribute, SettingSyntax.Rule syntax, String help) {
        this(key, scope, mechanism, attribute, syntax, null, help);
    }

    /** {@code limit}: the key of the read-only setting of the same scope whose value this one may not exceed. */
    Setting(String key, SettingScope scope, SettingMechanism mechanism, String attribute, SettingSyntax.Rule syntax, String limit,
            String help) {
        this.key = key;
        this.scope = scope;
        this.mechanism = mechanism;
        this.attribute = attribute;
        this.syntax = syntax;
        this.limit = limit;
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

    /** How a value is checked, made canonical and compared with the one read back. */
    public SettingSyntax.Rule syntax() {
        return syntax;
    }

    /** False for a setting the kernel only shows (its value bounds another setting). */
    public boolean writable() {
        return syntax.writable();
    }

    /** The setting of this scope whose value bounds this one from above (max_sectors_kb by max_hw_sectors_kb), if any. */
    public Optional<Setting> limit() {
        return limit == null ? Optional.empty() : find(scope, limit);
    }

    /**
     * The sysfs attributes disktune writes, relative to {@code /sys/block/NAME/}, of the settings of {@code scope} that
     * the kernel takes: the host's allow-list is built from these.
     */
    public static List<String> writableAttributes(SettingScope scope) {
        return Arrays.stream(values()).filter(s -> s.scope == scope && s.mechanism == SettingMechanism.SYSFS && s.writable())
                .map(s -> s.attribute).distinct().toList();
    }

    /** The settings a section of this scope may hold, in table order (a read-only one is known, but not offered). */
    public static List<Setting> of(SettingScope scope) {
        return Arrays.stream(values()).filter(s -> s.scope == scope && s.writable()).toList();
    }

    /** The setting with this key in a section of this scope. */
    public static Optional<Setting> find(SettingScope scope, String key) {
        return Arrays.stream(values()).filter(s -> s.scope == scope && s.key.equals(key)).findFirst();
    }
}
