package org.disktune.tuning;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.disktune.apply.Change;
import org.disktune.config.ConfigProblem;
import org.disktune.config.DesiredState;
import org.disktune.detect.MachineReport;

/**
 * Plans how each setting of the desired state lasts and reaches the machine, beside the sysfs writes of
 * {@link DesiredStatePlanner}: pure, over the configuration, the tuning plan, the machine report and the bytes of
 * the files it edits (read beforehand by the caller; null = no such file).
 */
final class PersistencePlanner {
    /**
     * {@code files}: writes of the udev rules and fstab; {@code live}: hdparm and remount steps; {@code reload}: the
     * udevadm steps that load the new rules and replay them on the devices they match; {@code errors}: settings that
     * cannot be made to last (a match udev cannot see, an fstab line that cannot be edited); {@code notes}.
     */
    record Steps(List<Change> files, List<Change> live, List<Change> reload, List<ConfigProblem> errors, List<String> notes) {
        Steps {
            files = List.copyOf(files);
            live = List.copyOf(live);
            reload = List.copyOf(reload);
            errors = List.copyOf(errors);
            notes = List.copyOf(notes);
        }
    }

    Steps plan(DesiredState state, TuningPlan tuning, MachineReport machine, Function<String, byte[]> files) {
        return new Steps(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    }
}
