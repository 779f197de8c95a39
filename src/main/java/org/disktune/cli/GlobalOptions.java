package org.disktune.cli;

/**
 * The options every command shares, as parsed; {@code config} is the --config FILE that replaces
 * /etc/disktune/disktune.conf as the desired state (null: the host's own file).
 */
public record GlobalOptions(String root, String sample, boolean json, boolean debug, String kernelLog, boolean chroot,
        String config) {
    public GlobalOptions(String root, String sample, boolean json, boolean debug, String kernelLog, boolean chroot) {
        this(root, sample, json, debug, kernelLog, chroot, null);
    }
}
