package org.disktune.tuning;

import java.util.List;

import org.disktune.apply.Plan;
import org.disktune.initramfs.rebuild.RebuildTarget;

/**
 * What {@code modprobe set/unset} would do: the option (normalized: module and parameter with '_',
 * bools as 1/0; value null for unset), the plan (empty when nothing is to change), the rebuild
 * target and notes for the user (conflicts with other files, why a rebuild is needed).
 */
public record ModuleOptionPlan(String action, String module, String parameter, String value, Plan plan, RebuildTarget target,
        List<String> notes) {
    public ModuleOptionPlan {
        notes = List.copyOf(notes);
    }

    /** "sata_nv adma=1" or "sata_nv adma". */
    public String option() {
        return module + " " + parameter + (value == null ? "" : "=" + value);
    }
}
