package org.disktune.modprobe;

/** Whether kmod reads a configuration file it finds. */
public enum ConfigFileStatus {
    /** Read, in this order. */
    READ,
    /** A file of the same name in an earlier directory hides it. */
    HIDDEN,
    /** /etc/modprobe.conf on a system with kmod: kmod never reads it (module-init-tools did). */
    LEGACY_NOT_READ,
    /** A modprobe.d file whose name does not end in ".conf": kmod skips it (module-init-tools read it). */
    NOT_CONF_IGNORED
}
