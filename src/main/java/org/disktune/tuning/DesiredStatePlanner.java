package org.disktune.tuning;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.disktune.apply.WriteAttribute;
import org.disktune.config.ConfigProblem;
import org.disktune.config.DesiredState;
import org.disktune.config.DiskFacts;
import org.disktune.config.DiskMatch;
import org.disktune.config.DiskRule;
import org.disktune.config.MdRule;
import org.disktune.config.MountRule;
import org.disktune.config.Setting;
import org.disktune.config.SettingMechanism;
import org.disktune.config.SettingScope;
import org.disktune.config.SettingValue;
import org.disktune.config.Specificity;
import org.disktune.detect.Disk;
import org.disktune.detect.MachineReport;
import org.disktune.detect.MdArray;
import org.disktune.detect.Mount;
import org.disktune.persist.Fstab;
import org.disktune.persist.FstabEntry;

/**
 * Plans the runtime settings of a {@link DesiredState} on a machine read beforehand: pure, no host.
 *
 * <ul>
 * <li>Disks: every {@code [disk]} section all of whose {@code match.*} keys hold applies; each setting comes
 * from the most specific section giving it ({@link Specificity}: identity, product, class, name). Two
 * sections of the same rank giving different values for one setting of one disk are an error naming both
 * lines; the same value twice is fine. {@code match.name} on a disk with a stable identity is an error unless
 * forced: kernel names move between boots.</li>
 * <li>Arrays: {@code [md NAME]} by kernel name, or by {@code match.uuid} (compared without case and without
 * {@code :}/{@code -}). Mounts: {@code [mount PATH]} by mount point; one that is not mounted now but has an fstab
 * line is planned for that line ({@link SettingStatus#NOT_MOUNTED}).</li>
 * <li>Every value is checked against the device (the scheduler it offers, its maximum queue depth, the RAID
 * level, the transport for hdparm settings, the kernel for mount options) and turned into the value to
 * write on this kernel.</li>
 * <li>Each sysfs setting that differs becomes a {@link WriteAttribute}; an hdparm or mount setting that differs (or
 * whose value only hdparm could read: a standby timer) has status {@link SettingStatus#CHANGE}, and
 * {@link PersistencePlanner} makes its hdparm or remount step. A section that matches
 * nothing is reported as absent, not as an error. Any error empties the changes: all or nothing.</li>
 * </ul>
 * {@code [module]} sections are not planned here: module options go through modprobe.d and the initramfs
 * ({@link ModuleOptionPlanner}).
 */
public final class DesiredStatePlanner {
    private static final DeviceOrder DEVICE_ORDER = new DeviceOrder();
    private static final List<String> BY_ID_PREFERENCE = List.of("wwn-", "ata-", "nvme-", "scsi-", "virtio-", "usb-", "mmc-");

    private final DiskFactsBuilder factsBuilder = new DiskFactsBuilder();

    public TuningPlan plan(DesiredState desired, MachineReport machine) {
        return plan(desired, machine, null);
    }

    /**
     * As {@link #plan(DesiredState, MachineReport)}, with the machine's {@code fstab} (null: none): a {@code [mount]}
     * section for a mount point that is not mounted now but has an fstab line gets its settings as
     * {@link SettingStatus#NOT_MOUNTED} (written into that line, no remount) instead of being absent.
     */
    public TuningPlan plan(DesiredState desired, MachineReport machine, Fstab fstab) {
        return new Planning(desired, machine, fstab).run();
    }

    /**
     * The stable name of a disk for journals and messages: a /dev/disk/by-id name (a {@code wwn-} name first,
     * then {@code ata-}, {@code nvme-}, {@code scsi-} ...), null when udev gave it none.
     */
    public static String identity(Disk disk) {
        List<String> names = new ArrayList<>();
        for (String n : disk.byId()) {
            if (!n.contains("-part")) {
                names.add(n);
            }
        }
        names.sort(null);
        for (String prefix : BY_ID_PREFERENCE) {
            for (String name : names) {
                if (name.startsWith(prefix)) {
                    return name;
                }
            }
        }
        return names.isEmpty() ? null : names.get(0);
    }

