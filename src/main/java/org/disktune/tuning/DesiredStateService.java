package org.disktune.tuning;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.disktune.apply.Change;
import org.disktune.apply.JournalEntry;
import org.disktune.apply.Plan;
import org.disktune.apply.PlanRenderer;
import org.disktune.apply.WriteFile;
import org.disktune.config.ConfigProblem;
import org.disktune.config.DesiredState;
import org.disktune.config.DesiredStateReader;
import org.disktune.config.ParsedConfig;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.detect.MachineDetector;
import org.disktune.detect.MachineReport;
import org.disktune.host.Host;
import org.disktune.modprobe.DesiredModuleOptions;
import org.disktune.modprobe.DisktuneModprobeFile;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.modprobe.OptionValidator;

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
     * What {@code plan} shows and {@code apply} executes: the plan (data), its rendering, the settings planned
     * but applied only by a later version (hdparm, mounts), and whether the module options change (a reboot).
     */
    public record DesiredPlan(String file, Plan plan, String rendered, boolean moduleOptionsChange, List<EffectiveSetting> settings,
            List<EffectiveSetting> deferred, List<String> absent, List<ConfigProblem> warnings, List<String> notes) {
        public DesiredPlan {
            settings = List.copyOf(settings);
            deferred = List.copyOf(deferred);
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
    public record Evaluation(String file, TuningPlan tuning, DesiredModuleOptions modules) {
    }

    public Optional<Evaluation> evaluate() {
        if (location.isHostDefault() && !Files.exists(host.path(DesiredStateReader.PATH))) {
            return Optional.empty();
        }
        Loaded loaded = load();
        DesiredState state = valid(loaded);
        TuningPlan tuning = new DesiredStatePlanner().plan(state, detect());
        requireNoErrors(tuning.errors());
        return Optional.of(new Evaluation(loaded.shown(), tuning,
                new ConfigModuleOptions(new OptionValidator(catalog)).options(state.modules())));
    }

    public CheckResult check() {
        Loaded loaded = load();
        List<ConfigProblem> errors = new ArrayList<>(loaded.parsed().errors());
        if (!loaded.parsed().ok()) {
            return new CheckResult(loaded.shown(), errors, loaded.parsed().state().warnings(), List.of());
        }
        TuningPlan tuning = new DesiredStatePlanner().plan(loaded.parsed().state(), detect());
        errors.addAll(tuning.errors());
        return new CheckResult(loaded.shown(), errors, loaded.parsed().state().warnings(), tuning.absent());
    }

    public ShowResult show() {
        Loaded loaded = load();
        DesiredState state = valid(loaded);
        TuningPlan tuning = new DesiredStatePlanner().plan(state, detect());
        requireNoErrors(tuning.errors());
        return new ShowResult(loaded.shown(), tuning.settings(), tuning.absent(), state.warnings(), tuning.notes());
    }

    public DesiredPlan plan() {
        Loaded loaded = load();
        DesiredState state = valid(loaded);
        TuningPlan tuning = new DesiredStatePlanner().plan(state, detect());
        requireNoErrors(tuning.errors());
        List<String> notes = new ArrayList<>(tuning.notes());
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
        changes.addAll(tuning.changes());
        Optional<ModuleOptionPlan> modules = new ModuleOptionPlanner(host, catalog).options(wanted, null);
        modules.ifPresent(m -> notes.addAll(m.notes()));
        boolean moduleChange = modules.isPresent() && !modules.get().plan().isEmpty();
        Plan plan = new Plan(changes).then(modules.map(ModuleOptionPlan::plan).orElse(Plan.empty()));
        List<EffectiveSetting> deferred = tuning.settings().stream().filter(s -> s.status() == SettingStatus.DEFERRED).toList();
        return new DesiredPlan(loaded.shown(), plan, new PlanRenderer().render(plan), moduleChange, tuning.settings(), deferred,
                tuning.absent(), state.warnings(), notes);
    }

    public ApplyResult apply(boolean dryRun) {
        if (!dryRun) {
            ChangePreflight.requireRoot(host, "apply");
        }
        DesiredPlan planned = plan();
        if (dryRun || planned.plan().isEmpty()) {
            return new ApplyResult(dryRun, planned, null, null, false);
        }
        if (planned.moduleOptionsChange()) {
            ChangePreflight.requireGenerator(host, new InitramfsRebuildPlanner(host).target(null));
        }
        JournalEntry entry = new org.disktune.apply.PlanExecutor(new InitramfsPostconditionChecker()).apply(host, planned.plan(), "apply " + planned.file()).orElseThrow();
        return new ApplyResult(false, planned, entry.id(), entry.bootId(), planned.moduleOptionsChange());
    }

    private record Loaded(String shown, byte[] bytes, ParsedConfig parsed) {
    }

    private Loaded load() {
        DesiredStateReader reader = new DesiredStateReader(host);
        if (location.isHostDefault()) {
            Optional<ParsedConfig> parsed = reader.readDefault();
            if (parsed.isEmpty()) {
                throw DisktuneException.usage("no " + DesiredStateReader.PATH + ": write one (disktune init shows a proposal, "
                        + "disktune init --write installs it) or give --config FILE");
            }
            return new Loaded(DesiredStateReader.PATH, read(DesiredStateReader.PATH), parsed.get());
        }
        ParsedConfig parsed = reader.read(location.file(), location.shown());
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(location.file());
        } catch (IOException e) {
            throw DisktuneException.usage("cannot read --config " + location.shown() + ": " + e.getMessage());
        }
        return new Loaded(location.shown(), bytes, parsed);
    }

    private static DesiredState valid(Loaded loaded) {
        requireNoErrors(loaded.parsed().errors());
        return loaded.parsed().state();
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
