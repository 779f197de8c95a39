package org.disktune.modprobe;

/** What /sys/module says about one parameter. */
public enum ParameterPresence {
    /** /sys/module/M/parameters/P exists and was read. */
    VALUE,
    /** /sys/module/M does not exist: the module is not loaded (nor built in with parameters). */
    MODULE_NOT_LOADED,
    /** The module is there but the parameter has no sysfs file (permission 0, e.g. libata force). */
    NOT_VISIBLE_IN_SYSFS
}
