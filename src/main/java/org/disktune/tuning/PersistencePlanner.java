package org.disktune.tuning;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import org.disktune.apply.Change;
import org.disktune.apply.DeleteFile;
import org.disktune.apply.ProgramSetting;
import org.disktune.apply.RunProgram;
import org.disktune.apply.ShellWords;
import org.disktune.apply.WriteFile;
import org.disktune.apply.WriteReadAhead;
import org.disktune.config.ConfigProblem;
import org.disktune.config.DesiredState;
import org.disktune.config.DiskRule;
import org.disktune.config.MdRule;
import org.disktune.config.Setting;
import org.disktune.config.SettingMechanism;
import org.disktune.config.SettingScope;
import org.disktune.config.SettingValue;
import org.disktune.core.FileMode;
import org.disktune.detect.DpkgStatus;
import org.disktune.detect.InitSystem;
import org.disktune.detect.KernelRelease;
import org.disktune.detect.MachineReport;
import org.disktune.detect.MdArray;
import org.disktune.hdparm.HdparmArgs;
import org.disktune.hdparm.HdparmConfParser;
import org.disktune.persist.FstabEditor;
import org.disktune.persist.FstabResult;
import org.disktune.persist.GeneratedRules;
import org.disktune.persist.HdparmConfBlock;
import org.disktune.persist.MountArgs;
import org.disktune.persist.MountOptions;
import org.disktune.persist.RcLocalBlock;
import org.disktune.persist.UdevMatches;
import org.disktune.persist.UdevRulesGenerator;

/**
 * Plans how each setting of the desired state lasts and reaches the machine, beside the sysfs writes of
 * {@link DesiredStatePlanner}: pure, over the configuration, the tuning plan, the machine report and the bytes of
 * the files it edits (read beforehand by the caller; null = no such file). One mechanism per kind of setting:
 * <ul>
 * <li>sysfs settings last through the udev rules file (ATTR assignments on add and change events), hdparm
 * settings through the same file (a RUN of {@code disktune apply --device %k}), live through hdparm now;</li>
 * <li>mount options last through the options field of their fstab line, live through {@code mount -o remount};</li>
 * <li>module options through modprobe.d and the initramfs ({@link ModuleOptionPlanner}, not here).</li>
 * </ul>
 */
public final class PersistencePlanner {
    public static final String FSTAB = "/etc/fstab";
    public static final String RULES = UdevRulesGenerator.PATH;
    public static final String RC_D_LOCAL = "/etc/rc.d/rc.local";
    public static final String RC_LOCAL = "/etc/rc.local";
    public static final String HDPARM_CONF = "/etc/hdparm.conf";

    /**
     * {@code files}: writes of the udev rules and fstab; {@code live}: hdparm and remount steps; {@code reload}: the
     * udevadm steps that load the new rules and replay them on the devices they match; {@code errors}: settings that
     * cannot be made to last (a match udev cannot see, an fstab line that cannot be edited); {@code unpersisted}:
     * settings that hold until the next boot only, each with the reason (a mount point fstab does not have); {@code notes}:
     * what the plan says about how settings last on this machine; {@code carriers}: the files that carry settings on this
     * machine ({@link #carriers(DesiredState)}, less the udev rules where its udev can read none of them, plus the rc.local
     * of a machine without systemd); {@code uncertain}: persistence that
     * cannot be told to work from here (a RUN of systemd-run where the init system is not known), for verify's unknown.
     */
    public record Steps(List<Change> files, List<Change> live, List<Change> reload, List<ConfigProblem> errors, List<PersistenceGap> unpersisted,
            List<String> notes, List<String> carriers, List<PersistenceGap> uncertain) {
        public Steps {
            notes = List.copyOf(notes);
            carriers = List.copyOf(carriers);
            uncertain = List.copyOf(uncertain);
            files = List.copyOf(files);
            live = List.copyOf(live);
            reload = List.copyOf(reload);
            errors = List.copyOf(errors);
            unpersisted = List.copyOf(unpersisted);
        }
    }