    /** "md-uuid-UUID" as udev names the array, null when the UUID is unknown. */
    public static String identity(MdArray array) {
        return array.uuid() == null ? null : "md-uuid-" + array.uuid();
    }

    /** One value offered for one setting of one device, with the rank of the section it came from. */
    private record Candidate(Specificity rank, SettingValue value) {
    }

    /** Two same-rank sections disagreeing on one setting; the devices where they meet. */
    private record Conflict(SettingScope scope, Specificity rank, SettingValue first, SettingValue second) {
    }

    /*
     * The comparators below are classes, not Comparator.comparing(...): on JDK 17 each lambda or method reference linked
     * in a run costs about 0.3 ms of start-up, and the planner runs on every verify.
     */

    /** Problems by line, then by message. */
    private static final Comparator<ConfigProblem> BY_LINE_THEN_MESSAGE = new Comparator<>() {
        @Override
        public int compare(ConfigProblem a, ConfigProblem b) {
            int byLine = Integer.compare(a.line(), b.line());
            return byLine != 0 ? byLine : a.message().compareTo(b.message());
        }
    };

    /** Disks by kernel name in device order (sda, sdb, ..., sdz, sdaa). */
    private static final Comparator<Disk> DISKS_BY_NAME = new Comparator<>() {
        @Override
        public int compare(Disk a, Disk b) {
            return DEVICE_ORDER.compare(a.name(), b.name());
        }
    };

    /** Arrays by kernel name in device order. */
    private static final Comparator<MdArray> ARRAYS_BY_NAME = new Comparator<>() {
        @Override
        public int compare(MdArray a, MdArray b) {
            return DEVICE_ORDER.compare(a.name(), b.name());
        }
    };

    /** Mounts by mount point. */
    private static final Comparator<Mount> MOUNTS_BY_POINT = new Comparator<>() {
        @Override
        public int compare(Mount a, Mount b) {
            return a.mountPoint().compareTo(b.mountPoint());
        }
    };

    /** The state of one planning run. */
    private final class Planning {
        private final DesiredState desired;
        private final MachineReport machine;
        private final Fstab fstab;
        private final String file;
        private final SettingTable table;
        private final List<EffectiveSetting> settings = new ArrayList<>();
        private final List<WriteAttribute> changes = new ArrayList<>();
        private final List<ConfigProblem> errors = new ArrayList<>();
        private final List<String> absent = new ArrayList<>();
        private final List<String> notes = new ArrayList<>();
        private final Map<Conflict, Set<String>> conflicts = new LinkedHashMap<>();

        Planning(DesiredState desired, MachineReport machine, Fstab fstab) {
            this.desired = desired;
            this.machine = machine;
            this.fstab = fstab;
            this.file = desired.source() == null ? "disktune.conf" : desired.source();
            this.table = SettingTable.of(machine);
        }

        TuningPlan run() {
            disks();
            arrays();
            mounts();
            for (Map.Entry<Conflict, Set<String>> conflict : conflicts.entrySet()) {
                conflictError(conflict.getKey(), conflict.getValue());
            }
            errors.sort(BY_LINE_THEN_MESSAGE);
            for (ConfigProblem w : desired.warnings()) {
                notes.add(w.toString());
            }
            return new TuningPlan(settings, errors.isEmpty() ? changes : List.of(), errors, absent, notes);
        }

