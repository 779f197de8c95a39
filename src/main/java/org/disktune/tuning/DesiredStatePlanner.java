package org.disktune.tuning;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

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
 * {@code :}/{@code -}). Mounts: {@code [mount PATH]} by mount point.</li>
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
        return new Planning(desired, machine).run();
    }

    /**
     * The stable name of a disk for journals and messages: a /dev/disk/by-id name (a {@code wwn-} name first,
     * then {@code ata-}, {@code nvme-}, {@code scsi-} ...), null when udev gave it none.
     */
    public static String identity(Disk disk) {
        List<String> names = disk.byId().stream().filter(n -> !n.contains("-part")).sorted().toList();
        for (String prefix : BY_ID_PREFERENCE) {
            Optional<String> name = names.stream().filter(n -> n.startsWith(prefix)).findFirst();
            if (name.isPresent()) {
                return name.get();
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

    /** The state of one planning run. */
    private final class Planning {
        private final DesiredState desired;
        private final MachineReport machine;
        private final String file;
        private final SettingTable table;
        private final List<EffectiveSetting> settings = new ArrayList<>();
        private final List<WriteAttribute> changes = new ArrayList<>();
        private final List<ConfigProblem> errors = new ArrayList<>();
        private final List<String> absent = new ArrayList<>();
        private final List<String> notes = new ArrayList<>();
        private final Map<Conflict, Set<String>> conflicts = new LinkedHashMap<>();

        Planning(DesiredState desired, MachineReport machine) {
            this.desired = desired;
            this.machine = machine;
            this.file = desired.source() == null ? "disktune.conf" : desired.source();
            this.table = SettingTable.of(machine);
        }

        TuningPlan run() {
            disks();
            arrays();
            mounts();
            conflicts.forEach(this::conflictError);
            errors.sort(Comparator.comparingInt(ConfigProblem::line).thenComparing(ConfigProblem::message));
            desired.warnings().forEach(w -> notes.add(w.toString()));
            return new TuningPlan(settings, errors.isEmpty() ? changes : List.of(), errors, absent, notes);
        }

        private void disks() {
            Set<DiskRule> matched = new LinkedHashSet<>();
            List<Disk> disks = machine.disks().stream().filter(d -> !DiskFactsBuilder.isArray(d))
                    .sorted(Comparator.comparing(Disk::name, DEVICE_ORDER)).toList();
            for (Disk disk : disks) {
                DiskFacts facts = factsBuilder.facts(machine, disk);
                List<Candidate> candidates = new ArrayList<>();
                for (DiskRule rule : desired.disks()) {
                    if (!rule.matches(facts)) {
                        continue;
                    }
                    matched.add(rule);
                    Optional<DiskMatch.Name> unforced = rule.matches().stream().filter(m -> m instanceof DiskMatch.Name)
                            .map(DiskMatch.Name.class::cast).filter(n -> !n.forced()).findFirst();
                    if (unforced.isPresent() && facts.hasStableIdentity()) {
                        errors.add(new ConfigProblem(file, unforced.get().line(), nameRefused(rule, unforced.get(), facts)));
                        continue;
                    }
                    rule.settings().stream().filter(v -> v.setting().scope() == SettingScope.DISK)
                            .forEach(v -> candidates.add(new Candidate(rule.specificity(), v)));
                }
                resolve(new Target.OfDisk(disk, facts, identity(disk)), candidates);
            }
            for (DiskRule rule : desired.disks()) {
                if (!matched.contains(rule)) {
                    absent.add("[" + rule.section() + "] line " + rule.line() + " matches no disk ("
                            + rule.matches().stream().map(m -> m.key() + " = " + m.value()).collect(Collectors.joining(", ")) + ")");
                }
            }
        }

        private void arrays() {
            Set<MdRule> matched = new LinkedHashSet<>();
            List<MdArray> arrays = machine.mdArrays().stream().sorted(Comparator.comparing(MdArray::name, DEVICE_ORDER)).toList();
            for (MdArray array : arrays) {
                List<Candidate> candidates = new ArrayList<>();
                for (MdRule rule : desired.arrays()) {
                    boolean byUuid = rule.uuid() != null;
                    if (byUuid ? sameUuid(rule.uuid(), array.uuid()) : rule.label().equals(array.name())) {
                        matched.add(rule);
                        rule.settings().stream().filter(v -> v.setting().scope() == SettingScope.MD)
                                .forEach(v -> candidates.add(new Candidate(byUuid ? Specificity.IDENTITY : Specificity.NAME, v)));
                    }
                }
                resolve(new Target.OfArray(array, identity(array)), candidates);
            }
            for (MdRule rule : desired.arrays()) {
                if (!matched.contains(rule)) {
                    absent.add("[" + rule.section() + "] line " + rule.line() + " matches no array ("
                            + (rule.uuid() != null ? "no array has UUID " + rule.uuid() : "no " + rule.label() + " on this machine") + ")");
                }
            }
        }

        private void mounts() {
            Map<String, Mount> visible = new LinkedHashMap<>();
            machine.mounts().forEach(m -> visible.put(mountPoint(m.mountPoint()), m)); // the last mount on a point is the one seen
            Set<MountRule> matched = new LinkedHashSet<>();
            for (Mount mount : visible.values().stream().sorted(Comparator.comparing(Mount::mountPoint)).toList()) {
                List<Candidate> candidates = new ArrayList<>();
                for (MountRule rule : desired.mounts()) {
                    if (mountPoint(rule.mountPoint()).equals(mountPoint(mount.mountPoint()))) {
                        matched.add(rule);
                        rule.settings().stream().filter(v -> v.setting().scope() == SettingScope.MOUNT)
                                .forEach(v -> candidates.add(new Candidate(Specificity.NAME, v)));
                    }
                }
                resolve(new Target.OfMount(mount), candidates);
            }
            for (MountRule rule : desired.mounts()) {
                if (!matched.contains(rule)) {
                    absent.add("[" + rule.section() + "] line " + rule.line() + ": nothing is mounted at " + rule.mountPoint());
                }
            }
        }

        /** Each setting from the most specific sections giving it; same-rank disagreements become conflicts. */
        private void resolve(Target target, List<Candidate> candidates) {
            Map<Setting, List<Candidate>> bySetting = new EnumMap<>(Setting.class);
            candidates.forEach(c -> bySetting.computeIfAbsent(c.value().setting(), s -> new ArrayList<>()).add(c));
            bySetting.forEach((setting, offered) -> {
                Specificity top = offered.stream().map(Candidate::rank).max(Comparator.naturalOrder()).orElseThrow();
                List<SettingValue> tops = offered.stream().filter(c -> c.rank() == top).map(Candidate::value).toList();
                SettingValue chosen = tops.get(0);
                boolean conflicting = false;
                for (SettingValue other : tops.subList(1, tops.size())) {
                    if (!SettingTable.same(setting, chosen.value(), other.value())) {
                        conflicting = true;
                        conflicts.computeIfAbsent(new Conflict(target.scope(), top, chosen, other), k -> new LinkedHashSet<>())
                                .add(target.name());
                    }
                }
                effective(target, chosen, conflicting);
            });
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
            SettingStatus status;
            if (SettingTable.same(setting, wanted, current)) {
                status = SettingStatus.IN_STATE;
            } else if (setting.mechanism() != SettingMechanism.SYSFS) {
                status = SettingStatus.CHANGE; // hdparm and remount steps are planned from these by the persistence planner
            } else if (current == null) {
                status = SettingStatus.UNKNOWN;
                notes.add(target.name() + ": " + setting.key() + " cannot be read (" + attribute + " is not shown"
                        + (setting == Setting.MD_READ_AHEAD_KB ? "; md arrays have no queue directory before Linux 2.6.32" : "")
                        + "), so it is not written; " + value.origin() + " waits for a kernel that shows it");
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
