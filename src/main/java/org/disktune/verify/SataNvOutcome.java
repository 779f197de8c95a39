package org.disktune.verify;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.disktune.detect.Controller;
import org.disktune.detect.Disk;
import org.disktune.kernel.ControllerLog;
import org.disktune.kernel.KernelBoot;
import org.disktune.modprobe.DriverParameter;
import org.disktune.modprobe.ModuleParameterReader;
import org.disktune.modprobe.OptionValidator;
import org.disktune.modprobe.ParameterType;
import org.disktune.modprobe.RunningParameter;

/**
 * The outcome of sata_nv adma/swncq on the CK804/MCP04 resp. MCP51/MCP55 controllers bound to sata_nv: {@code Using
 * ADMA mode} in the kernel log, and NCQ queued on their disks when on, off by the controller when off.
 */
final class SataNvOutcome {
    private SataNvOutcome() {
    }

    static void check(VerifyContext context, String parameter, String value, List<Check> checks) {
        DriverParameter known = context.catalog().parameter("sata_nv", parameter).orElseThrow();
        NcqOutcomeChecker.Option option = new NcqOutcomeChecker.Option("sata_nv", parameter, value, null);
        boolean on = Boolean.TRUE.equals(OptionValidator.parseBool(value));
        List<Controller> controllers = context.machine().controllers().stream()
                .filter(c -> "sata_nv".equals(c.driver()) && pciId(c) != null && known.appliesTo(pciId(c)))
                .toList();
        if (controllers.isEmpty()) {
            context.note(option.text() + " matters only for controllers " + String.join(", ", known.pciIds())
                    + " bound to sata_nv; this machine has none, so it changes nothing here");
            return;
        }
        RunningParameter running = context.running("sata_nv", parameter);
        Boolean inEffect = running.value() == null ? null : ModuleParameterReader.sameValue(ParameterType.BOOL, value, running.value());
        String mode = parameter.equals("adma") ? "ADMA" : "SWNCQ";
        KernelBoot boot = context.boot();
        for (Controller c : controllers) {
            if (boot != null) {
                String found = boot.controllers().stream()
                        .filter(l -> l.pciAddress().equals(c.pciAddress()) && l.mode() != null)
                        .map(ControllerLog::mode).findFirst().orElse(null);
                boolean ok = on == mode.equals(found);
                String subject = c.pciAddress() + " sata_nv";
                String expected = (on ? "" : "no ") + "'Using " + mode + " mode' in the kernel log";
                String shown = found == null ? "no 'Using ... mode' line" : "'Using " + found + " mode'";
                checks.add(ok ? Check.ok("controller-mode", subject, expected, shown)
                        : NcqOutcomeChecker.failed("controller-mode", subject, expected, shown, context, option, inEffect));
            }
            for (Map.Entry<String, Disk> d : context.ataDisks().entrySet()) {
                if (c.pciAddress().equals(d.getValue().controller())) {
                    NcqOutcomeChecker.ncq(context, d.getKey(), on ? NcqOutcomeChecker.Expect.QUEUED : NcqOutcomeChecker.Expect.HOST_OFF,
                            option, inEffect, checks);
                }
            }
        }
    }

    private static String pciId(Controller c) {
        if (c.vendorId() == null || c.deviceId() == null) {
            return null;
        }
        return (strip(c.vendorId()) + ":" + strip(c.deviceId())).toLowerCase(Locale.ROOT);
    }

    private static String strip(String hex) {
        return hex.startsWith("0x") ? hex.substring(2) : hex;
    }
}
