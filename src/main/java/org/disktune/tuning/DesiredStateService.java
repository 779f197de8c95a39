package org.disktune.tuning;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.disktune.apply.JournalEntry;
import org.disktune.boot.CommandLinePlanner;
import org.disktune.boot.KernelParameter;
import org.disktune.apply.Plan;
import org.disktune.apply.PlanExecutor;
import org.disktune.apply.PostconditionChecker;
import org.disktune.config.ConfigProblem;
import org.disktune.config.DesiredStateReader;
import org.disktune.host.Host;
import org.disktune.modprobe.DesiredModuleOptions;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.apply.ChangePreflight;
import org.disktune.initramfs.rebuild.InitramfsRebuildPlanner;
import org.disktune.initramfs.rebuild.InitramfsPostconditionChecker;

/**
 * Backs {@code config check|show}, {@code plan} and {@code apply}: reads the desired state (the host's
 * {@value DesiredStateReader#PATH} or a {@code --config} file), detects the machine, and plans with
 * {@link DesiredStatePlanner} (sysfs settings, live) and {@link ModuleOptionPlanner} (module options through
 * modprobe.d and the initramfs). {@code apply} executes the one plan through the executor: all or nothing.
 * One class per command: {@link ConfigReview} ({@code config check|show}), {@link DesiredPlanMaker} ({@code plan}),
 * {@link DesiredStateEvaluator} (for {@code verify}), {@link BootApplier} ({@code apply --boot|--device}), all reading
 * through {@link DesiredStateInputs}.
 */
public final class DesiredStateService {
    private final Host host;
    private final DesiredStateInputs inputs;

    /**
     * Where the desired state comes from: {@code file} null for the host's own configuration, else a file the
     * user named with --config ({@code shown} as they wrote it).
     */
    public record ConfigLocation(Path file, String shown) {
        public static ConfigLocation hostDefault() {
            return new ConfigLocation(null, DesiredStateReader.PATH);
        }

        boolean isHostDefault() {
            return file == null;
        }
    }

    public DesiredStateService(Host host, DriverCatalog catalog, ConfigLocation location) {
        this.host = host;
        this.inputs = new DesiredStateInputs(host, catalog, location);
    }

    /** {@code config check}: every problem of the file and of its settings on this machine. */
    public record CheckResult(String file, List<ConfigProblem> errors, List<ConfigProblem> warnings, List<String> absent) {
        public CheckResult {
            errors = List.copyOf(errors);
            warnings = List.copyOf(warnings);
            absent = List.copyOf(absent);
        }

        public boolean ok() {
            return errors.isEmpty();
        }
    }

    /** {@code config show}: every effective setting of every disk, array and mount, with its value now and its origin. */
    public record ShowResult(String file, List<EffectiveSetting> settings, List<String> absent, List<ConfigProblem> warnings,
            List<String> notes) {
        public ShowResult {
            settings = List.copyOf(settings);
            absent = List.copyOf(absent);
            warnings = List.copyOf(warnings);
            notes = List.copyOf(notes);
        }
    }

    /**
     * What {@code plan} shows and {@code apply} executes: the plan (data) and its rendering, whether the module options
     * change (a reboot), and {@code atNextBoot}: on a tree that is not the running machine (--root, --sample) the live
     * steps (sysfs writes, hdparm, remounts, udev reloads) that the written udev rules, fstab and boot unit make at
     * its next boot; empty on the live machine, where they are part of {@code plan}. {@code routes}: where each
     * {@code [module]} parameter goes (modprobe.d or the kernel command line) and why; {@code commandLine}: the boot
     * loader and the steps for the kernel command line.
     */
    public record DesiredPlan(String file, Plan plan, String rendered, boolean moduleOptionsChange, List<EffectiveSetting> settings,
            Plan atNextBoot, String atNextBootRendered, List<String> absent, List<ConfigProblem> warnings, List<String> notes,
            List<ModuleRoute> routes, CommandLinePlanner.CommandLinePlan commandLine) {
        public DesiredPlan {
            routes = List.copyOf(routes);
            settings = List.copyOf(settings);
            absent = List.copyOf(absent);
            warnings = List.copyOf(warnings);
            notes = List.copyOf(notes);
        }
    }

    /** What {@code apply} did: the plan, the journal entry (null when nothing changed or for a dry run). */
    public record ApplyResult(boolean dryRun, DesiredPlan planned, String journalId, String bootId, boolean rebootNeeded) {
        public boolean changed() {
            return !planned.plan().isEmpty();
        }
    }

