package org.disktune.tuning;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.disktune.apply.DeleteFile;
import org.disktune.apply.RunProgram;
import org.disktune.apply.WriteFile;
import org.disktune.config.DesiredState;
import org.disktune.config.Setting;
import org.disktune.config.SettingMechanism;
import org.disktune.config.SettingScope;
import org.disktune.config.SettingValue;
import org.disktune.detect.Disk;
import org.disktune.detect.InitSystem;
import org.disktune.detect.MdArray;
import org.disktune.persist.GeneratedRules;
import org.disktune.persist.UdevRulesGenerator;

/**
 * The udev rules file: sysfs settings as ATTR assignments on add and change events, hdparm settings as a RUN of
 * {@code disktune apply --device %k}. Written when it differs from what the configuration gives (deleted when no
 * section needs udev any more); when it changes and udevd runs, the rules are reloaded and replayed ({@code change}) on
 * exactly the devices whose settings they carry.
 */
final class UdevRulesPersistence {
    private final PersistencePlanning p;
    private final boolean udevRunning;

    UdevRulesPersistence(PersistencePlanning p, boolean udevRunning) {
        this.p = p;
        this.udevRunning = udevRunning;
    }

    void plan() {
        Map<SettingValue, String> wanted = new HashMap<>();
        for (EffectiveSetting s : p.tuning.settings()) {
            if (s.wanted() != null) {
                wanted.putIfAbsent(s.origin(), s.wanted());
            }
        }
        GeneratedRules rules = new UdevRulesGenerator().generate(p.state, v -> wanted.getOrDefault(v, unmatched(v)), this::members,
                p.target);
        p.errors.addAll(rules.errors());
        unwritten(rules);
        if (hasHdparm(p.state)) {
            InitSystem init = p.machine.initSystem();
            if (!p.target.systemdRun()) {
                p.notes.add("the udev rules do not run disktune for hdparm settings: this machine has no systemd to start it from udev (init "
                        + init.describe() + "); " + (HdparmConfPersistence.applies(p) ? PersistencePlanner.HDPARM_CONF
                                : RcLocalPersistence.path(p)) + " applies them at boot instead");
            } else if (init.kind() == InitSystem.Kind.UNKNOWN) {
                p.notes.add("the init system of this machine is not known (" + init.evidence() + "): the udev rules apply hdparm settings by "
                        + "systemd-run, which only works when systemd boots it");
                p.uncertain.add(new PersistenceGap(PersistencePlanner.RULES, "hdparm settings", "the rules apply them by systemd-run, and the "
                        + "init system of this machine is not known (" + init.evidence() + "), so whether that runs at boot cannot be told"));
            }
        }
        if (!p.target.mdQueue() && hasMdReadAhead(p.state) && !p.noRulesFile) {
            p.notes.add("md arrays of kernel " + p.machine.kernel() + " have no queue/read_ahead_kb: the udev rules set their readahead with "
                    + UdevRulesGenerator.BLOCKDEV + " --setra (the BLKRASET ioctl) instead");
        }
        byte[] before = p.files.apply(UdevRulesGenerator.PATH);
        byte[] after = rules.text().map(PersistencePlanner::utf8).orElse(null);
        if (Arrays.equals(before, after)) {
            return;
        }
        if (after != null) {
            if (!p.target.devtype()) {
                p.notes.add("kernel " + p.machine.kernel() + " sends no DEVTYPE with block events (2.6.25 added it): the udev rules tell a "
                        + "whole disk by its range attribute instead");
            }
            int sections = rules.sections();
            p.fileSteps.add(new WriteFile(UdevRulesGenerator.PATH, before, after, "udev rules that set the sysfs and hdparm settings of "
                    + sections + (sections == 1 ? " section" : " sections") + " at every boot and hotplug"));
        } else {
            p.fileSteps.add(new DeleteFile(UdevRulesGenerator.PATH, before, "no section of " + p.file + " needs a udev rule any more"));
        }
        if (udevRunning) {
            reload();
        }
    }

