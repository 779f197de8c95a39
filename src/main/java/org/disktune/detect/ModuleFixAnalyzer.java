package org.disktune.detect;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.disktune.modprobe.DriverCatalog;
import org.disktune.modprobe.DriverParameter;

/**
 * Which module options a controller runs without although its chip needs them: sata_nv {@code adma} on
 * nForce4 CK804/MCP04 and {@code swncq} on MCP51/MCP55, the chips named by the driver catalogue's PCI ids.
 * A parameter whose value is unknown never produces a fix.
 */
public final class ModuleFixAnalyzer {
    private final DriverCatalog catalog;

    public ModuleFixAnalyzer(DriverCatalog catalog) {
        this.catalog = catalog;
    }

    /** The fixes for every controller of the report, in controller order. */
    public List<ModuleFix> fixes(MachineReport report) {
        return report.controllers().stream().flatMap(c -> fixes(c).stream()).toList();
    }

    public List<ModuleFix> fixes(Controller c) {
        List<ModuleFix> fixes = new ArrayList<>();
        if (!"sata_nv".equals(c.driver()) || c.vendorId() == null || c.deviceId() == null) {
            return fixes;
        }
        String device = withoutHexPrefix(c.deviceId().toLowerCase(Locale.ROOT));
        String pciId = withoutHexPrefix(c.vendorId().toLowerCase(Locale.ROOT)) + ":" + device;
        if (chipMatters("adma", pciId) && isOff(c.moduleParameters().get("adma"))) {
            fixes.add(new ModuleFix(c.pciAddress(), "sata_nv", "adma", "1",
                    "sata_nv on an nForce4 CK804/MCP04 chip (10de:" + device + ") runs with adma off: NCQ is unavailable (depth 0/32)"));
        }
        if (chipMatters("swncq", pciId) && isOff(c.moduleParameters().get("swncq"))) {
            fixes.add(new ModuleFix(c.pciAddress(), "sata_nv", "swncq", "1",
                    "sata_nv on an MCP51/MCP55 chip (10de:" + device + ") runs with swncq off: NCQ is unavailable"));
        }
        return fixes;
    }

    /** True when the sata_nv parameter exists for this chip only (not every nVidia controller). */
    private boolean chipMatters(String parameter, String pciId) {
        Optional<DriverParameter> p = catalog.parameter("sata_nv", parameter);
        return p.isPresent() && !p.get().pciIds().isEmpty() && p.get().appliesTo(pciId);
    }

    /** What {@code s.replaceFirst("^0x", "")} gives, without compiling a regex. */
    static String withoutHexPrefix(String s) {
        return s.startsWith("0x") ? s.substring(2) : s;
    }

    private static boolean isOff(String value) {
        return value != null && (value.equals("N") || value.equals("n") || value.equals("0"));
    }
}
