package org.disktune.tuning;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

import org.disktune.apply.Change;
import org.disktune.config.ConfigProblem;
import org.disktune.config.DesiredState;
import org.disktune.config.Setting;
import org.disktune.config.SettingMechanism;
import org.disktune.config.SettingScope;
import org.disktune.core.FileMode;
import org.disktune.detect.InitSystem;
import org.disktune.detect.KernelRelease;
import org.disktune.detect.MachineReport;
import org.disktune.detect.MdArray;
import org.disktune.persist.BlockDevpath;
import org.disktune.persist.UdevRulesGenerator;
import org.disktune.persist.UdevTarget;

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
 * One class per mechanism, run in this order over one {@link PersistencePlanning}: {@link UdevRulesPersistence},
 * {@link RcLocalPersistence} (with {@link HdparmConfPersistence} on Debian without systemd), {@link LiveDeviceSteps}
 * (hdparm and blockdev now), {@link FstabPersistence}.
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
        PersistencePlanning p = new PersistencePlanning(state, tuning, machine, files, modes);
        new UdevRulesPersistence(p, udevRunning).plan();
        RcLocalPersistence.plan(p);
        LiveDeviceSteps.hdparm(p);
        LiveDeviceSteps.mdReadAhead(p);
        FstabPersistence.plan(p);
        List<String> carriers = new ArrayList<>(carriers(state));
        if (p.noRulesFile) {
            carriers.remove(RULES);
        }
        carriers.addAll(p.carriers);
        return new Steps(p.fileSteps, p.live, p.reload, p.errors, p.unpersisted, p.notes, carriers, p.uncertain);
    }

    /**
     * What the udev rules of {@code machine} can do: systemd-run unless another init system is known; md readahead and
     * DEVTYPE by kernel; the keys its udev reads by udev version (as for a current one when not known).
     */
    public static UdevTarget ruleTarget(MachineReport machine) {
        boolean ide = machine.disks().stream().anyMatch(d -> d.name().startsWith("hd"));
        return new UdevTarget(machine.initSystem().kind() != InitSystem.Kind.SYSVINIT,
                MdArray.queueShown(machine.kernel()), machine.udev().version(), KernelRelease.atLeast(machine.kernel(), 2, 6, 25), ide,
                devpath(machine));
    }

    /**
     * What a disk's DEVPATH shows on {@code machine}: only its name when a disk's sysfs directory is /sys/block/NAME
     * itself (no disk: when the kernel is older than 2.6.25), its parents without ATA ports before 2.6.37.
     */
    static BlockDevpath devpath(MachineReport machine) {
        boolean nameOnly = machine.disks().isEmpty() ? !KernelRelease.atLeast(machine.kernel(), 2, 6, 25)
                : machine.disks().stream().anyMatch(d -> d.sysfsPath() != null && d.sysfsPath().startsWith("/sys/block/"));
        if (nameOnly) {
            return BlockDevpath.NAME_ONLY;
        }
        return KernelRelease.atLeast(machine.kernel(), 2, 6, 37) ? BlockDevpath.ATA_PORTS : BlockDevpath.PARENTS;
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
        boolean udev = Stream.concat(state.disks().stream().flatMap(d -> d.settings().stream()),
                state.arrays().stream().flatMap(a -> a.settings().stream()))
                .anyMatch(v -> persistsThroughUdev(v.setting()));
        if (udev) {
            files.add(RULES);
        }
        if (state.mounts().stream().anyMatch(m -> !m.settings().isEmpty())) {
            files.add(FSTAB);
        }
        return files;
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
