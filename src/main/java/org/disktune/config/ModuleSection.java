package org.disktune.config;

import java.util.List;

/** {@code [module NAME]}: options for a kernel module (written to modprobe.d and carried into the initramfs). */
public record ModuleSection(String module, int line, List<ModuleParameter> parameters) {
    public ModuleSection {
        parameters = List.copyOf(parameters);
    }
}