    private final boolean udevRunning;

    /** {@code udevRunning}: udevd listens ({@code /run/udev/control}), so new rules can be loaded and replayed now. */
    public PersistencePlanner(boolean udevRunning) {
        this.udevRunning = udevRunning;
    }

    /**
     * {@code files}: the bytes of a machine file (null: no such file); {@code modes}: its mode (empty: it cannot be read),
     * asked only of a file that exists.
     */
    public Steps plan(DesiredState state, TuningPlan tuning, MachineReport machine, Function<String, byte[]> files,
            Function<String, Optional<FileMode>> modes) {
        Planning p = new Planning(state, tuning, machine, files, modes);
        p.udev();
        p.rcLocal();
        p.hdparm();
        p.mdReadAhead();
        p.mounts();
        List<String> carriers = new ArrayList<>(carriers(state));
        if (p.noRulesFile) {
            carriers.remove(RULES);
        }
        carriers.addAll(p.carriers);
        return new Steps(p.fileSteps, p.live, p.reload, p.errors, p.unpersisted, p.notes, carriers, p.uncertain);
    }

    private final class Planning {
        final DesiredState state;
        final TuningPlan tuning;
        final MachineReport machine;
        final Function<String, byte[]> files;
        final Function<String, Optional<FileMode>> modes;
        final String file;
        final List<Change> fileSteps = new ArrayList<>();
        final List<Change> live = new ArrayList<>();
        final List<Change> reload = new ArrayList<>();
        final List<ConfigProblem> errors = new ArrayList<>();
        final List<PersistenceGap> unpersisted = new ArrayList<>();
        final List<String> notes = new ArrayList<>();
        final List<String> carriers = new ArrayList<>();
        final List<PersistenceGap> uncertain = new ArrayList<>();
        final UdevRulesGenerator.Target target;
        /** The udev of this machine cannot read any rule of the file: it is not a carrier here. */
        boolean noRulesFile;

        Planning(DesiredState state, TuningPlan tuning, MachineReport machine, Function<String, byte[]> files,
                Function<String, Optional<FileMode>> modes) {
            this.state = state;
            this.tuning = tuning;
            this.machine = machine;
            this.files = files;
            this.modes = modes;
            this.file = state.source() == null ? "disktune.conf" : state.source();
            this.target = ruleTarget(machine);
        }