        /*
         * Which sections matched is kept by their index in the configuration, not in a set of the rule records: a set
         * would bootstrap the records' hashCode (DiskRule, its matches, its settings) on every verify. Equal rules match
         * the same devices, so marking each by index gives what the set gave.
         */
        private void disks() {
            List<DiskRule> rules = desired.disks();
            boolean[] matched = new boolean[rules.size()];
            List<Disk> disks = new ArrayList<>();
            for (Disk d : machine.disks()) {
                if (!DiskFactsBuilder.isArray(d)) {
                    disks.add(d);
                }
            }
            disks.sort(DISKS_BY_NAME);
            for (Disk disk : disks) {
                DiskFacts facts = factsBuilder.facts(machine, disk);
                List<Candidate> candidates = new ArrayList<>();
                for (int i = 0; i < rules.size(); i++) {
                    DiskRule rule = rules.get(i);
                    if (!rule.matches(facts)) {
                        continue;
                    }
                    matched[i] = true;
                    DiskMatch.Name unforced = null;
                    for (DiskMatch m : rule.matches()) {
                        if (m instanceof DiskMatch.Name n && !n.forced()) {
                            unforced = n;
                            break;
                        }
                    }
                    if (unforced != null && facts.hasStableIdentity()) {
                        errors.add(new ConfigProblem(file, unforced.line(), nameRefused(rule, unforced, facts)));
                        continue;
                    }
                    for (SettingValue v : rule.settings()) {
                        if (v.setting().scope() == SettingScope.DISK) {
                            candidates.add(new Candidate(rule.specificity(), v));
                        }
                    }
                }
                resolve(new Target.OfDisk(disk, facts, identity(disk)), candidates);
            }
            for (int i = 0; i < rules.size(); i++) {
                DiskRule rule = rules.get(i);
                if (!matched[i]) {
                    List<String> keys = new ArrayList<>();
                    for (DiskMatch m : rule.matches()) {
                        keys.add(m.key() + " = " + m.value());
                    }
                    absent.add("[" + rule.section() + "] line " + rule.line() + " matches no disk (" + String.join(", ", keys) + ")");
                }
            }
        }

        private void arrays() {
            List<MdRule> rules = desired.arrays();
            boolean[] matched = new boolean[rules.size()];
            List<MdArray> arrays = new ArrayList<>(machine.mdArrays());
            arrays.sort(ARRAYS_BY_NAME);
            for (MdArray array : arrays) {
                List<Candidate> candidates = new ArrayList<>();
                for (int i = 0; i < rules.size(); i++) {
                    MdRule rule = rules.get(i);
                    boolean byUuid = rule.uuid() != null;
                    if (byUuid ? sameUuid(rule.uuid(), array.uuid()) : rule.label().equals(array.name())) {
                        matched[i] = true;
                        for (SettingValue v : rule.settings()) {
                            if (v.setting().scope() == SettingScope.MD) {
                                candidates.add(new Candidate(byUuid ? Specificity.IDENTITY : Specificity.NAME, v));
                            }
                        }
                    }
                }
                resolve(new Target.OfArray(array, identity(array)), candidates);
            }
            for (int i = 0; i < rules.size(); i++) {
                MdRule rule = rules.get(i);
                if (!matched[i]) {
                    absent.add("[" + rule.section() + "] line " + rule.line() + " matches no array ("
                            + (rule.uuid() != null ? "no array has UUID " + rule.uuid() : "no " + rule.label() + " on this machine") + ")");
                }
            }
        }

        private void mounts() {
            Map<String, Mount> visible = new LinkedHashMap<>();
            for (Mount m : machine.mounts()) {
                visible.put(mountPoint(m.mountPoint()), m); // the last mount on a point is the one seen
            }
            List<MountRule> rules = desired.mounts();
            boolean[] matched = new boolean[rules.size()];
            List<Mount> mounts = new ArrayList<>(visible.values());
            mounts.sort(MOUNTS_BY_POINT);
            for (Mount mount : mounts) {
                List<Candidate> candidates = new ArrayList<>();
                for (int i = 0; i < rules.size(); i++) {
                    MountRule rule = rules.get(i);
                    if (mountPoint(rule.mountPoint()).equals(mountPoint(mount.mountPoint()))) {
                        matched[i] = true;
                        for (SettingValue v : rule.settings()) {
                            if (v.setting().scope() == SettingScope.MOUNT) {
                                candidates.add(new Candidate(Specificity.NAME, v));
                            }
                        }
                    }
                }
                resolve(new Target.OfMount(mount), candidates);
            }
            Map<String, List<Candidate>> unmounted = new LinkedHashMap<>();
            Map<String, FstabEntry> lines = new LinkedHashMap<>();
            for (int i = 0; i < rules.size(); i++) {
                MountRule rule = rules.get(i);
                if (matched[i]) {
                    continue;
                }
                String point = mountPoint(rule.mountPoint());
                List<FstabEntry> inFstab = fstab == null ? List.of() : fstab.entries(point).stream().filter(e -> !e.swap()).toList();
                if (inFstab.isEmpty()) {
                    absent.add("[" + rule.section() + "] line " + rule.line() + ": nothing is mounted at " + rule.mountPoint());
                    continue;
                }
                lines.putIfAbsent(point, inFstab.get(0));
                List<Candidate> candidates = unmounted.computeIfAbsent(point, p -> new ArrayList<>());
                for (SettingValue v : rule.settings()) {
                    if (v.setting().scope() == SettingScope.MOUNT) {
                        candidates.add(new Candidate(Specificity.NAME, v));
                    }
                }
            }
            for (Map.Entry<String, List<Candidate>> e : unmounted.entrySet()) {
                FstabEntry line = lines.get(e.getKey());
                List<String> options = e.getValue().stream().map(c -> c.value().setting().key() + " = " + c.value().written()).toList();
                notes.add(e.getKey() + " is not mounted now, so no remount is done: its " + fstab.file() + " line " + line.line()
                        + " carries " + String.join(", ", options) + ", in effect once it is mounted");
                resolve(new Target.OfUnmounted(new Mount(line.spec(), e.getKey(), line.type(), List.of())), e.getValue());
            }
        }

