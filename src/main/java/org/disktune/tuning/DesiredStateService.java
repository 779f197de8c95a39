package org.disktune.tuning;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.disktune.apply.Change;
import org.disktune.apply.Journal;
import org.disktune.apply.JournalEntry;
import org.disktune.apply.Plan;
import org.disktune.apply.PlanRenderer;
import org.disktune.apply.PostconditionChecker;
import org.disktune.apply.WriteFile;
import org.disktune.config.ConfigProblem;
import org.disktune.config.DesiredState;
import org.disktune.config.DesiredStateReader;
import org.disktune.config.ModuleSection;
import org.disktune.config.ParsedConfig;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.core.Sha256;
import org.disktune.detect.MachineDetector;
import org.disktune.detect.MachineReport;
import org.disktune.host.Host;
import org.disktune.modprobe.DesiredModuleOptions;
import org.disktune.modprobe.DisktuneModprobeFile;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.modprobe.KernelModules;
import org.disktune.modprobe.OptionValidator;
import org.disktune.persist.HdparmConfBlock;
import org.disktune.persist.Fstab;
import org.disktune.persist.UdevRulesDifference;
import org.disktune.persist.UdevRulesGenerator;

/**
 * Backs {@code config check|show}, {@code plan} and {@code apply}: reads the desired state (the host's
 * {@value DesiredStateReader#PATH} or a {@code --config} file), detects the machine, and plans with
 * {@link DesiredStatePlanner} (sysfs settings, live) and {@link ModuleOptionPlanner} (module options through
 * modprobe.d and the initramfs). {@code apply} executes the one plan through the executor: all or nothing.
 */
