package org.disktune.tuning;

import java.math.BigInteger;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.Set;

import org.disktune.config.Setting;
import org.disktune.config.SettingMechanism;
import org.disktune.config.SettingScope;
import org.disktune.config.Transport;
import org.disktune.config.SettingValue;
import org.disktune.detect.Disk;
import org.disktune.detect.MachineReport;
import org.disktune.detect.MdArray;
import org.disktune.detect.Mount;

/**
 * The machine side of every {@link Setting}: how its current value is read from the {@link org.disktune.detect.MachineReport},
 * what the device accepts and which value to write on this kernel, and when two values mean the same
 * ({@code read_ahead_kb} "01024" and 1024, {@code write_cache} on and 1, as the row's syntax says). A sysfs knob of a disk
 * needs nothing here: its row names the attribute detect reads and the bound it may not exceed; only settings with more to
 * say (the scheduler's names, the queue depth's NCQ maximum, the hdparm drive features) have cases of their own. A setting
 * asked of a target of another scope is a bug, whichever it is.
 *
 */
final class SettingTable {
    /** 2.6-era names of current schedulers that run the same algorithm, for a configuration written for blk-mq. */
    private static final Map<String, String> SAME_ALGORITHM_BEFORE_BLK_MQ = Map.of("mq-deadline", "deadline", "none", "noop");
    private static final Set<Transport> ATA_TRANSPORTS = Set.of(Transport.ATA, Transport.IDE);
    private static final Set<String> STRIPED_LEVELS = Set.of("raid4", "raid5", "raid6");

    /**
     * What the device says to one setting: the value to write on this kernel; or (wanted null) why it refuses
     * (a configuration error); or (skip non-null) why this device cannot take it although the configuration is
     * right (a drive without APM matched by a model glob): skipped with that reason, never forced. {@code note}: what
     * an accepted value became and why (a 2.6 scheduler name this kernel no longer offers), null when nothing to say.
     */
    record Verdict(String wanted, String refusal, String skip, String note) {
        static Verdict accept(String wanted) {
            return new Verdict(wanted, null, null, null);
        }

        static Verdict accept(String wanted, String note) {
            return new Verdict(wanted, null, null, note);
        }

        static Verdict refuse(String message) {
            return new Verdict(null, message, null, null);
        }

        static Verdict skip(String reason) {
            return new Verdict(null, null, reason, null);
        }

        boolean accepted() {
            return refusal == null && skip == null;
        }

        boolean skipped() {
            return skip != null;
        }
    }

    private final String kernel;
    private final List<String> loadableSchedulers;

    /** {@code kernel}: the running kernel's release (2.6.18-8.el5), null when unknown. */
    SettingTable(String kernel) {
        this(kernel, List.of());
    }

    /**
     * {@code loadableSchedulers}: schedulers built as modules of that kernel, which a write to queue/scheduler loads
     * ({@link MachineReport#loadableSchedulers()}).
     */
    SettingTable(String kernel, List<String> loadableSchedulers) {
        this.kernel = kernel;
        this.loadableSchedulers = List.copyOf(loadableSchedulers);
    }

    /** The table for a machine: its kernel and its loadable schedulers. */
    static SettingTable of(MachineReport machine) {
        return new SettingTable(machine.kernel(), machine.loadableSchedulers());
    }

    // ---- current values -------------------------------------------------------------------------------

    /** The value in effect, null when the machine does not show it. */
    String current(Setting setting, Target target) {
        return target.current(this, setting);
    }

    String current(Setting setting, Disk disk) {
        requireScope(setting, SettingScope.DISK, disk.name());
        if (setting.mechanism() == SettingMechanism.SYSFS) {
            return disk.setting(setting).orElse(null);
        }
        return DriveFeatureSettings.current(setting, disk);
    }

    String current(Setting setting, MdArray array) {
        requireScope(setting, SettingScope.MD, array.name());
        return switch (setting) {
            case MD_READ_AHEAD_KB -> text(array.readAheadKb());
            case STRIPE_CACHE_SIZE -> text(array.stripeCacheSize());
            default -> throw new IllegalStateException("no reader for " + setting.key());
        };
    }

    String current(Setting setting, Mount mount) {
        requireScope(setting, SettingScope.MOUNT, mount.mountPoint());
        return MountOptionSettings.current(setting, mount);
    }

