package org.disktune.modprobe;

import java.util.List;

/**
 * One row of {@code disktune modprobe show}: a parameter, the winning configured value and where
 * it came from (null when not configured), the value in effect, how they compare, and notes
 * (overridden settings, blacklist, install commands, "not visible in sysfs").
 */
public record ModuleOptionStatus(
        String module,
        String parameter,
        String configuredValue,
        String source,
        String runningValue,
        OptionAgreement agreement,
        List<String> notes) {
    public ModuleOptionStatus {
        notes = List.copyOf(notes);
    }
}
