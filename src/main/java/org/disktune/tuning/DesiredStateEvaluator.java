package org.disktune.tuning;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import org.disktune.apply.Change;
import org.disktune.apply.Journal;
import org.disktune.apply.WriteFile;
import org.disktune.config.DesiredState;
import org.disktune.config.DesiredStateReader;
import org.disktune.core.Sha256;
import org.disktune.detect.MachineReport;
import org.disktune.modprobe.KernelModules;
import org.disktune.modprobe.OptionValidator;
import org.disktune.persist.UdevRulesDifference;
import org.disktune.persist.UdevRulesGenerator;

/** The desired state evaluated on this machine for {@code verify}: its settings, module options and how they last. */
final class DesiredStateEvaluator {
    private final DesiredStateInputs inputs;

    DesiredStateEvaluator(DesiredStateInputs inputs) {
        this.inputs = inputs;
    }

    /** Empty when the host has no configuration and no --config was given; a configuration with problems is a USAGE error. */
    Optional<DesiredStateService.Evaluation> evaluate() {
        if (inputs.location().isHostDefault() && !Files.exists(inputs.host().path(DesiredStateReader.PATH))) {
            return Optional.empty();
        }
        DesiredStateInputs.Loaded loaded = inputs.load();
        DesiredState state = DesiredStateInputs.valid(loaded);
        MachineReport machine = inputs.detect();
        TuningPlan tuning = inputs.tune(state, machine);
        DesiredStateInputs.requireNoErrors(tuning.errors());
        PersistencePlanner.Steps steps = inputs.persistence(state, tuning, machine, false);
        DesiredStateInputs.requireNoErrors(steps.errors());
        ModuleRouter.Routed routed = new ModuleRouter(KernelModules.read(inputs.host()), new OptionValidator(inputs.catalog()))
                .route(state.modules());
        return Optional.of(new DesiredStateService.Evaluation(loaded.shown(), tuning, routed.modprobe(), persistence(steps),
                inputs.host().live(), inputs.hdparmOverlaps(tuning), routed.commandLine()));
    }

    private DesiredStateService.Persistence persistence(PersistencePlanner.Steps steps) {
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
                } else if (change instanceof WriteFile w && w.changesMode() && Arrays.equals(w.oldBytes(), w.newBytes())) {
                    gaps.add(new PersistenceGap(f, f, "holds the settings but is not executable (mode " + w.oldMode() + "), and boot runs it "
                            + "only when it is", "not executable", " (it makes " + f + " executable: chmod " + w.oldMode() + " -> " + w.newMode()
                            + ", journaled and undoable), or chmod " + w.newMode() + " " + f));
                } else {
                    gaps.add(new PersistenceGap(f, f, (Files.exists(inputs.host().path(f)) ? "differs from the configuration" : "is missing")
                            + " (" + change.reason() + ")"));
                }
            }
        }
        gaps.addAll(steps.unpersisted());
        List<String> inPlace = steps.carriers().stream().filter(file -> !pending.contains(file)).toList();
        return new DesiredStateService.Persistence(inPlace, gaps, intact, steps.uncertain());
    }

    /**
     * The udev rules file on disk against the generated one, as udev reads them: the same rules (only comments or
     * blank lines differ) keep the settings; different ones are named. It was edited by hand when no journal entry
     * wrote exactly these bytes; otherwise disktune wrote it from an earlier configuration.
     */
    private void rulesDifference(WriteFile w, List<PersistenceGap> intact, List<PersistenceGap> gaps) {
        String f = w.path();
        String sha = Sha256.of(w.oldBytes());
        boolean byHand = new Journal(inputs.host()).entries().stream()
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
}
