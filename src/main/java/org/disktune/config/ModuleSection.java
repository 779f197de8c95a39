package org.disktune.config;

import java.util.List;

/**
 * {@code [module NAME]}: options for a kernel module, and {@code via}: where they go. With {@code via = auto} (the
 * default) a parameter goes to modprobe.d (carried into the initramfs) unless the module is built into an installed
 * kernel, where only the kernel command line reaches it; {@code via = cmdline} sends it to the kernel command line always.
 */
public record ModuleSection(String module, int line, List<ModuleParameter> parameters, Via via) {
    /** The key of a {@code [module]} section that is not a module parameter. */
    public static final String VIA_KEY = "via";

    public enum Via {
        AUTO, CMDLINE;

        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public ModuleSection {
        parameters = List.copyOf(parameters);
        via = via == null ? Via.AUTO : via;
    }

    public ModuleSection(String module, int line, List<ModuleParameter> parameters) {
        this(module, line, parameters, Via.AUTO);
    }
}
