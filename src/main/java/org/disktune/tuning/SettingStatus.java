package org.disktune.tuning;

/** Where one effective setting stands on the machine. */
public enum SettingStatus {
    /** The machine already has the wanted value. */
    IN_STATE,
    /**
     * To change: a sysfs attribute (a {@link org.disktune.apply.WriteAttribute}), a drive feature or a mount option
     * (a {@link org.disktune.apply.ProgramSetting} running hdparm or mount); a drive feature whose value cannot be read
     * (a standby timer: current null) is set every time.
     */
    CHANGE,
    /** The current value cannot be read (the attribute is absent on this kernel): nothing is written. */
    UNKNOWN,
    /** The device does not support the feature (no APM, no write cache): skipped with the reason, never forced. */
    SKIPPED,
    /** The device refuses the setting, or two sections disagree: see the plan's errors. */
    INVALID,
    /**
     * A mount option of a file system that is not mounted now but has an fstab line (a {@code noauto} data disk, a mount a
     * later boot makes): written into that line, no remount; it takes effect when the file system is mounted.
     */
    NOT_MOUNTED
}
