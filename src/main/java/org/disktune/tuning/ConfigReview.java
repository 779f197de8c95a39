package org.disktune.tuning;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.disktune.config.ConfigProblem;
import org.disktune.config.DesiredState;
import org.disktune.detect.MachineReport;

/** {@code config check} and {@code config show}: the configuration's problems on this machine, and its effective settings. */
final class ConfigReview {
    private final DesiredStateInputs inputs;

    ConfigReview(DesiredStateInputs inputs) {
        this.inputs = inputs;
    }

    /** Every problem of the file and, when it parses, of its settings on this machine, in line order. */
    DesiredStateService.CheckResult check() {
        DesiredStateInputs.Loaded loaded = inputs.load();
        List<ConfigProblem> errors = new ArrayList<>(loaded.parsed().errors());
        if (!loaded.parsed().ok()) {
            return new DesiredStateService.CheckResult(loaded.shown(), errors, loaded.parsed().state().warnings(), List.of());
        }
        errors.addAll(inputs.unknownModules(loaded));
        MachineReport machine = inputs.detect();
        TuningPlan tuning = new DesiredStatePlanner().plan(loaded.parsed().state(), machine, inputs.fstab());
        errors.addAll(tuning.errors());
        if (tuning.errors().isEmpty()) {
            errors.addAll(inputs.persistence(loaded.parsed().state(), tuning, machine, false).errors());
            errors.sort(Comparator.comparingInt(ConfigProblem::line));
        }
        return new DesiredStateService.CheckResult(loaded.shown(), errors, loaded.parsed().state().warnings(), tuning.absent());
    }

    /** Every effective setting of every disk, array and mount, with its value now and its origin. */
    DesiredStateService.ShowResult show() {
        DesiredStateInputs.Loaded loaded = inputs.load();
        DesiredState state = DesiredStateInputs.valid(loaded);
        TuningPlan tuning = inputs.tune(state, inputs.detect());
        DesiredStateInputs.requireNoErrors(tuning.errors());
        return new DesiredStateService.ShowResult(loaded.shown(), tuning.settings(), tuning.absent(), state.warnings(), tuning.notes());
    }
}
