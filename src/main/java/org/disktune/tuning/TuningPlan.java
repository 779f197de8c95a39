package org.disktune.tuning;

import java.util.List;

import org.disktune.apply.Plan;
import org.disktune.apply.WriteAttribute;
import org.disktune.config.ConfigProblem;

/**
 * What {@link DesiredStatePlanner} found: every effective setting per device (for {@code config show} and
 * {@code verify}), the sysfs writes that bring the machine to the desired state (in order: disks by name,
 * then arrays, each in the table order of {@link org.disktune.config.Setting}), the configuration errors
 * (file and line; when there is any, {@code changes} is empty: a plan is all or nothing), the sections that
 * match nothing on this machine (not an error: a disk may be unplugged) and notes (values that cannot be
 * read, settings applied by a later version, the file's warnings).
 */
public record TuningPlan(List<EffectiveSetting> settings, List<WriteAttribute> changes, List<ConfigProblem> errors,
        List<String> absent, List<String> notes) {
    public TuningPlan {
        settings = List.copyOf(settings);
        changes = List.copyOf(changes);
        errors = List.copyOf(errors);
        absent = List.copyOf(absent);
        notes = List.copyOf(notes);
        if (!errors.isEmpty() && !changes.isEmpty()) {
            throw new IllegalArgumentException("a plan with configuration errors makes no changes");
        }
    }

    /** True when the configuration has no error for this machine. */
    public boolean valid() {
        return errors.isEmpty();
    }

    /** The changes as an executable plan (empty when there are errors). */
    public Plan plan() {
        return new Plan(List.copyOf(changes));
    }
}
