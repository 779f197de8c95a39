package org.disktune.detect;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.disktune.modprobe.DriverCatalog;

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
        String device = c.deviceId().toLowerCase(Locale.ROOT).replaceFirst("^0x", "");
        String pciId = c.vendorId().toLowerCase(Locale.ROOT).replaceFirst("^0x", "") + ":" + device;
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
        return catalog.parameter("sata_nv", parameter).filter(p -> !p.pciIds().isEmpty() && p.appliesTo(pciId)).isPresent();
    }

    private static boolean isOff(String value) {
        return value != null && (value.equals("N") || value.equals("n") || value.equals("0"));
    }
}