        /**
         * The udev rules file: written when it differs from what the configuration gives (deleted when no section needs
         * udev any more); when it changes and udevd runs, the rules are reloaded and replayed ({@code change}) on exactly
         * the devices whose settings they carry.
         */
        void udev() {
            Map<ValueKey, String> wanted = new java.util.HashMap<>();
            for (EffectiveSetting s : tuning.settings()) {
                if (s.wanted() != null) {
                    wanted.putIfAbsent(new ValueKey(s.origin()), s.wanted());
                }
            }
            Function<SettingValue, String> write = new Function<>() {
                @Override
                public String apply(SettingValue v) {
                    return wanted.getOrDefault(new ValueKey(v), unmatched(v));
                }
            };
            UdevMatches.MdMembers arrayMembers = new UdevMatches.MdMembers() {
                @Override
                public java.util.Optional<List<String>> byIdNames(String array) {
                    return members(array);
                }
            };
            GeneratedRules rules = new UdevRulesGenerator().generate(state, write, arrayMembers, target);
            errors.addAll(rules.errors());
            unwritten(rules);
            if (hasHdparm(state)) {
                InitSystem init = machine.initSystem();
                if (!target.systemdRun()) {
                    notes.add("the udev rules do not run disktune for hdparm settings: this machine has no systemd to start it from udev (init "
                            + init.describe() + "); " + (debianHdparm() ? HDPARM_CONF : rcLocalPath()) + " applies them at boot instead");
                } else if (init.kind() == InitSystem.Kind.UNKNOWN) {
                    notes.add("the init system of this machine is not known (" + init.evidence() + "): the udev rules apply hdparm settings by "
                            + "systemd-run, which only works when systemd boots it");
                    uncertain.add(new PersistenceGap(RULES, "hdparm settings", "the rules apply them by systemd-run, and the init system of this "
                            + "machine is not known (" + init.evidence() + "), so whether that runs at boot cannot be told"));
                }
            }
            if (!target.mdQueue() && hasMdReadAhead(state) && !noRulesFile) {
                notes.add("md arrays of kernel " + machine.kernel() + " have no queue/read_ahead_kb: the udev rules set their readahead with "
                        + UdevRulesGenerator.BLOCKDEV + " --setra (the BLKRASET ioctl) instead");
            }
            byte[] before = files.apply(UdevRulesGenerator.PATH);
            byte[] after = rules.text().isPresent() ? utf8(rules.text().get()) : null;
            if (Arrays.equals(before, after)) {
                return;
            }
            if (after != null) {
                if (!target.devtype()) {
                    notes.add("kernel " + machine.kernel() + " sends no DEVTYPE with block events (2.6.25 added it): the udev rules tell a "
                            + "whole disk by its range attribute instead");
                }
                int sections = rules.sections();
                fileSteps.add(new WriteFile(UdevRulesGenerator.PATH, before, after, "udev rules that set the sysfs and hdparm settings of "
                        + sections + (sections == 1 ? " section" : " sections") + " at every boot and hotplug"));
            } else {
                fileSteps.add(new DeleteFile(UdevRulesGenerator.PATH, before, "no section of " + file + " needs a udev rule any more"));
            }
            List<String> devices = new ArrayList<>();
            for (EffectiveSetting s : tuning.settings()) {
                if (s.scope() != SettingScope.MOUNT && s.wanted() != null && persistsThroughUdev(s.setting())) {
                    String device = "/sys/class/block/" + s.target();
                    if (!devices.contains(device)) {
                        devices.add(device);
                    }
                }
            }
            if (udevRunning) {
                reload.add(new RunProgram(List.of("udevadm", "control", "--reload"), "load the new udev rules"));
                if (!devices.isEmpty()) {
                    List<String> trigger = new ArrayList<>(List.of("udevadm", "trigger", "--action=change"));
                    trigger.addAll(devices);
                    reload.add(new RunProgram(trigger, "replay the rules on the devices they match, as at boot and hotplug"));
                }
            }
        }

        /**
         * Sections whose rule the udev of this machine cannot read are not written: their settings hold until the next
         * boot (a gap verify reports), and the plan says why. A udev of unknown version on a machine not booted by
         * systemd (whose udev is part of systemd from 183) may be one of them: verify cannot tell, so unknown.
         */
        private void unwritten(GeneratedRules rules) {
            for (GeneratedRules.Unwritten u : rules.unwritten()) {
                unpersisted.add(new PersistenceGap(RULES, u.section(), u.reason() + "; the sysfs settings of " + u.section() + " (line " + u.line()
                        + " of " + file + ") hold until the next boot"));
            }
            noRulesFile = rules.text().isEmpty() && !rules.unwritten().isEmpty();
            if (noRulesFile) {
                notes.add("no udev rules file is written: " + machine.udev().describe() + " could read none of its rules");
            } else if (!rules.unwritten().isEmpty()) {
                notes.add("the udev rules are written for " + machine.udev().describe() + " and kernel " + machine.kernel() + ": "
                        + rules.unwritten().size() + (rules.unwritten().size() == 1 ? " section is" : " sections are") + " left out of "
                        + RULES + ", as that udev could not read " + (rules.unwritten().size() == 1 ? "its rule" : "their rules"));
            }
            if (rules.text().isPresent() && !machine.udev().known()) {
                uncertain.add(new PersistenceGap(RULES, "udev rules", "the udev version of this machine is not known (" + machine.udev().evidence()
                        + "), so whether its udev reads these rules (ATTR{} from 098, SYMLINK== from 114, ID_SERIAL_SHORT from 102 or 144) "
                        + "cannot be told"));
            }
        }

