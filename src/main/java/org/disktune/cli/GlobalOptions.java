package org.disktune.cli;

/**
 * The options every command shares, as parsed; {@code config} is the --config FILE that replaces
 * /etc/disktune/disktune.conf as the desired state (null: the host's own file). {@code readsOnly} is not an
 * option: a command that only reads the machine sets it ({@link Session#readingHost}), so that a sample can be
 * opened as a read-only view instead of a writable in-memory file system.
 */
public record GlobalOptions(String root, String sample, boolean json, boolean debug, String kernelLog, boolean chroot,
        String config, boolean readsOnly) {
    public GlobalOptions(String root, String sample, boolean json, boolean debug, String kernelLog, boolean chroot) {
        this(root, sample, json, debug, kernelLog, chroot, null, false);
    }

    public GlobalOptions(String root, String sample, boolean json, boolean debug, String kernelLog, boolean chroot,
            String config) {
        this(root, sample, json, debug, kernelLog, chroot, config, false);
    }

    /** These options for a command that only reads the machine. */
    GlobalOptions reading() {
        return new GlobalOptions(root, sample, json, debug, kernelLog, chroot, config, true);
    }
}
