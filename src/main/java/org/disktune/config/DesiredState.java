package org.disktune.config;

import java.util.List;

/**
 * The whole configuration: where it was read from ({@code /etc/disktune/disktune.conf} or the
 * {@code --config} file; null for an empty state), its sections in file order, and the warnings that do
 * not stop it from being used (a 2.6 scheduler name with a successor).
 */
public record DesiredState(String source, List<ModuleSection> modules, List<DiskRule> disks, List<MdRule> arrays,
        List<MountRule> mounts, List<ConfigProblem> warnings) {
    public DesiredState {
        modules = List.copyOf(modules);
        disks = List.copyOf(disks);
        arrays = List.copyOf(arrays);
        mounts = List.copyOf(mounts);
        warnings = List.copyOf(warnings);
    }

    public static DesiredState empty(String source) {
        return new DesiredState(source, List.of(), List.of(), List.of(), List.of(), List.of());
    }

    public boolean isEmpty() {
        return modules.isEmpty() && disks.isEmpty() && arrays.isEmpty() && mounts.isEmpty();
    }
}
