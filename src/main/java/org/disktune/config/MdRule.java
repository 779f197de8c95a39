package org.disktune.config;

import java.util.List;

/**
 * {@code [md NAME]}: settings for a software RAID array, named by its kernel name (md0) or, with
 * {@code match.uuid}, by its array UUID (then NAME is only the label).
 */
public record MdRule(String label, String uuid, int line, List<SettingValue> settings) {
    public MdRule {
        settings = List.copyOf(settings);
    }

    public String section() {
        return "md " + label;
    }
}
