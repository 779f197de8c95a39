package org.disktune.config;

import java.util.List;

/** {@code [mount PATH]}: mount options for the file system mounted at PATH (its fstab line). */
public record MountRule(String mountPoint, int line, List<SettingValue> settings) {
    public MountRule {
        settings = List.copyOf(settings);
    }

    public String section() {
        return "mount " + mountPoint;
    }
}