        /**
         * The value to write for a section that matches no disk now (a disk plugged in later): a scheduler as written when
         * a disk of this kernel offers that name (deadline, cfq on 2.6), else its current name; other values as given.
         */
        private String unmatched(SettingValue v) {
            if (v.setting() == Setting.SCHEDULER) {
                if (machine.loadableSchedulers().contains(v.written())) {
                    return v.written();
                }
                for (org.disktune.detect.Disk d : machine.disks()) {
                    if (d.schedulers().contains(v.written())) {
                        return v.written();
                    }
                }
            }
            return v.value();
        }

        /** The /dev/disk/by-id names of the disks in an md array now, for match.md in the udev rules. */
        private java.util.Optional<List<String>> members(String array) {
            boolean present = false;
            for (MdArray a : machine.mdArrays()) {
                if (a.name().equals(array)) {
                    present = true;
                    break;
                }
            }
            if (!present) {
                return java.util.Optional.empty();
            }
            DiskFactsBuilder facts = new DiskFactsBuilder();
            List<String> names = new ArrayList<>();
            for (org.disktune.detect.Disk disk : machine.disks()) {
                if (!DiskFactsBuilder.isArray(disk) && facts.facts(machine, disk).mdArrays().contains(array)) {
                    names.add(DesiredStatePlanner.identity(disk));
                }
            }
            return java.util.Optional.of(names);
        }

        /** The rc.local that runs at the end of a sysvinit boot: Red Hat's /etc/rc.d/rc.local (/etc/rc.local links to it), else /etc/rc.local. */
        String rcLocalPath() {
            return files.apply(RC_D_LOCAL) != null ? RC_D_LOCAL : RC_LOCAL;
        }

