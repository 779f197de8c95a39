package org.disktune.tuning;

import java.util.List;

/**
 * The outcome of {@code modprobe set|unset} (JSON: snake_case). {@code changed}: the plan was not
 * empty (with {@code dryRun}, it would change something); {@code plan}: the unified diffs and
 * commands; {@code journalId}/{@code bootId}: the journal entry written and the boot it was
 * written in (null for dry runs and when nothing changed); {@code runningValue}: the value in
 * /sys/module now (null when not readable); {@code rebootNeeded}: the running kernel does not yet
 * use what is configured.
 */
public record ModuleOptionResult(String action, String module, String parameter, String value, boolean dryRun, boolean changed,
        String generator, List<String> kernels, List<String> images, String plan, String journalId, String bootId,
        String runningValue, boolean rebootNeeded, List<String> notes) {
    public ModuleOptionResult {
        kernels = List.copyOf(kernels);
        images = List.copyOf(images);
        notes = List.copyOf(notes);
    }

    /** "sata_nv adma=1" or "sata_nv adma". */
    public String option() {
        return module + " " + parameter + (value == null ? "" : "=" + value);
    }
}