    // ---- what the device accepts ----------------------------------------------------------------------

    Verdict check(SettingValue value, Target target) {
        return target.check(this, value);
    }

    Verdict check(Setting setting, SettingValue v, Disk disk) {
        String name = disk.name();
        requireScope(setting, SettingScope.DISK, name);
        return switch (setting) {
            case SCHEDULER -> scheduler(v, disk);
            case READ_AHEAD_KB -> number(v, 0, null);
            case QUEUE_DEPTH -> queueDepth(v, disk);
            case WRITE_CACHE, APM, STANDBY, ACOUSTIC -> ATA_TRANSPORTS.contains(disk.transport()) ? DriveFeatureSettings.check(v, disk)
                    : Verdict.refuse(v.setting().key() + " is an ATA drive feature set with hdparm, and " + name
                            + " is not an ATA disk (transport " + disk.transport() + "); remove " + v.setting().key() + " from "
                            + section(v) + " or narrow its match");
            case IO32, MULTCOUNT, DMA -> disk.transport() == Transport.IDE && disk.ide() != null
                    ? (setting == Setting.MULTCOUNT ? DriveFeatureSettings.multcount(v, disk) : Verdict.accept(v.value()))
                    : Verdict.refuse(v.setting().key() + " is a legacy IDE setting (hdparm on /proc/ide, gone since Linux 5.14), and "
                            + name + " is not a legacy IDE disk (transport " + disk.transport() + ")"
                            + (disk.transport() == Transport.ATA ? ": its libata driver chooses I/O width, multiple-sector count and DMA itself" : "")
                            + "; remove " + v.setting().key() + " from " + section(v) + " or narrow its match");
            default -> sysfsKnob(setting, v, disk);
        };
    }

    Verdict check(Setting setting, SettingValue v, MdArray array) {
        requireScope(setting, SettingScope.MD, array.name());
        return switch (setting) {
            case MD_READ_AHEAD_KB -> number(v, 0, null);
            case STRIPE_CACHE_SIZE -> array.level() == null || !STRIPED_LEVELS.contains(array.level())
                    ? Verdict.refuse("stripe_cache_size is for RAID4/5/6 arrays, and " + array.name() + " is "
                            + (array.level() == null ? "of unknown level" : array.level()) + ", which has no stripe cache; remove it from "
                            + section(v))
                    : number(v, 17, 32768L);
            default -> throw new IllegalStateException("no check for " + setting.key());
        };
    }

    Verdict check(Setting setting, SettingValue v, Mount mount) {
        requireScope(setting, SettingScope.MOUNT, mount.mountPoint());
        return MountOptionSettings.check(setting, v, kernel);
    }

    /**
     * A sysfs knob of a disk given by its row alone: the disk must show the attribute, and a value bounded by another
     * setting's (max_sectors_kb by max_hw_sectors_kb) may not exceed the disk's; the syntax has made the value canonical.
     */
    private static Verdict sysfsKnob(Setting setting, SettingValue v, Disk disk) {
        String key = setting.key();
        if (setting.mechanism() != SettingMechanism.SYSFS || disk.setting(setting).isEmpty()) {
            return Verdict.refuse(key + ": " + disk.name() + " has no " + setting.attribute().orElse(key) + " (" + disk.transport()
                    + "); remove " + key + " from " + section(v) + " or narrow its match");
        }
        Optional<Setting> limit = setting.limit();
        Optional<String> bound = limit.flatMap(disk::setting);
        if (limit.isPresent() && bound.isPresent() && new BigInteger(v.value()).compareTo(new BigInteger(bound.get())) > 0) {
            return Verdict.refuse(key + " " + v.value() + " is above " + limit.get().key() + " of " + disk.name() + " ("
                    + bound.get() + "); give at most " + bound.get() + " in " + section(v));
        }
        return Verdict.accept(v.value());
    }