        /**
         * Without systemd, the hdparm settings of the disks matched now last through what the machine has: Debian's
         * /etc/hdparm.conf where the hdparm package is installed (its init script and udev helper read the file at boot),
         * else disktune's block of rc.local (as report 004 did by hand), and an rc.local that is not executable is made
         * so (boot skips it otherwise); one whose mode cannot be read is uncertain. The block goes away when nothing needs
         * it. A disk plugged in later is not covered: said in a note.
         */
        void rcLocal() {
            Map<String, List<String>> flags = new LinkedHashMap<>(); // one hdparm per disk: hdparm -c3 -m16 -d1 /dev/hde
            Map<String, List<String>> stanzas = new LinkedHashMap<>(); // the same as hdparm.conf lines: io32_support = 3
            if (!target.systemdRun()) {
                for (EffectiveSetting s : tuning.settings()) {
                    if (s.setting().mechanism() == SettingMechanism.HDPARM && s.wanted() != null
                            && s.status() != SettingStatus.INVALID && s.status() != SettingStatus.SKIPPED) {
                        String device = s.identity() != null ? "/dev/disk/by-id/" + s.identity() : "/dev/" + s.target();
                        List<String> argv = HdparmArgs.set(s.setting(), s.wanted(), device);
                        flags.computeIfAbsent(device, d -> new ArrayList<>()).addAll(argv.subList(1, argv.size() - 1));
                        String key = HdparmConfParser.key(s.setting()).orElseThrow();
                        stanzas.computeIfAbsent(device, d -> new ArrayList<>()).add(key + " = " + argv.get(1).substring(2));
                    }
                }
            }
            if (debianHdparm()) {
                byte[] before = files.apply(HDPARM_CONF);
                byte[] after = HdparmConfBlock.with(before, HdparmConfBlock.block(file, stanzas));
                if (!Arrays.equals(before, after)) {
                    fileSteps.add(new WriteFile(HDPARM_CONF, before, after, stanzas.isEmpty() ? "no hdparm setting needs " + HDPARM_CONF + " any more"
                            : "hdparm settings at every boot through Debian's hdparm package, for the " + stanzas.size()
                                    + (stanzas.size() == 1 ? " disk" : " disks") + " present now"));
                }
                if (!stanzas.isEmpty()) {
                    carriers.add(HDPARM_CONF);
                    notes.add(HDPARM_CONF + " carries the hdparm settings of the disks present now: this Debian machine has no systemd and has the "
                            + "hdparm package, whose boot script applies that file; a disk plugged in later gets them from `disktune apply`");
                }
                stanzas.clear();
                flags.clear(); // and any block an earlier plan left in rc.local goes away below
            }
            List<String> commands = new ArrayList<>();
            flags.forEach((device, options) -> {
                List<String> argv = new ArrayList<>(List.of("hdparm"));
                argv.addAll(options);
                argv.add(device);
                commands.add(ShellWords.join(argv));
            });
            String path = rcLocalPath();
            byte[] before = files.apply(path);
            if (before == null) {
                if (!commands.isEmpty()) {
                    unpersisted.add(new PersistenceGap(path, "hdparm settings", "there is no " + path + " and no systemd, so "
                            + String.join("; ", commands) + " holds until the next boot; create an executable " + path));
                }
                return;
            }
            byte[] after = RcLocalBlock.with(before, RcLocalBlock.block(file, commands));
            // boot runs rc.local only when it is executable (Debian's rc-local, Red Hat's S99local): one that carries the block is made so
            Optional<FileMode> mode = commands.isEmpty() ? Optional.empty() : modes.apply(path);
            FileMode executable = mode.isPresent() && !mode.get().executable() ? mode.get().withExecute() : null;
            if (!Arrays.equals(before, after) || executable != null) {
                String reason = commands.isEmpty() ? "no hdparm setting needs " + path + " any more"
                        : Arrays.equals(before, after) ? "boot runs " + path + " only when it is executable, and it is not: make it so"
                        : "hdparm settings at every boot, which udev cannot apply without systemd, for the " + commands.size()
                                + (commands.size() == 1 ? " disk" : " disks") + " present now"
                                + (executable == null ? "" : "; made executable, as boot runs it only when it is");
                fileSteps.add(executable == null ? new WriteFile(path, before, after, reason)
                        : new WriteFile(path, before, after, mode.get(), executable, reason));
            }
            if (!commands.isEmpty()) {
                if (mode.isPresent()) {
                    carriers.add(path);
                } else {
                    uncertain.add(new PersistenceGap(path, "hdparm settings", "the mode of " + path + " cannot be read, and boot runs it only "
                            + "when it is executable, so whether it applies them cannot be told"));
                }
                notes.add(path + " sets the hdparm settings of the disks present now; a disk plugged in later gets them from `disktune apply`");
            }
        }

        /**
         * Debian's hdparm package carries hdparm settings here: dpkg's status says hdparm is installed and its conffile
         * /etc/hdparm.conf is there (a machine booted by systemd gets them from the udev rules instead).
         */
        private boolean debianHdparm() {
            if (target.systemdRun()) {
                return false;
            }
            byte[] status = files.apply(DpkgStatus.PATH);
            return status != null && files.apply(HDPARM_CONF) != null
                    && DpkgStatus.installedVersion(new String(status, StandardCharsets.ISO_8859_1), "hdparm").isPresent();
        }

        /**
         * The readahead of an md array whose kernel has no queue/read_ahead_kb, set now through the BLKRASET ioctl with
         * the old value journaled for undo; the planner read it through BLKRAGET.
         */
        void mdReadAhead() {
            if (target.mdQueue()) {
                return;
            }
            for (EffectiveSetting s : tuning.settings()) {
                if (s.setting() != Setting.MD_READ_AHEAD_KB || s.status() != SettingStatus.CHANGE || s.current() == null) {
                    continue;
                }
                live.add(new WriteReadAhead(s.target(), s.identity(), s.setting().key(), Long.parseLong(s.current().strip()),
                        Long.parseLong(s.wanted().strip()), s.origin().origin() + ": " + s.setting().key() + " " + s.wanted() + " on "
                                + s.target() + " now (BLKRASET)"));
            }
        }

