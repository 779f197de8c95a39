package org.disktune.config;

/** How a setting reaches the kernel. */
public enum SettingMechanism {
    /** A sysfs attribute written live and by disktune's udev rule. */
    SYSFS,
    /** The hdparm program (ATA SET FEATURES and friends), live and from disktune's udev rule. */
    HDPARM,
    /** Mount options: a remount now, the fstab options field for every later mount. */
    MOUNT
}
