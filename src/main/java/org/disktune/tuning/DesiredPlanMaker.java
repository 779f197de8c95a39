package org.disktune.tuning;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.disktune.apply.Change;
import org.disktune.apply.Plan;
import org.disktune.apply.PlanRenderer;
import org.disktune.apply.WriteFile;
import org.disktune.config.DesiredState;
import org.disktune.config.DesiredStateReader;
import org.disktune.detect.MachineReport;
import org.disktune.boot.CommandLinePlanner;
import org.disktune.config.ModuleSection;
import org.disktune.modprobe.KernelModules;
import org.disktune.modprobe.DisktuneModprobeFile;
import org.disktune.modprobe.OptionValidator;

/**
 * {@code plan}: the one plan {@code apply} executes. The files that make the settings last, then the live steps (on a
 * tree that is not the running machine they are shown as what its next boot does), then the module options through
 * modprobe.d and the initramfs.
 */
final class DesiredPlanMaker {
    private final DesiredStateInputs inputs;

    DesiredPlanMaker(DesiredStateInputs inputs) {
        this.inputs = inputs;
    }

    /** checkModuleNames: refuse [module NAME] sections of modules the kernels do not have (not at boot). */
    DesiredStateService.DesiredPlan plan(boolean checkModuleNames) {
        DesiredStateInputs.Loaded loaded = inputs.load();
        DesiredState state = DesiredStateInputs.valid(loaded);
        if (checkModuleNames) {
            DesiredStateInputs.requireNoErrors(inputs.unknownModules(loaded));
        }
        MachineReport machine = inputs.detect();
        TuningPlan tuning = inputs.tune(state, machine);
        DesiredStateInputs.requireNoErrors(tuning.errors());
        PersistencePlanner.Steps persistence = inputs.persistence(state, tuning, machine, inputs.udevRunning());
        DesiredStateInputs.requireNoErrors(persistence.errors());
        List<String> notes = new ArrayList<>(tuning.notes());
        persistence.unpersisted().forEach(u -> notes.add("until the next boot only: " + u.cause() + (u.fix() == null ? "" : "; fix: " + u.fix())));
        notes.addAll(persistence.notes());
        inputs.hdparmOverlaps(tuning).forEach(o -> notes.add("hdparm.conf: " + o.message()));
        List<Change> changes = new ArrayList<>();
        ModuleRouter.Routed routed = moduleOptions(loaded, state, changes, notes);
        changes.addAll(persistence.files());
        List<Change> live = new ArrayList<>(tuning.changes());
        live.addAll(persistence.live());
        live.addAll(persistence.reload());
        Plan atNextBoot = Plan.empty();
        if (inputs.host().live()) {
            changes.addAll(live);
        } else {
            atNextBoot = new Plan(live);
        }
        Optional<ModuleOptionPlan> modules = new ModuleOptionPlanner(inputs.host(), inputs.catalog()).options(routed.modprobe(), null);
        modules.ifPresent(m -> notes.addAll(m.notes()));
        boolean moduleChange = modules.isPresent() && !modules.get().plan().isEmpty();
        CommandLinePlanner.CommandLinePlan commandLine = new CommandLinePlanner(inputs.host()).plan(routed.commandLine(),
                state.modules().stream().map(ModuleSection::module).collect(java.util.stream.Collectors.toSet()));
        Plan plan = new Plan(changes).then(modules.map(ModuleOptionPlan::plan).orElse(Plan.empty())).then(commandLine.plan());
        PlanRenderer renderer = new PlanRenderer();
        return new DesiredStateService.DesiredPlan(loaded.shown(), plan, renderer.render(plan), moduleChange, tuning.settings(),
                atNextBoot, renderer.render(atNextBoot), tuning.absent(), state.warnings(), notes, routed.routes(), commandLine);
    }

    /**
     * The module options the configuration wants. A modprobe.d file disktune wrote before a configuration existed has
     * its options taken into the host's configuration (a change added to changes); with --config they are replaced.
     */
    private ModuleRouter.Routed moduleOptions(DesiredStateInputs.Loaded loaded, DesiredState state, List<Change> changes,
            List<String> notes) {
        OptionValidator validator = new OptionValidator(inputs.catalog());
        ConfigModuleOptions options = new ConfigModuleOptions(validator);
        ModuleRouter router = new ModuleRouter(KernelModules.read(inputs.host()), validator);
        byte[] modprobe = inputs.read(DisktuneModprobeFile.PATH);
        List<ModuleSection> sections = state.modules();
        if (modprobe != null && DisktuneModprobeFile.writtenBeforeConfiguration(modprobe)) {
            if (inputs.location().isHostDefault()) {
                byte[] taken = options.takeInEarlierFile(loaded.bytes(), loaded.shown(), modprobe, notes);
                if (taken != loaded.bytes()) {
                    changes.add(new WriteFile(DesiredStateReader.PATH, loaded.bytes(), taken,
                            "take the options of the earlier " + DisktuneModprobeFile.PATH + " into " + DesiredStateReader.PATH));
                    sections = options.sections(taken, loaded.shown());
                }
            } else {
                notes.add(DisktuneModprobeFile.PATH + " was written before a configuration existed; with --config its options are "
                        + "replaced by those of " + loaded.shown());
            }
        }
        return router.route(sections);
    }
}