public final class DesiredStateService {
    private final Host host;
    private final DriverCatalog catalog;
    private final ConfigLocation location;

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
        this.catalog = catalog;
        this.location = location;
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
     * its next boot; empty on the live machine, where they are part of {@code plan}.
     */
    public record DesiredPlan(String file, Plan plan, String rendered, boolean moduleOptionsChange, List<EffectiveSetting> settings,
            Plan atNextBoot, String atNextBootRendered, List<String> absent, List<ConfigProblem> warnings, List<String> notes) {
        public DesiredPlan {
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
     * --config was given. A configuration with problems is a USAGE error.
     */
    public record Evaluation(String file, TuningPlan tuning, DesiredModuleOptions modules, Persistence persistence, boolean live,
            List<HdparmConfOverlap.Overlap> hdparmOverlaps) {
        public Evaluation {
            hdparmOverlaps = List.copyOf(hdparmOverlaps);
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


    public Optional<Evaluation> evaluate() {
        if (location.isHostDefault() && !Files.exists(host.path(DesiredStateReader.PATH))) {
            return Optional.empty();
        }
        Loaded loaded = load();
        DesiredState state = valid(loaded);
        MachineReport machine = detect();
        TuningPlan tuning = tune(state, machine);
        requireNoErrors(tuning.errors());
        PersistencePlanner.Steps steps = new PersistencePlanner(false).plan(state, tuning, machine, files(), modes());
        requireNoErrors(steps.errors());
        return Optional.of(new Evaluation(loaded.shown(), tuning,
                new ConfigModuleOptions(new OptionValidator(catalog)).options(state.modules()), persistence(state, steps), host.live(),
                hdparmOverlaps(tuning)));
    }

    private Persistence persistence(DesiredState state, PersistencePlanner.Steps steps) {
        List<PersistenceGap> gaps = new ArrayList<>();
        List<PersistenceGap> intact = new ArrayList<>();
        List<String> pending = new ArrayList<>();
        for (Change change : steps.files()) {
            Optional<String> touched = LiveSteps.touchedFile(change);
            if (touched.isPresent()) {
                String f = touched.get();
                pending.add(f);
                if (change instanceof WriteFile w && w.oldBytes() != null && f.equals(UdevRulesGenerator.PATH)) {
                    rulesDifference(w, intact, gaps);
                } else if (change instanceof WriteFile w && w.changesMode() && java.util.Arrays.equals(w.oldBytes(), w.newBytes())) {
                    gaps.add(new PersistenceGap(f, f, "holds the settings but is not executable (mode " + w.oldMode() + "), and boot runs it "
                            + "only when it is", "not executable", " (it makes " + f + " executable: chmod " + w.oldMode() + " -> " + w.newMode()
                            + ", journaled and undoable), or chmod " + w.newMode() + " " + f));
                } else {
                    gaps.add(new PersistenceGap(f, f, (Files.exists(host.path(f)) ? "differs from the configuration" : "is missing") + " ("
                            + change.reason() + ")"));
                }
            }
        }
        gaps.addAll(steps.unpersisted());
        List<String> inPlace = new ArrayList<>();
        for (String file : steps.carriers()) {
            if (!pending.contains(file)) {
                inPlace.add(file);
            }
        }
        return new Persistence(inPlace, gaps, intact, steps.uncertain());
    }

    /**
     * The udev rules file on disk against the generated one, as udev reads them: the same rules (only comments or
     * blank lines differ) keep the settings; different ones are named. It was edited by hand when no journal entry
     * wrote exactly these bytes; otherwise disktune wrote it from an earlier configuration.
     */
    private void rulesDifference(WriteFile w, List<PersistenceGap> intact, List<PersistenceGap> gaps) {
        String f = w.path();
        String sha = Sha256.of(w.oldBytes());
        boolean byHand = new Journal(host).entries().stream()
                .flatMap(e -> e.files().stream())
                .noneMatch(r -> r.path().equals(f) && sha.equals(r.newSha256()));
        List<String> differences = UdevRulesDifference.of(new String(w.oldBytes(), StandardCharsets.UTF_8),
                new String(w.newBytes(), StandardCharsets.UTF_8), f);
        if (differences.isEmpty()) {
            intact.add(new PersistenceGap(f, f, (byHand ? "edited by hand (comments only)" : "written from an earlier configuration "
                    + "(comments only)") + ", settings intact; disktune apply rewrites its comments"));
        } else {
            gaps.add(new PersistenceGap(f, f, (byHand ? "edited by hand: " : "differs from the configuration: ")
                    + UdevRulesDifference.summary(differences) + " (" + w.reason() + ")"));
        }
    }

    public CheckResult check() {
        Loaded loaded = load();
        List<ConfigProblem> errors = new ArrayList<>(loaded.parsed().errors());
        if (!loaded.parsed().ok()) {
            return new CheckResult(loaded.shown(), errors, loaded.parsed().state().warnings(), List.of());
        }
        errors.addAll(unknownModules(loaded));
        MachineReport machine = detect();
        TuningPlan tuning = new DesiredStatePlanner().plan(loaded.parsed().state(), machine, fstab());
        errors.addAll(tuning.errors());
        if (tuning.errors().isEmpty()) {
            errors.addAll(new PersistencePlanner(false).plan(loaded.parsed().state(), tuning, machine, files(), modes()).errors());
            errors.sort(java.util.Comparator.comparingInt(ConfigProblem::line));
        }
        return new CheckResult(loaded.shown(), errors, loaded.parsed().state().warnings(), tuning.absent());
    }

    public ShowResult show() {
        Loaded loaded = load();
        DesiredState state = valid(loaded);
        TuningPlan tuning = tune(state, detect());
        requireNoErrors(tuning.errors());
        return new ShowResult(loaded.shown(), tuning.settings(), tuning.absent(), state.warnings(), tuning.notes());
    }

    public DesiredPlan plan() {
        return plan(true);
    }

    private DesiredPlan plan(boolean checkModuleNames) {
        Loaded loaded = load();
        DesiredState state = valid(loaded);
        if (checkModuleNames) {
            requireNoErrors(unknownModules(loaded));
        }
        MachineReport machine = detect();
        TuningPlan tuning = tune(state, machine);
        requireNoErrors(tuning.errors());
        PersistencePlanner.Steps persistence = new PersistencePlanner(udevRunning()).plan(state, tuning, machine, files(), modes());
        requireNoErrors(persistence.errors());
        List<String> notes = new ArrayList<>(tuning.notes());
        persistence.unpersisted().forEach(u -> notes.add("until the next boot only: " + u.cause()));
        notes.addAll(persistence.notes());
        hdparmOverlaps(tuning).forEach(o -> notes.add("hdparm.conf: " + o.message()));
        List<Change> changes = new ArrayList<>();

        ConfigModuleOptions options = new ConfigModuleOptions(new OptionValidator(catalog));
        byte[] modprobe = read(DisktuneModprobeFile.PATH);
        DesiredModuleOptions wanted = options.options(state.modules());
        if (modprobe != null && DisktuneModprobeFile.writtenBeforeConfiguration(modprobe)) {
            if (location.isHostDefault()) {
                byte[] taken = options.takeInEarlierFile(loaded.bytes(), loaded.shown(), modprobe, notes);
                if (taken != loaded.bytes()) {
                    changes.add(new WriteFile(DesiredStateReader.PATH, loaded.bytes(), taken,
                            "take the options of the earlier " + DisktuneModprobeFile.PATH + " into " + DesiredStateReader.PATH));
                    wanted = options.options(taken, loaded.shown());
                }
            } else {
                notes.add(DisktuneModprobeFile.PATH + " was written before a configuration existed; with --config its options are "
                        + "replaced by those of " + loaded.shown());
            }
        }
        changes.addAll(persistence.files());
        List<Change> live = new ArrayList<>(tuning.changes());
        live.addAll(persistence.live());
        live.addAll(persistence.reload());
        Plan atNextBoot = Plan.empty();
        if (host.live()) {
            changes.addAll(live);
        } else {
            atNextBoot = new Plan(live);
        }
        Optional<ModuleOptionPlan> modules = new ModuleOptionPlanner(host, catalog).options(wanted, null);
        modules.ifPresent(m -> notes.addAll(m.notes()));
        boolean moduleChange = modules.isPresent() && !modules.get().plan().isEmpty();
        Plan plan = new Plan(changes).then(modules.map(ModuleOptionPlan::plan).orElse(Plan.empty()));
        PlanRenderer renderer = new PlanRenderer();
        return new DesiredPlan(loaded.shown(), plan, renderer.render(plan), moduleChange, tuning.settings(), atNextBoot,
                renderer.render(atNextBoot), tuning.absent(), state.warnings(), notes);
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

    /**
     * {@code apply --boot}, run by disktune.service: makes the live settings that udev cannot reach (mount options,
     * values a device refused when it appeared, settings of arrays assembled late) and checks the rest: files that
     * differ from the configuration and module options are reported as pending, never written, and no image is
     * rebuilt. The outcome is kept in {@value BootStatus#PATH} for verify.
     */
    public BootResult applyAtBoot() {
        requireLive("apply --boot");
        ChangePreflight.requireRoot(host, "apply --boot");
        BootStatus status = new BootStatus(host);
        try {
            DesiredPlan planned = plan(false);
            List<Change> live = new ArrayList<>();
            List<String> pending = new ArrayList<>();
            for (Change change : planned.plan().changes()) {
                if (LiveSteps.isLive(change)) {
                    live.add(change);
                } else {
                    LiveSteps.touchedFile(change).filter(f -> !pending.contains(f)).ifPresent(pending::add);
                }
            }
            Plan applied = new Plan(live);
            String id = new org.disktune.apply.PlanExecutor(PostconditionChecker.NONE).apply(host, applied, "apply --boot")
                    .map(JournalEntry::id).orElse(null);
            BootResult result = new BootResult(applied, id, pending);
            status.write(result, null);
            return result;
        } catch (DisktuneException e) {
            status.write(null, e.getMessage());
            throw e;
        }
    }

    /** What {@code apply --device NAME} ran: each hdparm command line with its outcome. */
    public record DeviceResult(String device, List<String> ran, List<String> failed) {
        public DeviceResult {
            ran = List.copyOf(ran);
            failed = List.copyOf(failed);
        }
    }

    /**
     * {@code apply --device NAME}, run by the udev rule when a disk appears or changes: sets that disk's hdparm
     * settings (udev's ATTR assignments already set its sysfs values) and returns. No lock and no journal: it
     * replays settings that {@code disktune apply} made and journaled, and udev runs it for several disks at once.
     */
    public DeviceResult applyDevice(String device) {
        requireLive("apply --device");
        ChangePreflight.requireRoot(host, "apply --device");
        if (!device.matches("[A-Za-z0-9][A-Za-z0-9._:-]*")) {
            throw DisktuneException.usage("--device " + device + " is not a kernel device name; give one as udev's %k gives it (sdb, nvme0n1)");
        }
        DesiredState state = valid(load());
        MachineReport machine = detect();
        if (machine.disks().stream().noneMatch(d -> d.name().equals(device))) {
            throw DisktuneException.usage("no disk " + device + " on this machine; see disktune detect");
        }
        TuningPlan tuning = tune(state, machine);
        requireNoErrors(tuning.errors());
        PersistencePlanner.Steps persistence = new PersistencePlanner(udevRunning()).plan(state, tuning, machine, files(), modes());
        List<org.disktune.apply.ProgramSetting> settings = new ArrayList<>();
        for (Change change : persistence.live()) {
            LiveSteps.hdparmOf(change, device).ifPresent(settings::add);
        }
        org.disktune.apply.ProgramReplay.Outcome outcome = org.disktune.apply.ProgramReplay.run(host, settings);
        List<String> ran = outcome.ran();
        List<String> failed = outcome.failed();
        return new DeviceResult(device, ran, failed);
    }

    /** The planner's settings, with the drive features only hdparm can read right asked of hdparm on the live machine. */
    private TuningPlan tune(DesiredState state, MachineReport machine) {
        return new HdparmReadback().refine(host, new DesiredStatePlanner().plan(state, machine, fstab()));
    }

    /** The machine's fstab, for mount points it names that are not mounted now; null when it has none. */
    private Fstab fstab() {
        byte[] bytes = read(PersistencePlanner.FSTAB);
        return bytes == null ? null : Fstab.parse(bytes, PersistencePlanner.FSTAB);
    }

    /** Where Debian's /etc/hdparm.conf sets what the configuration sets (the two would fight at every boot). */
    private List<HdparmConfOverlap.Overlap> hdparmOverlaps(TuningPlan tuning) {
        byte[] bytes = read(InitService.HDPARM_CONF);
        if (bytes == null) {
            return List.of();
        }
        java.util.function.Function<String, Optional<String>> kernelNameOf = new java.util.function.Function<>() {
            @Override
            public Optional<String> apply(String devicePath) {
                return InitService.kernelNameOf(host, devicePath);
            }
        };
        // disktune's own stanzas (its carrier on Debian without systemd) are not the administrator's: blanked, lines kept
        return HdparmConfOverlap.find(org.disktune.hdparm.HdparmConfParser.parse(HdparmConfBlock.withoutBlock(bytes), InitService.HDPARM_CONF),
                tuning.settings(),
                kernelNameOf);
    }

    /** {@link #read} as the planners take it; a class, not {@code this::read}: no call site to link on the verify path. */
    private java.util.function.Function<String, byte[]> files() {
        return new java.util.function.Function<>() {
            @Override
            public byte[] apply(String machinePath) {
                return read(machinePath);
            }
        };
    }

    /** The mode of a machine file as the planners take it ({@link Host#mode}). */
    private java.util.function.Function<String, Optional<org.disktune.core.FileMode>> modes() {
        return new java.util.function.Function<>() {
            @Override
            public Optional<org.disktune.core.FileMode> apply(String machinePath) {
                return host.mode(machinePath);
            }
        };
    }

    /** udevd listens on its control socket: new rules can be loaded and replayed now (not in a container or chroot). */
    private boolean udevRunning() {
        return host.live() && Files.exists(host.path("/run/udev/control"));
    }

    private void requireLive(String command) {
        if (!host.live()) {
            throw DisktuneException.usage(command + " acts on the running machine only; without --root or --sample it runs at boot "
                    + "(disktune.service) and from the udev rule");
        }
    }

    public ApplyResult apply(boolean dryRun) {
        if (!dryRun) {
            ChangePreflight.requireRoot(host, "apply");
        }
        DesiredPlan planned = plan();
        if (!dryRun && planned.plan().isEmpty()) { // a re-run after a crash completes the entry it interrupted (issue 15)
            new org.disktune.apply.PlanExecutor(PostconditionChecker.NONE).completeInterrupted(host, "apply " + planned.file());
        }
        if (dryRun || planned.plan().isEmpty()) {
            return new ApplyResult(dryRun, planned, null, null, false);
        }
        if (planned.moduleOptionsChange()) {
            ChangePreflight.requireGenerator(host, new InitramfsRebuildPlanner(host).target(null));
        }
        ChangePreflight.requirePrograms(host, planned.plan());
        JournalEntry entry = new org.disktune.apply.PlanExecutor(new InitramfsPostconditionChecker())
                .apply(host, planned.plan(), "apply " + planned.file()).orElseThrow();
        return new ApplyResult(false, planned, entry.id(), entry.bootId(), planned.moduleOptionsChange());
    }

    private record Loaded(String shown, byte[] bytes, ParsedConfig parsed) {
    }

    private Loaded load() {
        DesiredStateReader reader = new DesiredStateReader(host);
        if (location.isHostDefault()) {
            DesiredStateReader.Loaded loaded = reader.loadDefault().orElseThrow(() -> DisktuneException.usage("no " + DesiredStateReader.PATH
                    + ": write one (disktune init shows a proposal, disktune init --write installs it) or give --config FILE"));
            return new Loaded(DesiredStateReader.PATH, loaded.bytes(), loaded.parsed());
        }
        DesiredStateReader.Loaded loaded = reader.load(location.file(), location.shown());
        return new Loaded(location.shown(), loaded.bytes(), loaded.parsed());
    }

    private static DesiredState valid(Loaded loaded) {
        requireNoErrors(loaded.parsed().errors());
        return loaded.parsed().state();
    }

    /**
     * Each [module NAME] section whose module the tree's kernels prove not to exist (a misspelt name), with the close one:
     * refused where a user plans, applies or checks the configuration; not at boot or when a disk appears, where it would
     * stop every other setting (a kernel update that drops a module is for plan to say).
     */
    private List<ConfigProblem> unknownModules(Loaded loaded) {
        List<ConfigProblem> problems = new ArrayList<>();
        if (loaded.parsed().state() == null || loaded.parsed().state().modules().isEmpty()) {
            return problems;
        }
        KernelModules modules = KernelModules.read(host);
        for (ModuleSection section : loaded.parsed().state().modules()) {
            modules.missing(section.module()).ifPresent(why -> problems.add(new ConfigProblem(loaded.shown(), section.line(),
                    "[module " + section.module() + "]: " + why)));
        }
        return problems;
    }

    private static void requireNoErrors(List<ConfigProblem> errors) {
        if (!errors.isEmpty()) {
            throw DisktuneException.usage(errors.get(0) + (errors.size() > 1
                    ? " (" + (errors.size() - 1) + " more; run disktune config check)" : ""));
        }
    }

    private MachineReport detect() {
        return new MachineDetector(host).detect();
    }

    private byte[] read(String machinePath) {
        Path p = host.path(machinePath);
        try {
            return Files.isRegularFile(p) ? Files.readAllBytes(p) : null;
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot read " + machinePath + ": " + e.getMessage() + "; run as root", e);
        }
    }
}