    /** udevadm control --reload, then a change event on each device whose settings the rules carry. */
    private void reload() {
        List<String> devices = p.tuning.settings().stream()
                .filter(s -> s.scope() != SettingScope.MOUNT && s.wanted() != null && PersistencePlanner.persistsThroughUdev(s.setting()))
                .map(s -> "/sys/class/block/" + s.target()).distinct().toList();
        p.reload.add(new RunProgram(List.of("udevadm", "control", "--reload"), "load the new udev rules"));
        if (!devices.isEmpty()) {
            List<String> trigger = new ArrayList<>(List.of("udevadm", "trigger", "--action=change"));
            trigger.addAll(devices);
            p.reload.add(new RunProgram(trigger, "replay the rules on the devices they match, as at boot and hotplug"));
        }
    }

    /**
     * Sections whose rule the udev of this machine cannot read are not written: their settings hold until the next
     * boot (a gap verify reports), and the plan says why. A udev of unknown version on a machine not booted by
     * systemd (whose udev is part of systemd from 183) may be one of them: verify cannot tell, so unknown.
     */
    private void unwritten(GeneratedRules rules) {
        for (GeneratedRules.Unwritten u : rules.unwritten()) {
            p.unpersisted.add(PersistenceGap.notCarried(PersistencePlanner.RULES, u.section(), u.reason() + "; the sysfs settings of " + u.section()
                    + " (line " + u.line() + " of " + p.file + ") hold until the next boot", "none that disktune apply can make with this udev: "
                    + "set them at each boot another way, or take them out of " + u.section()));
        }
        p.noRulesFile = rules.text().isEmpty() && !rules.unwritten().isEmpty();
        if (p.noRulesFile) {
            p.notes.add("no udev rules file is written: " + p.machine.udev().describe() + " could read none of its rules");
        } else if (!rules.unwritten().isEmpty()) {
            p.notes.add("the udev rules are written for " + p.machine.udev().describe() + " and kernel " + p.machine.kernel() + ": "
                    + rules.unwritten().size() + (rules.unwritten().size() == 1 ? " section is" : " sections are") + " left out of "
                    + PersistencePlanner.RULES + ", as that udev could not read " + (rules.unwritten().size() == 1 ? "its rule" : "their rules"));
        }
        if (rules.text().isPresent() && !p.machine.udev().known()) {
            p.uncertain.add(new PersistenceGap(PersistencePlanner.RULES, "udev rules", "the udev version of this machine is not known ("
                    + p.machine.udev().evidence() + "), so whether its udev reads these rules (ATTR{} from 098, SYMLINK== from 114, "
                    + "ID_SERIAL_SHORT from 102 or 144) cannot be told"));
        }
    }

    /**
     * The value to write for a section that matches no disk now (a disk plugged in later): a scheduler as written when
     * a disk of this kernel offers that name (deadline, cfq on 2.6), else its current name; other values as given.
     */
    private String unmatched(SettingValue v) {
        if (v.setting() == Setting.SCHEDULER && (p.machine.loadableSchedulers().contains(v.written())
                || p.machine.disks().stream().anyMatch(d -> d.schedulers().contains(v.written())))) {
            return v.written();
        }
        return v.value();
    }

    /** The /dev/disk/by-id names of the disks in an md array now, for match.md in the udev rules. */
    private Optional<List<String>> members(String array) {
        if (p.machine.mdArrays().stream().map(MdArray::name).noneMatch(array::equals)) {
            return Optional.empty();
        }
        DiskFactsBuilder facts = new DiskFactsBuilder();
        List<String> names = new ArrayList<>();
        for (Disk disk : p.machine.disks()) {
            if (!DiskFactsBuilder.isArray(disk) && facts.facts(p.machine, disk).mdArrays().contains(array)) {
                names.add(DesiredStatePlanner.identity(disk));
            }
        }
        return Optional.of(names);
    }

    private static boolean hasHdparm(DesiredState state) {
        return state.disks().stream().flatMap(d -> d.settings().stream())
                .anyMatch(v -> v.setting().mechanism() == SettingMechanism.HDPARM);
    }

    private static boolean hasMdReadAhead(DesiredState state) {
        return state.arrays().stream().flatMap(a -> a.settings().stream())
                .anyMatch(v -> v.setting() == Setting.MD_READ_AHEAD_KB);
    }
}
