package org.disktune.modprobe;

import java.util.List;

/**
 * What disktune knows about one module parameter: its type and range, the default of current
 * kernels, the sysfs permission (0 = no /sys/module file), the PCI ids it matters for (empty = every
 * device the module drives), the effect to expect after the module loads with it, and the source it
 * was checked against.
 */
public record DriverParameter(
        String module,
        String parameter,
        ParameterType type,
        Long minimum,
        Long maximum,
        String defaultValue,
        String sysfsMode,
        List<String> pciIds,
        String expectedEffect,
        String source) {
    public DriverParameter {
        pciIds = List.copyOf(pciIds);
    }

    public boolean visibleInSysfs() {
        return !"0".equals(sysfsMode);
    }

    /** True when the parameter matters for a controller with this "vendor:device" id (lower-case hex). */
    public boolean appliesTo(String pciId) {
        return pciIds.isEmpty() || pciIds.contains(pciId.toLowerCase(java.util.Locale.ROOT));
    }
}
