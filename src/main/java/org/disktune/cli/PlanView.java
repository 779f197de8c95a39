package org.disktune.cli;

import java.util.List;

import org.disktune.config.ConfigProblem;
import org.disktune.detect.BootLoader;
import org.disktune.tuning.ModuleRoute;
import org.disktune.tuning.DesiredStateService.DesiredPlan;
import org.disktune.tuning.EffectiveSetting;

/**
 * The JSON form of a desired-state plan: the file, each step as data, the live steps left for the next boot of a
 * --root or --sample tree ({@code at_next_boot}), what is absent or noted, where each [module] parameter goes
 * ({@code module_routes}) and the boot loader that takes the kernel command line.
 */
record PlanView(String file, boolean empty, boolean moduleOptionsChange, List<PlanStep> steps, String rendered,
        List<EffectiveSetting> settings, List<PlanStep> atNextBoot, List<String> absent, List<String> warnings, List<String> notes,
        List<ModuleRoute> moduleRoutes, BootLoader bootLoader) {
    static PlanView of(DesiredPlan p) {
        return new PlanView(p.file(), p.plan().isEmpty(), p.moduleOptionsChange(), PlanStep.of(p.plan()), p.rendered(), p.settings(),
                PlanStep.of(p.atNextBoot()), p.absent(), p.warnings().stream().map(ConfigProblem::toString).toList(), p.notes(),
                p.routes(), p.commandLine().bootLoader());
    }
}
