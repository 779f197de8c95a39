package org.disktune.tuning;

/** Where one effective setting stands on the machine. */
public enum SettingStatus {
    /** The machine already has the wanted value. */
    IN_STATE,
    /** A sysfs attribute to write: the plan holds a {@link org.disktune.apply.WriteAttribute} for it. */
    CHANGE,
    /**
     * An hdparm or mount setting that differs (or whose current value only hdparm can read): validated
     * here, applied by the persistence work (udev rules, fstab), not by this plan.
     */
    DEFERRED,
    /** The current value cannot be read (the attribute is absent on this kernel): nothing is written. */
    UNKNOWN,
    /** The device does not support the feature (no APM, no write cache): skipped with the reason, never forced. */
    SKIPPED,
    /** The device refuses the setting, or two sections disagree: see the plan's errors. */
    INVALID
}
