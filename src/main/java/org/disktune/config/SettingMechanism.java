package org.disktune.config;

/** How a setting reaches the kernel. */
public enum SettingMechanism {
    /** A sysfs attribute written live (and, from the persistence work on, by a udev rule). */
    SYSFS,
    /** The hdparm program (ATA SET FEATURES and friends); applied by the persistence work, validated now. */
    HDPARM,
    /** Mount options (fstab and a remount); applied by the persistence work, validated now. */
    MOUNT
}
