package org.disktune.kernel;

/** How to read a kernel log. */
public record KernelLogOptions(Boots boots) {

    /** Which boots of a log holding several (syslog files, journal without -b, kern.log) to report. */
    public enum Boots {
        /** Only the last boot: what the running kernel (or the last boot of a saved log) probed. */
        LAST,
        /** Every boot in log order. */
        ALL
    }

    public static KernelLogOptions lastBoot() {
        return new KernelLogOptions(Boots.LAST);
    }

    public static KernelLogOptions allBoots() {
        return new KernelLogOptions(Boots.ALL);
    }
}
