package org.disktune.tuning;

/**
 * Where one {@code [module]} parameter goes and why ("nvme_core is built into 6.1.0-57-cloud-amd64 (modules.builtin)"):
 * {@code plan} shows it.
 */
public record ModuleRoute(String module, String parameter, String value, Destination destination, String reason) {
    public enum Destination {
        /** /etc/modprobe.d/disktune.conf, read when the module loads (also from the initramfs). */
        MODPROBE_D,
        /** The kernel command line, through the boot loader's configuration. */
        KERNEL_COMMAND_LINE;

        public String word() {
            return this == MODPROBE_D ? "modprobe.d" : "kernel command line";
        }
    }

    /** "nvme_core.default_ps_max_latency_us=0 -> kernel command line: nvme_core is built into ..." */
    public String describe() {
        return module + "." + parameter + "=" + value + " -> " + destination.word() + ": " + reason;
    }
}
