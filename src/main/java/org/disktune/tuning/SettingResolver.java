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
import org.disktune.config.Setting;
import org.disktune.config.SettingMechanism;
import org.disktune.config.SettingScope;
import org.disktune.config.SettingValue;
import org.disktune.config.Specificity;
import org.disktune.detect.MachineReport;
import org.disktune.detect.MdArray;

/**
 * The second half of a {@link DesiredStatePlanner} run: for each device, the values its matching sections offer
 * resolved to one per setting (the most specific section wins; same-rank sections that disagree are an error naming
 * both lines), each checked against the device by the {@link SettingTable} and turned into a setting's status, and
 * a sysfs write where it differs.
 */
final class SettingResolver {
    /** One value offered for one setting of one device, with the rank of the section it came from. */
    record Candidate(Specificity rank, SettingValue value) {
    }

    /** Two same-rank sections disagreeing on one setting; the devices where they meet. */
    private record Conflict(SettingScope scope, Specificity rank, SettingValue first, SettingValue second) {
    }

    private final String file;
    private final MachineReport machine;
    private final SettingTable table;
    final List<EffectiveSetting> settings = new ArrayList<>();
    final List<WriteAttribute> changes = new ArrayList<>();
    final List<ConfigProblem> errors = new ArrayList<>();
    final List<String> notes = new ArrayList<>();
    private final Map<Conflict, Set<String>> conflicts = new LinkedHashMap<>();

    SettingResolver(String file, MachineReport machine) {
        this.file = file;
        this.machine = machine;
        this.table = SettingTable.of(machine);
    }

    /** Each setting from the most specific sections giving it; same-rank disagreements become conflicts. */
    void resolve(Target target, List<Candidate> candidates) {
        Map<Setting, List<Candidate>> bySetting = new EnumMap<>(Setting.class);
        for (Candidate c : candidates) {
            bySetting.computeIfAbsent(c.value().setting(), s -> new ArrayList<>()).add(c);
        }
        for (Map.Entry<Setting, List<Candidate>> e : bySetting.entrySet()) {
            Setting setting = e.getKey();
            Specificity top = e.getValue().stream().map(Candidate::rank).max(Comparator.naturalOrder()).orElseThrow();
            List<SettingValue> tops = e.getValue().stream().filter(c -> c.rank() == top).map(Candidate::value).toList();
            SettingValue chosen = tops.get(0);
            boolean conflicting = false;
            for (SettingValue other : tops.subList(1, tops.size())) {
                if (!SettingTable.same(setting, chosen.value(), other.value())) {
                    conflicting = true;
                    conflicts.computeIfAbsent(new Conflict(target.scope(), top, chosen, other), c -> new LinkedHashSet<>())
                            .add(target.name());
                }
            }
            effective(target, chosen, conflicting);
        }
    }

    /** An error for each pair of same-rank sections that disagree, naming the devices where they meet. */
    void reportConflicts() {
        conflicts.forEach(this::conflictError);
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
}
