package org.disktune.modprobe;

/** How another modprobe statement interferes with an option disktune sets. */
public enum ConflictKind {
    /** Another file (sorted after disktune.conf) or the kernel command line sets the parameter differently: its value wins. */
    OVERRIDES_DISKTUNE,
    /** Another file sorted before disktune.conf sets the parameter differently: disktune's value wins, the other is dead. */
    OVERRIDDEN_BY_DISKTUNE,
    /** The module is blacklisted: only loading through an alias (udev, hotplug) is suppressed; explicit and dependency loads still happen. */
    BLACKLISTED,
    /** An install command replaces loading the module: options reach it only if the command passes them on. */
    INSTALL_COMMAND
}