        /**
         * An hdparm step for each drive feature that differs (or cannot be read: a standby timer), naming the disk by its
         * /dev/disk/by-id path so that the journaled undo finds it after its kernel name moved.
         */
        void hdparm() {
            for (EffectiveSetting s : tuning.settings()) {
                if (s.setting().mechanism() != SettingMechanism.HDPARM || s.status() != SettingStatus.CHANGE) {
                    continue;
                }
                String device = s.identity() != null ? "/dev/disk/by-id/" + s.identity() : "/dev/" + s.target();
                List<String> undo = s.current() == null ? List.of() : HdparmArgs.set(s.setting(), s.current(), device);
                live.add(new ProgramSetting(device, s.target(), s.identity(), s.setting().key(), s.current(), s.wanted(),
                        HdparmArgs.set(s.setting(), s.wanted(), device), undo,
                        s.origin().origin() + ": " + s.setting().key() + " " + s.wanted() + " on " + s.target() + " now"));
            }
        }

        /** Each mount's options into its fstab line (one write for the file), and a remount for each value that differs now. */
        void mounts() {
            Map<String, List<EffectiveSetting>> byMount = new LinkedHashMap<>();
            for (EffectiveSetting s : tuning.settings()) {
                if (s.scope() == SettingScope.MOUNT && s.wanted() != null) {
                    List<EffectiveSetting> ofMount = byMount.get(s.target());
                    if (ofMount == null) {
                        ofMount = new ArrayList<>();
                        byMount.put(s.target(), ofMount);
                    }
                    ofMount.add(s);
                }
            }
            if (byMount.isEmpty()) {
                return;
            }
            byte[] before = files.apply(FSTAB);
            byte[] after = before;
            List<String> why = new ArrayList<>();
            for (Map.Entry<String, List<EffectiveSetting>> e : byMount.entrySet()) {
                String mountPoint = e.getKey();
                MountOptions wanted = options(e.getValue());
                if (after == null) {
                    unpersisted.add(new PersistenceGap(FSTAB, mountPoint, "there is no " + FSTAB + ", so " + describe(e.getValue())
                            + " holds until the next mount"));
                } else {
                    FstabResult result = FstabEditor.set(after, FSTAB, mountPoint, wanted);
                    if (result instanceof FstabResult.Edited edited) {
                        if (edited.changed()) {
                            why.add(FSTAB + ":" + edited.line() + " " + mountPoint + " " + edited.oldOptions() + " -> " + edited.newOptions());
                            after = edited.after();
                        }
                    } else if (result instanceof FstabResult.NotInFstab missing) {
                        unpersisted.add(new PersistenceGap(FSTAB, mountPoint, missing.message()));
                    } else if (result instanceof FstabResult.Refused refused) {
                        errors.add(new ConfigProblem(file, e.getValue().get(0).origin().line(), refused.message()));
                    }
                }
                for (EffectiveSetting s : e.getValue()) {
                    if (s.status() == SettingStatus.CHANGE) {
                        MountOptions one = options(List.of(s));
                        MountOptions back = s.current() == null ? null : options(s.setting(), s.current());
                        live.add(new ProgramSetting(mountPoint, null, null, s.setting().key(), back == null ? null : s.current(),
                                s.wanted(), MountArgs.remount(mountPoint, one),
                                back == null ? List.of() : MountArgs.remount(mountPoint, back),
                                s.origin().origin() + ": " + s.setting().key() + " " + s.wanted() + " on " + mountPoint + " now"));
                    }
                }
            }
            if (!Arrays.equals(before, after)) {
                fileSteps.add(new WriteFile(FSTAB, before, after, "mount options that last: " + String.join("; ", why)));
            }
        }
    }

    private static MountOptions options(List<EffectiveSetting> settings) {
        String atime = null;
        Boolean lazytime = null;
        for (EffectiveSetting s : settings) {
            if (s.setting() == Setting.ATIME) {
                atime = s.wanted();
            } else if (s.setting() == Setting.LAZYTIME) {
                lazytime = yes(s.wanted());
            }
        }
        return new MountOptions(atime, lazytime);
    }

