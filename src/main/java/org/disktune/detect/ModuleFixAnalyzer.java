package org.disktune.detect;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.disktune.kernel.NvmeControllerLog;
import org.disktune.kernel.NvmeTrouble;
import org.disktune.kernel.NvmeTroubleKind;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.modprobe.DriverParameter;

/**
 * Which module options a controller runs without although its chip needs them: sata_nv {@code adma} on
 * nForce4 CK804/MCP04 and {@code swncq} on MCP51/MCP55, the chips named by the driver catalogue's PCI ids.
 * A parameter whose value is unknown never produces a fix. And NVMe's {@code adma=1}: nvme_core
 * {@code default_ps_max_latency_us = 0} (APST off) for a controller that the kernel log shows reset or lost while APST
 * was allowed; a timeout that its abort cleared is not evidence enough, and with APST already off the trouble has
 * another cause.
 */
public final class ModuleFixAnalyzer {
    private final DriverCatalog catalog;

    public ModuleFixAnalyzer(DriverCatalog catalog) {
        this.catalog = catalog;
    }

    /** The fixes for every controller of the report, in controller order. */
    public List<ModuleFix> fixes(MachineReport report) {
        List<ModuleFix> fixes = new ArrayList<>();
        report.controllers().forEach(c -> fixes.addAll(fixes(c)));
        fixes.addAll(nvmeFixes(report.nvme()));
        return fixes;
    }

    /** APST off for every controller the log shows reset or lost while APST was allowed. */
    public List<ModuleFix> nvmeFixes(NvmeState nvme) {
        if (nvme.apstOff()) {
            return List.of();
        }
        String allowed = nvme.apstMaxLatencyUs() == null ? "with an APST limit that could not be read"
                : "with APST allowed (nvme_core default_ps_max_latency_us = " + nvme.apstMaxLatencyUs() + ")";
        List<ModuleFix> fixes = new ArrayList<>();
        for (NvmeControllerLog c : nvme.troubled()) {
            List<NvmeTrouble> lost = c.trouble().stream()
                    .filter(t -> t.kind().isReset() || t.kind() == NvmeTroubleKind.POWER_SAVING_SUSPECTED).toList();
            if (!lost.isEmpty()) {
                fixes.add(new ModuleFix(c.label(), "nvme_core", "default_ps_max_latency_us", "0",
                        "the kernel log shows NVMe controller " + c.label() + " reset or lost (" + lost.size() + " of its "
                                + c.troubleLines() + " trouble lines; first: \"" + lost.get(0).message() + "\") " + allowed
                                + ": a power state the controller cannot leave is the known cause",
                        "turns APST off for controller " + c.label() + " from the next boot (the kernel command line where "
                                + "nvme_core is built in, modprobe.d otherwise)"));
            }
        }
        return fixes;
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
                    "sata_nv on an nForce4 CK804/MCP04 chip (10de:" + device + ") runs with adma off: NCQ is unavailable (depth 0/32)",
                    ncqOn(c)));
        }
        if (chipMatters("swncq", pciId) && isOff(c.moduleParameters().get("swncq"))) {
            fixes.add(new ModuleFix(c.pciAddress(), "sata_nv", "swncq", "1",
                    "sata_nv on an MCP51/MCP55 chip (10de:" + device + ") runs with swncq off: NCQ is unavailable", ncqOn(c)));
        }
        return fixes;
    }

    private static String ncqOn(Controller c) {
        return "gives NCQ on controller " + c.pciAddress() + " once the initramfs carries the option and the machine reboots";
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
