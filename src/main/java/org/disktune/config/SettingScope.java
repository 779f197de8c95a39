package org.disktune.config;

/** Which kind of section a setting belongs to. */
public enum SettingScope {
    /** {@code [disk LABEL]}: a whole disk matched by {@code match.*} keys. */
    DISK,
    /** {@code [md NAME]}: a software RAID array. */
    MD,
    /** {@code [mount PATH]}: a mounted file system (its fstab line). */
    MOUNT
}