    /**
     * The desired state evaluated on this machine, for verify: the file, its settings with their values now
     * (from {@link DesiredStatePlanner}) and its module options; empty when the host has no configuration and no
     * --config was given. A configuration with problems is a USAGE error. {@code modules}: the options for modprobe.d;
     * {@code commandLine}: the parameters for the kernel command line (of built-in modules, or via = cmdline).
     */
    public record Evaluation(String file, TuningPlan tuning, DesiredModuleOptions modules, Persistence persistence, boolean live,
            List<HdparmConfOverlap.Overlap> hdparmOverlaps, List<KernelParameter> commandLine) {
        public Evaluation {
            hdparmOverlaps = List.copyOf(hdparmOverlaps);
            commandLine = List.copyOf(commandLine);
        }
    }

    /**
     * How the settings last, for verify: the files that carry them and are in place ({@code inPlace}), each gap:
     * a file that is missing or differs from the configuration, or a setting nothing makes last (a mount point
     * without an fstab line), each naming the file to fix; and the udev rules file when it differs only in what udev
     * does not read (comments, blank lines): the settings are intact ({@code intact}, with what differs); and what
     * cannot be told ({@code uncertain}: a rule whose run depends on an init system the tree does not show).
     */
    public record Persistence(List<String> inPlace, List<PersistenceGap> gaps, List<PersistenceGap> intact,
            List<PersistenceGap> uncertain) {
        public Persistence {
            inPlace = List.copyOf(inPlace);
            gaps = List.copyOf(gaps);
            intact = List.copyOf(intact);
            uncertain = List.copyOf(uncertain);
        }
    }

    /**
     * What {@code apply --boot} did: the live steps it made again (empty when udev had already set everything),
     * the journal entry (null when nothing changed) and what it left for a full {@code disktune apply} (files that
     * differ from the configuration, module options: never rebuilt at boot).
     */
    public record BootResult(Plan applied, String journalId, List<String> pending) {
        public BootResult {
            pending = List.copyOf(pending);
        }
    }

    /** What {@code apply --device NAME} ran: each hdparm command line with its outcome. */
    public record DeviceResult(String device, List<String> ran, List<String> failed) {
        public DeviceResult {
            ran = List.copyOf(ran);
            failed = List.copyOf(failed);
        }
    }

    /** The desired state evaluated on this machine, for verify ({@link Evaluation}). */
    public Optional<Evaluation> evaluate() {
        return new DesiredStateEvaluator(inputs).evaluate();
    }

    /** {@code config check}: every problem of the file and of its settings on this machine. */
    public CheckResult check() {
        return new ConfigReview(inputs).check();
    }

    /** {@code config show}: every effective setting with its value now and its origin. */
    public ShowResult show() {
        return new ConfigReview(inputs).show();
    }

    /** {@code plan}: what {@code apply} would do. */
    public DesiredPlan plan() {
        return new DesiredPlanMaker(inputs).plan(true);
    }

    /**
     * {@code apply --boot}, run by disktune.service: the live settings udev cannot reach, the rest reported as pending;
     * the outcome is kept in {@value BootStatus#PATH} for verify.
     */
    public BootResult applyAtBoot() {
        return new BootApplier(inputs).applyAtBoot();
    }

    /** {@code apply --device NAME}, run by the udev rule when a disk appears or changes: that disk's hdparm settings. */
    public DeviceResult applyDevice(String device) {
        return new BootApplier(inputs).applyDevice(device);
    }

    /** {@code apply}: the plan executed through the executor, all or nothing; with dryRun only planned. */
    public ApplyResult apply(boolean dryRun) {
        if (!dryRun) {
            ChangePreflight.requireRoot(host, "apply");
        }
        DesiredPlan planned = plan();
        if (!dryRun && planned.plan().isEmpty()) { // a re-run after a crash completes the entry it interrupted (issue 15)
            new PlanExecutor(PostconditionChecker.NONE).completeInterrupted(host, "apply " + planned.file());
        }
        if (dryRun || planned.plan().isEmpty()) {
            return new ApplyResult(dryRun, planned, null, null, false);
        }
        if (planned.moduleOptionsChange()) {
            new InitramfsRebuildPlanner(host).target(null).requireRunnable(host);
        }
        new CommandLinePlanner(host).requireRunnable(planned.commandLine());
        LiveSteps.requirePrograms(host, planned.plan());
        JournalEntry entry = new PlanExecutor(new InitramfsPostconditionChecker())
                .apply(host, planned.plan(), "apply " + planned.file()).orElseThrow();
        return new ApplyResult(false, planned, entry.id(), entry.bootId(), planned.moduleOptionsChange() || !planned.commandLine().plan().isEmpty());
    }
}
