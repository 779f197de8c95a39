package org.disktune.cli;

import java.util.List;

import org.disktune.config.ConfigProblem;
import org.disktune.tuning.DesiredStateService.DesiredPlan;
import org.disktune.tuning.EffectiveSetting;

/**
 * The JSON form of a desired-state plan: the file, each step as data, the live steps left for the next boot of a
 * --root or --sample tree ({@code at_next_boot}), what is absent or noted.
 */
record PlanView(String file, boolean empty, boolean moduleOptionsChange, List<PlanStep> steps, String rendered,
        List<EffectiveSetting> settings, List<PlanStep> atNextBoot, List<String> absent, List<String> warnings, List<String> notes) {
    static PlanView of(DesiredPlan p) {
        return new PlanView(p.file(), p.plan().isEmpty(), p.moduleOptionsChange(), PlanStep.of(p.plan()), p.rendered(), p.settings(),
                PlanStep.of(p.atNextBoot()), p.absent(), p.warnings().stream().map(ConfigProblem::toString).toList(), p.notes());
    }
}
