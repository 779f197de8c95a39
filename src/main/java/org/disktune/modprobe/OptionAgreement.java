package org.disktune.modprobe;

/** How a configured option compares with the running kernel. */
public enum OptionAgreement {
    AGREE,
    DISAGREE,
    NOT_LOADED,
    NOT_VISIBLE_IN_SYSFS,
    /** In effect (read from sysfs) but not configured anywhere: the module's default or a runtime change. */
    NOT_CONFIGURED
}
