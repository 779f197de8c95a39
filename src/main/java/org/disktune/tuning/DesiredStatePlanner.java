package org.disktune.tuning;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.disktune.config.ConfigProblem;
import org.disktune.config.DesiredState;
import org.disktune.config.DiskFacts;
import org.disktune.config.DiskMatch;
import org.disktune.config.DiskRule;
import org.disktune.config.MdRule;
import org.disktune.config.MountRule;
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
        List<String> names = disk.byId().stream().filter(n -> !n.contains("-part")).sorted().toList();
        return BY_ID_PREFERENCE.stream().flatMap(prefix -> names.stream().filter(n -> n.startsWith(prefix))).findFirst()
                .orElse(names.isEmpty() ? null : names.get(0));
    }

    /** "md-uuid-UUID" as udev names the array, null when the UUID is unknown. */
    public static String identity(MdArray array) {
        return array.uuid() == null ? null : "md-uuid-" + array.uuid();
    }

    /** Problems by line, then by message. */
    private static final Comparator<ConfigProblem> BY_LINE_THEN_MESSAGE =
            Comparator.comparingInt(ConfigProblem::line).thenComparing(ConfigProblem::message);
    private static final Comparator<Disk> DISKS_BY_NAME = Comparator.comparing(Disk::name, DEVICE_ORDER);
    private static final Comparator<MdArray> ARRAYS_BY_NAME = Comparator.comparing(MdArray::name, DEVICE_ORDER);
    private static final Comparator<Mount> MOUNTS_BY_POINT = Comparator.comparing(Mount::mountPoint);

    /** The state of one planning run. */
    private final class Planning {
        private final DesiredState desired;
        private final MachineReport machine;
        private final Fstab fstab;
        private final String file;
        private final SettingResolver resolver;
        private final List<String> absent = new ArrayList<>();

        Planning(DesiredState desired, MachineReport machine, Fstab fstab) {
            this.desired = desired;
            this.machine = machine;
            this.fstab = fstab;
            this.file = desired.source() == null ? "disktune.conf" : desired.source();
            this.resolver = new SettingResolver(file, machine);
        }

        TuningPlan run() {
            disks();
            arrays();
            mounts();
            resolver.reportConflicts();
            List<ConfigProblem> errors = resolver.errors;
            errors.sort(BY_LINE_THEN_MESSAGE);
            desired.warnings().forEach(w -> resolver.notes.add(w.toString()));
            return new TuningPlan(resolver.settings, errors.isEmpty() ? resolver.changes : List.of(), errors, absent, resolver.notes);
        }

        /** Each disk with the sections that match it; a section that matches none is absent. */
        private void disks() {
            List<DiskRule> rules = desired.disks();
            boolean[] matched = new boolean[rules.size()];
            List<Disk> disks = machine.disks().stream().filter(d -> !DiskFactsBuilder.isArray(d)).sorted(DISKS_BY_NAME).toList();
            for (Disk disk : disks) {
                DiskFacts facts = factsBuilder.facts(machine, disk);
                List<SettingResolver.Candidate> candidates = new ArrayList<>();
                for (int i = 0; i < rules.size(); i++) {
                    DiskRule rule = rules.get(i);
                    if (!rule.matches(facts)) {
                        continue;
                    }
                    matched[i] = true;
                    DiskMatch.Name unforced = rule.matches().stream().filter(m -> m instanceof DiskMatch.Name n && !n.forced())
                            .map(DiskMatch.Name.class::cast).findFirst().orElse(null);
                    if (unforced != null && facts.hasStableIdentity()) {
                        resolver.errors.add(new ConfigProblem(file, unforced.line(), nameRefused(rule, unforced, facts)));
                        continue;
                    }
                    for (SettingValue v : rule.settings()) {
                        if (v.setting().scope() == SettingScope.DISK) {
                            candidates.add(new SettingResolver.Candidate(rule.specificity(), v));
                        }
                    }
                }
                resolver.resolve(new Target.OfDisk(disk, facts, identity(disk)), candidates);
            }
            for (int i = 0; i < rules.size(); i++) {
                DiskRule rule = rules.get(i);
                if (!matched[i]) {
                    List<String> keys = rule.matches().stream().map(m -> m.key() + " = " + m.value()).toList();
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
                List<SettingResolver.Candidate> candidates = new ArrayList<>();
                for (int i = 0; i < rules.size(); i++) {
                    MdRule rule = rules.get(i);
                    boolean byUuid = rule.uuid() != null;
                    if (byUuid ? sameUuid(rule.uuid(), array.uuid()) : rule.label().equals(array.name())) {
                        matched[i] = true;
                        for (SettingValue v : rule.settings()) {
                            if (v.setting().scope() == SettingScope.MD) {
                                candidates.add(new SettingResolver.Candidate(byUuid ? Specificity.IDENTITY : Specificity.NAME, v));
                            }
                        }
                    }
                }
                resolver.resolve(new Target.OfArray(array, identity(array)), candidates);
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
                List<SettingResolver.Candidate> candidates = new ArrayList<>();
                for (int i = 0; i < rules.size(); i++) {
                    MountRule rule = rules.get(i);
                    if (mountPoint(rule.mountPoint()).equals(mountPoint(mount.mountPoint()))) {
                        matched[i] = true;
                        for (SettingValue v : rule.settings()) {
                            if (v.setting().scope() == SettingScope.MOUNT) {
                                candidates.add(new SettingResolver.Candidate(Specificity.NAME, v));
                            }
                        }
                    }
                }
                resolver.resolve(new Target.OfMount(mount), candidates);
            }
            Map<String, List<SettingResolver.Candidate>> unmounted = new LinkedHashMap<>();
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
                List<SettingResolver.Candidate> candidates = unmounted.computeIfAbsent(point, p -> new ArrayList<>());
                for (SettingValue v : rule.settings()) {
                    if (v.setting().scope() == SettingScope.MOUNT) {
                        candidates.add(new SettingResolver.Candidate(Specificity.NAME, v));
                    }
                }
            }
            for (Map.Entry<String, List<SettingResolver.Candidate>> e : unmounted.entrySet()) {
                FstabEntry line = lines.get(e.getKey());
                List<String> options = e.getValue().stream().map(c -> c.value().setting().key() + " = " + c.value().written()).toList();
                resolver.notes.add(e.getKey() + " is not mounted now, so no remount is done: its " + fstab.file() + " line " + line.line()
                        + " carries " + String.join(", ", options) + ", in effect once it is mounted");
                resolver.resolve(new Target.OfUnmounted(new Mount(line.spec(), e.getKey(), line.type(), List.of())), e.getValue());
            }
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