    /**
     * The name as written when the kernel offers it (a 2.6 kernel offers noop anticipatory deadline cfq),
     * else its canonical successor, else the same algorithm under its 2.6 name (mq-deadline on a 2.6 kernel
     * is deadline); else, on a disk that offers schedulers, a scheduler the kernel loads on the write (bfq built as a
     * module and not loaded yet).
     */
    private Verdict scheduler(SettingValue v, Disk disk) {
        List<String> offered = disk.schedulers();
        if (offered.isEmpty()) {
            return Verdict.refuse("scheduler: " + disk.name() + " offers no I/O scheduler (no queue/scheduler); remove scheduler from "
                    + section(v) + " or narrow its match");
        }
        for (String candidate : new String[] {v.written(), v.value(), SAME_ALGORITHM_BEFORE_BLK_MQ.get(v.value())}) {
            if (candidate != null && offered.contains(candidate)) {
                return Verdict.accept(candidate, successorNote(v, candidate));
            }
        }
        for (String candidate : new String[] {v.written(), v.value()}) {
            if (loadableSchedulers.contains(candidate)) {
                return Verdict.accept(candidate, successorNote(v, candidate));
            }
        }
        String why = v.written().equals("anticipatory") ? " (anticipatory was removed in Linux 2.6.33 and has no successor)" : "";
        return Verdict.refuse("scheduler " + v.written() + " is not offered by " + disk.name() + why + "; it offers "
                + String.join(" ", offered) + (loadableSchedulers.isEmpty() ? "" : " and the kernel can load "
                + String.join(" ", loadableSchedulers)) + ": choose one of those");
    }

    /** Said when a 2.6 name is written as its blk-mq successor because the kernel does not offer the name itself. */
    private static String successorNote(SettingValue v, String chosen) {
        return chosen.equals(v.written()) || !chosen.equals(v.value()) ? null
                : "scheduler = " + v.written() + " is the Linux 2.6 name, which this kernel does not offer; using its blk-mq successor "
                        + chosen + " (write scheduler = " + chosen + " to silence this)";
    }

    private static Verdict queueDepth(SettingValue v, Disk disk) {
        String name = disk.name();
        if (disk.transport() == Transport.NVME || disk.transport() == Transport.VIRTIO || disk.queueDepth() == null) {
            return Verdict.refuse("queue_depth is for SCSI and ATA disks (device/queue_depth), and " + name + " is a "
                    + disk.transport() + " disk without one; remove queue_depth from " + section(v) + " or narrow its match");
        }
        Verdict number = number(v, 1, null);
        if (!number.accepted()) {
            return number;
        }
        long depth = Long.parseLong(number.wanted());
        if (disk.ncqMaxDepth() != null && depth > disk.ncqMaxDepth()) {
            return Verdict.refuse("queue_depth " + depth + " is above the maximum of " + name + " (" + disk.ncqMaxDepth()
                    + "); give 1.." + disk.ncqMaxDepth() + " (1 turns NCQ off)");
        }
        if (Boolean.FALSE.equals(disk.ncqSupported()) && depth > 1) {
            return Verdict.refuse("queue_depth " + depth + ": " + name + " does not support NCQ, so its queue depth can only be 1;"
                    + " remove queue_depth from " + section(v) + " or narrow its match");
        }
        return number;
    }

    static Verdict number(SettingValue v, long min, Long max) {
        long n;
        try {
            n = Long.parseLong(v.value().strip());
        } catch (NumberFormatException e) {
            return Verdict.refuse(v.setting().key() + " " + v.written() + " is not a whole number; write digits only, e.g. "
                    + v.setting().key() + " = " + Math.max(min, 1));
        }
        if (n < min || (max != null && n > max)) {
            return Verdict.refuse(v.setting().key() + " " + n + " is outside " + min + ".." + (max == null ? "" : max)
                    + "; give a value in that range");
        }
        return Verdict.accept(Long.toString(n));
    }

    // ---- meaning --------------------------------------------------------------------------------------

    /** True when both values mean the same for this setting (null is unknown: never the same). */
    static boolean same(Setting setting, String a, String b) {
        return a != null && b != null && meaning(setting, a).equals(meaning(setting, b));
    }

    private static String meaning(Setting setting, String value) {
        return setting.syntax().meaning(value);
    }

    static String text(Integer value) {
        return value == null ? null : value.toString();
    }

    static String section(SettingValue v) {
        return "[" + v.section() + "]";
    }

    /** A setting asked of a target of another scope is a bug in the caller, whichever setting it is. */
    private static void requireScope(Setting setting, SettingScope scope, String target) {
        if (setting.scope() != scope) {
            throw new IllegalArgumentException(setting.key() + " (" + setting.scope() + ") asked of " + target);
        }
    }
}
