package org.disktune.modprobe;

/**
 * Where a modprobe directive came from: a file and its first line (the line a continued statement
 * starts on), or the kernel command line (line 0).
 */
public record ConfigOrigin(String source, int line) {
    public static final String KERNEL_COMMAND_LINE = "kernel command line";

    public static ConfigOrigin kernelCommandLine() {
        return new ConfigOrigin(KERNEL_COMMAND_LINE, 0);
    }

    public boolean commandLine() {
        return KERNEL_COMMAND_LINE.equals(source);
    }

    /** "/etc/modprobe.d/sata.conf:3" or "kernel command line". */
    public String describe() {
        return commandLine() ? source : source + ":" + line;
    }
}