    private static MountOptions options(Setting setting, String value) {
        return setting == Setting.ATIME ? new MountOptions(value, null) : new MountOptions(null, yes(value));
    }

    private static boolean yes(String value) {
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "1", "yes", "on", "true" -> true;
            default -> false;
        };
    }

    private static String describe(List<EffectiveSetting> settings) {
        List<String> described = new ArrayList<>(settings.size());
        for (EffectiveSetting s : settings) {
            described.add(s.setting().key() + " = " + s.wanted());
        }
        return String.join(", ", described);
    }

    /**
     * A setting of the configuration as a map key, equal as the record {@link SettingValue} is equal
     * (all its components), written out so that no record hashCode/equals is bootstrapped on the verify path.
     */
    private static final class ValueKey {
        private final SettingValue value;

        ValueKey(SettingValue value) {
            this.value = value;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof ValueKey other)) {
                return false;
            }
            SettingValue a = value;
            SettingValue b = other.value;
            if (a == b) {
                return true;
            }
            if (a == null || b == null) {
                return false;
            }
            return a.setting() == b.setting() && a.value().equals(b.value()) && a.written().equals(b.written())
                    && a.section().equals(b.section()) && a.line() == b.line();
        }

        @Override
        public int hashCode() {
            SettingValue v = value;
            if (v == null) {
                return 0;
            }
            int h = v.setting().hashCode();
            h = 31 * h + v.value().hashCode();
            h = 31 * h + v.written().hashCode();
            h = 31 * h + v.section().hashCode();
            return 31 * h + v.line();
        }
    }

    /**
     * What the udev rules of {@code machine} can do: systemd-run unless another init system is known; md readahead and
     * DEVTYPE by kernel; the keys its udev reads by udev version (as for a current one when not known).
     */
    public static UdevRulesGenerator.Target ruleTarget(MachineReport machine) {
        boolean ide = machine.disks().stream().anyMatch(d -> d.name().startsWith("hd"));
        return new UdevRulesGenerator.Target(machine.initSystem().kind() != InitSystem.Kind.SYSVINIT,
                MdArray.queueShown(machine.kernel()), machine.udev().version(), KernelRelease.atLeast(machine.kernel(), 2, 6, 25), ide);
    }

    private static boolean hasHdparm(DesiredState state) {
        for (DiskRule d : state.disks()) {
            for (SettingValue v : d.settings()) {
                if (v.setting().mechanism() == SettingMechanism.HDPARM) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean hasMdReadAhead(DesiredState state) {
        for (MdRule a : state.arrays()) {
            for (SettingValue v : a.settings()) {
                if (v.setting() == Setting.MD_READ_AHEAD_KB) {
                    return true;
                }
            }
        }
        return false;
    }

    static boolean persistsThroughUdev(Setting setting) {
        return setting.scope() != SettingScope.MOUNT && setting.mechanism() != SettingMechanism.MOUNT;
    }

    /**
     * The files that carry the settings of {@code state} across reboots: the udev rules (for every [disk] and [md]
     * section with a sysfs or hdparm setting, matched now or not: a disk may be plugged in later) and/or fstab.
     */
    static List<String> carriers(DesiredState state) {
        List<String> files = new ArrayList<>();
        boolean udev = false;
        for (DiskRule d : state.disks()) {
            for (SettingValue v : d.settings()) {
                udev = udev || persistsThroughUdev(v.setting());
            }
        }
        for (MdRule a : state.arrays()) {
            for (SettingValue v : a.settings()) {
                udev = udev || persistsThroughUdev(v.setting());
            }
        }
        boolean fstab = false;
        for (org.disktune.config.MountRule m : state.mounts()) {
            fstab = fstab || !m.settings().isEmpty();
        }
        if (udev) {
            files.add(RULES);
        }
        if (fstab) {
            files.add(FSTAB);
        }
        return files;
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