        /** Each setting from the most specific sections giving it; same-rank disagreements become conflicts. */
        private void resolve(Target target, List<Candidate> candidates) {
            Map<Setting, List<Candidate>> bySetting = new EnumMap<>(Setting.class);
            for (Candidate c : candidates) {
                List<Candidate> offered = bySetting.get(c.value().setting());
                if (offered == null) {
                    offered = new ArrayList<>();
                    bySetting.put(c.value().setting(), offered);
                }
                offered.add(c);
            }
            for (Map.Entry<Setting, List<Candidate>> e : bySetting.entrySet()) {
                Setting setting = e.getKey();
                List<Candidate> offered = e.getValue();
                Specificity top = offered.get(0).rank();
                for (Candidate c : offered) {
                    if (c.rank().compareTo(top) > 0) {
                        top = c.rank();
                    }
                }
                List<SettingValue> tops = new ArrayList<>();
                for (Candidate c : offered) {
                    if (c.rank() == top) {
                        tops.add(c.value());
                    }
                }
                SettingValue chosen = tops.get(0);
                boolean conflicting = false;
                for (SettingValue other : tops.subList(1, tops.size())) {
                    if (!SettingTable.same(setting, chosen.value(), other.value())) {
                        conflicting = true;
                        Conflict conflict = new Conflict(target.scope(), top, chosen, other);
                        Set<String> where = conflicts.get(conflict);
                        if (where == null) {
                            where = new LinkedHashSet<>();
                            conflicts.put(conflict, where);
                        }
                        where.add(target.name());
                    }
                }
                effective(target, chosen, conflicting);
            }
        }

