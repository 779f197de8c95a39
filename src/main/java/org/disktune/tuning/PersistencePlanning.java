package org.disktune.tuning;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import org.disktune.apply.Change;
import org.disktune.config.ConfigProblem;
import org.disktune.config.DesiredState;
import org.disktune.core.FileMode;
import org.disktune.detect.MachineReport;
import org.disktune.persist.UdevRulesGenerator;
import org.disktune.persist.UdevTarget;

/**
 * One run of {@link PersistencePlanner}: what each mechanism reads (the configuration, the tuning plan, the machine,
 * its files and their modes) and the steps, problems and notes they add, in the order the mechanisms run.
 */
final class PersistencePlanning {
    final DesiredState state;
    final TuningPlan tuning;
    final MachineReport machine;
    final Function<String, byte[]> files;
    final Function<String, Optional<FileMode>> modes;
    /** The configuration as messages name it. */
    final String file;
    /** What the udev rules of this machine can do. */
    final UdevTarget target;
    final List<Change> fileSteps = new ArrayList<>();
    final List<Change> live = new ArrayList<>();
    final List<Change> reload = new ArrayList<>();
    final List<ConfigProblem> errors = new ArrayList<>();
    final List<PersistenceGap> unpersisted = new ArrayList<>();
    final List<String> notes = new ArrayList<>();
    final List<String> carriers = new ArrayList<>();
    final List<PersistenceGap> uncertain = new ArrayList<>();
    /** The udev of this machine cannot read any rule of the file: it is not a carrier here. */
    boolean noRulesFile;

    PersistencePlanning(DesiredState state, TuningPlan tuning, MachineReport machine, Function<String, byte[]> files,
            Function<String, Optional<FileMode>> modes) {
        this.state = state;
        this.tuning = tuning;
        this.machine = machine;
        this.files = files;
        this.modes = modes;
        this.file = state.source() == null ? "disktune.conf" : state.source();
        this.target = PersistencePlanner.ruleTarget(machine);
    }

    /** The device an hdparm setting names: its /dev/disk/by-id path (found again after its kernel name moved), else /dev/NAME. */
    static String hdparmDevice(EffectiveSetting s) {
        return s.identity() != null ? "/dev/disk/by-id/" + s.identity() : "/dev/" + s.target();
    }
}