        private void effective(Target target, SettingValue value, boolean conflicting) {
            Setting setting = value.setting();
            String current = table.current(setting, target);
            String attribute = setting.mechanism() == SettingMechanism.SYSFS
                    ? "/sys/block/" + target.name() + "/" + setting.attribute().orElseThrow() : null;
            if (conflicting) {
                settings.add(new EffectiveSetting(target.scope(), target.name(), target.identity(), setting, null, current, value, attribute,
                        SettingStatus.INVALID));
                return;
            }
            SettingTable.Verdict verdict = table.check(value, target);
            if (verdict.skipped()) {
                notes.add(target.name() + ": " + setting.key() + " skipped: " + verdict.skip());
                settings.add(new EffectiveSetting(target.scope(), target.name(), target.identity(), setting, null, current, value, attribute,
                        SettingStatus.SKIPPED));
                return;
            }
            if (!verdict.accepted()) {
                errors.add(new ConfigProblem(file, value.line(), verdict.refusal()));
                settings.add(new EffectiveSetting(target.scope(), target.name(), target.identity(), setting, null, current, value, attribute,
                        SettingStatus.INVALID));
                return;
            }
            String wanted = verdict.wanted();
            if (verdict.note() != null) {
                String note = new ConfigProblem(file, value.line(), verdict.note()).toString();
                if (!notes.contains(note)) { // once for the line, not once per disk it matches
                    notes.add(note);
                }
            }
            SettingStatus status;
            if (target instanceof Target.OfUnmounted) {
                status = SettingStatus.NOT_MOUNTED; // the persistence planner writes it into the fstab line, no remount
            } else if (SettingTable.same(setting, wanted, current)) {
                status = SettingStatus.IN_STATE;
            } else if (setting.mechanism() != SettingMechanism.SYSFS) {
                status = SettingStatus.CHANGE; // hdparm and remount steps are planned from these by the persistence planner
            } else if (setting == Setting.MD_READ_AHEAD_KB && !MdArray.queueShown(machine.kernel())) {
                // no queue/read_ahead_kb before 2.6.32: read through BLKRAGET (detect, on the running machine), set by
                // the BLKRASET ioctl (the persistence planner's step) and at boot by the udev rule's RUN of blockdev --setra, where that udev reads it
                status = current == null ? SettingStatus.UNKNOWN : SettingStatus.CHANGE;
                if (current == null) {
                    notes.add(target.name() + ": " + setting.key() + " cannot be read here (md arrays have no queue/read_ahead_kb before "
                            + "Linux 2.6.32; the BLKRAGET ioctl reads it on the running machine), so it is not set now");
                }
            } else if (current == null) {
                status = SettingStatus.UNKNOWN;
                notes.add(target.name() + ": " + setting.key() + " cannot be read (" + attribute + " is not shown), so it is not written; "
                        + value.origin() + " waits for a kernel that shows it");
            } else {
                status = SettingStatus.CHANGE;
                changes.add(new WriteAttribute(attribute, target.name(), target.identity(), current, wanted,
                        value.origin() + ": " + setting.key() + " " + wanted + annotation(value, wanted)));
            }
            settings.add(new EffectiveSetting(target.scope(), target.name(), target.identity(), setting, wanted, current, value, attribute,
                    status));
        }

        private void conflictError(Conflict c, Set<String> targets) {
            String rank = c.rank().name().toLowerCase(Locale.ROOT);
            String fix = c.scope() == SettingScope.DISK && c.rank() != Specificity.IDENTITY
                    ? "make one section more specific (match.wwn, match.serial or match.by-id) or give both the same value"
                    : "keep one of them";
            String where = c.scope() == SettingScope.DISK ? "both " + rank + " sections matching " : "both for ";
            errors.add(new ConfigProblem(file, c.second().line(), c.first().setting().key() + ": " + c.first().origin() + " says "
                    + c.first().written() + " and " + c.second().origin() + " says " + c.second().written() + ", " + where
                    + String.join(", ", targets) + "; " + fix));
        }
    }

    private static String nameRefused(DiskRule rule, DiskMatch.Name name, DiskFacts facts) {
        String stable;
        String fix;
        if (facts.wwn() != null) {
            stable = "WWN " + facts.wwn();
            fix = "match.wwn = " + facts.wwn();
        } else if (facts.serial() != null) {
            stable = "serial " + facts.serial();
            fix = "match.serial = " + facts.serial();
        } else {
            String byId = facts.byId().stream().filter(n -> !n.contains("-part")).sorted().findFirst().orElse(facts.byId().get(0));
            stable = "/dev/disk/by-id/" + byId;
            fix = "match.by-id = " + byId;
        }
        return "[" + rule.section() + "] match.name = " + name.value() + " matches " + facts.name() + ", which has a stable name ("
                + stable + ") while kernel names move between boots; match it by " + fix + ", or add match.name.force = yes";
    }

    /** What the reason line adds to a value: "queue_depth 1 (NCQ off)", "scheduler mq-deadline (for deadline)". */
    private static String annotation(SettingValue value, String wanted) {
        if (value.setting() == Setting.QUEUE_DEPTH && wanted.equals("1")) {
            return " (NCQ off)";
        }
        if (value.setting() == Setting.SCHEDULER && !wanted.equals(value.written())) {
            return " (for " + value.written() + ")";
        }
        return "";
    }

    /** UUIDs as mdadm (a:b:c:d), udev and md/uuid (dashes) print them, compared without case and separators. */
    static boolean sameUuid(String a, String b) {
        return a != null && b != null && uuidDigits(a).equals(uuidDigits(b));
    }

    private static String uuidDigits(String uuid) {
        return uuid.replace(":", "").replace("-", "").toLowerCase(Locale.ROOT);
    }

    private static String mountPoint(String path) {
        return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }
}
