package org.disktune.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.disktune.detect.AtaDevice;
import org.disktune.detect.AtaPort;
import org.disktune.detect.Controller;
import org.disktune.detect.Disk;
import org.disktune.kernel.AtaDeviceLog;
import org.disktune.kernel.AtaLinkLog;
import org.disktune.kernel.ControllerLog;
import org.disktune.kernel.KernelBoot;
import org.disktune.kernel.NcqState;
import org.disktune.modprobe.DriverParameter;
import org.disktune.modprobe.ModuleParameterReader;
import org.disktune.modprobe.OptionValidator;
import org.disktune.modprobe.ParameterType;
import org.disktune.modprobe.RunningParameter;

/**
 * The outcome each option promises (drivers.tsv "effect"), seen in the running boot's kernel log and in
 * sysfs: sata_nv adma/swncq on the CK804/MCP04 resp. MCP51/MCP55 controllers bound to sata_nv ({@code Using
 * ADMA mode}, NCQ depth > 0 and queue_depth > 1 on an NCQ disk; {@code depth 0/D} and queue_depth 1 when
 * off); libata force items on the devices they name ({@code noncq}: {@code NCQ (not used)} and queue_depth 1;
 * {@code ncq}; {@code 1.5Gbps}/{@code 3.0Gbps}: the link speed; {@code udmaN}/{@code mwdmaN}/{@code pioN}:
 * {@code configured for} at most that mode).
 */
final class NcqOutcomeChecker implements Checker {
    /** Compiled when a libata.force option is first checked, not at class initialisation (docs/performance.md). */
    private static final class Patterns {
        static final Pattern FORCE_ID = Pattern.compile("(\\d+)(?:\\.(\\d+))?");
        static final Pattern ATA_ID = Pattern.compile("ata(\\d+)\\.(\\d+)");
    }
    private static final List<String> MODES = List.of("PIO0", "PIO1", "PIO2", "PIO3", "PIO4", "PIO5", "PIO6",
            "MWDMA0", "MWDMA1", "MWDMA2", "MWDMA3", "MWDMA4",
            "UDMA/16", "UDMA/25", "UDMA/33", "UDMA/44", "UDMA/66", "UDMA/100", "UDMA/133", "UDMA7");

    /** What the NCQ line and queue_depth must show. */
    enum Expect {
        QUEUED("NCQ queued (log depth > 0, queue_depth > 1)"),
        NOT_USED("NCQ (not used) (queue_depth 1)"),
        HOST_OFF("NCQ off by the controller (log depth 0/N, queue_depth 1)");

        final String words;

        Expect(String words) {
            this.words = words;
        }
    }

    /** The option a check comes from. */
    private record Option(String module, String parameter, String value, String item) {
        String text() {
            return module + " " + parameter + "=" + (item == null ? value : item);
        }
    }

    @Override
    public List<Check> check(VerifyContext context) {
        List<Check> checks = new ArrayList<>();
        // loops, not lambdas or streams, in this class: each lambda costs its link time on the verify path (docs/performance.md)
        for (Map.Entry<String, SortedMap<String, String>> m : context.desired().modules().entrySet()) {
            String module = m.getKey();
            for (Map.Entry<String, String> p : m.getValue().entrySet()) {
                String parameter = p.getKey();
                String value = p.getValue();
                if (module.equals("sata_nv") && (parameter.equals("adma") || parameter.equals("swncq"))) {
                    sataNv(context, parameter, value, checks);
                } else if (module.equals("libata") && parameter.equals("force")) {
                    for (String item : value.split(",")) {
                        libataForce(context, new Option(module, parameter, value, item), checks);
                    }
                }
            }
        }
        return checks;
    }

    private void sataNv(VerifyContext context, String parameter, String value, List<Check> checks) {
        DriverParameter known = context.catalog().parameter("sata_nv", parameter).orElseThrow();
        Option option = new Option("sata_nv", parameter, value, null);
        boolean on = Boolean.TRUE.equals(OptionValidator.parseBool(value));
        List<Controller> controllers = new ArrayList<>();
        for (Controller c : context.machine().controllers()) {
            if ("sata_nv".equals(c.driver()) && pciId(c) != null && known.appliesTo(pciId(c))) {
                controllers.add(c);
            }
        }
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
                String found = null;
                for (ControllerLog l : boot.controllers()) {
                    if (l.pciAddress().equals(c.pciAddress()) && l.mode() != null) {
                        found = l.mode();
                        break;
                    }
                }
                boolean ok = on == mode.equals(found);
                String subject = c.pciAddress() + " sata_nv";
                String expected = (on ? "" : "no ") + "'Using " + mode + " mode' in the kernel log";
                String shown = found == null ? "no 'Using ... mode' line" : "'Using " + found + " mode'";
                checks.add(ok ? Check.ok("controller-mode", subject, expected, shown)
                        : failed("controller-mode", subject, expected, shown, context, option, inEffect));
            }
            for (Map.Entry<String, Disk> d : context.ataDisks().entrySet()) {
                if (c.pciAddress().equals(d.getValue().controller())) {
                    ncq(context, d.getKey(), on ? Expect.QUEUED : Expect.HOST_OFF, option, inEffect, checks);
                }
            }
        }
    }

    private void libataForce(VerifyContext context, Option option, List<Check> checks) {
        String item = option.item();
        int colon = item.indexOf(':');
        Integer port = null;
        Integer device = null;
        if (colon >= 0) {
            Matcher m = Patterns.FORCE_ID.matcher(item.substring(0, colon));
            if (m.matches()) {
                port = Integer.parseInt(m.group(1));
                device = m.group(2) == null ? null : Integer.parseInt(m.group(2));
            }
        }
        String value = OptionValidator.resolveForceValue(colon >= 0 ? item.substring(colon + 1) : item);
        List<String> targets = new ArrayList<>();
        for (String id : ataDevices(context)) {
            Matcher m = Patterns.ATA_ID.matcher(id);
            if (m.matches() && (port == null || port == Integer.parseInt(m.group(1)))
                    && (device == null || device == Integer.parseInt(m.group(2)))) {
                targets.add(id);
            }
        }
        if (targets.isEmpty()) {
            context.note(option.text() + " names no ATA device this machine has");
            return;
        }
        switch (value) {
            case "noncq" -> {
                for (String t : targets) {
                    ncq(context, t, Expect.NOT_USED, option, forced(context, t, "noncq"), checks);
                }
            }
            case "ncq" -> {
                for (String t : targets) {
                    ncq(context, t, Expect.QUEUED, option, null, checks);
                }
            }
            case "1.5Gbps", "3.0Gbps" -> {
                TreeSet<String> ports = new TreeSet<>();
                for (String t : targets) {
                    ports.add(t.substring(0, t.indexOf('.')));
                }
                for (String p : ports) {
                    linkSpeed(context, p, value.replace("Gbps", " Gbps"), option, checks);
                }
            }
            default -> {
                String mode = transferMode(value);
                if (mode != null) {
                    for (String t : targets) {
                        transferMode(context, t, mode, option, checks);
                    }
                } else {
                    checks.add(new Check("libata-force", item, CheckStatus.UNKNOWN, value + " in effect", "not checked",
                            "disktune cannot see the effect of '" + value + "' yet; look at disktune kernel-log"));
                }
            }
        }
    }

    /** TRUE when the device's FORCE line names the quirk (the force is in effect), else null (unknown). */
    private static Boolean forced(VerifyContext context, String ataId, String quirk) {
        KernelBoot boot = context.boot();
        AtaDeviceLog d = boot == null ? null : boot.ataDevice(ataId);
        return d != null && d.forcedQuirks().contains(quirk) ? Boolean.TRUE : null;
    }

    private void ncq(VerifyContext context, String ataId, Expect expect, Option option, Boolean inEffect, List<Check> checks) {
        KernelBoot boot = context.boot();
        AtaDeviceLog log = boot == null ? null : boot.ataDevice(ataId);
        Disk disk = context.disk(ataId);
        String subject = ataId + (disk == null ? "" : " (" + disk.name() + ")");
        boolean lacks = log != null && log.ncq() == NcqState.NONE && (disk == null || !Boolean.TRUE.equals(disk.ncqSupported()))
                || log == null && disk != null && Boolean.FALSE.equals(disk.ncqSupported());
        if (lacks) {
            context.note(subject + " has no NCQ: " + option.text() + " changes nothing for NCQ there");
            return;
        }
        Boolean logOk = log == null || log.ncq() == NcqState.UNKNOWN ? null : switch (expect) {
            case QUEUED -> log.ncq() == NcqState.ENABLED && log.ncqDepth() != null && log.ncqDepth() > 0;
            case NOT_USED -> log.ncq() == NcqState.NOT_USED;
            case HOST_OFF -> log.ncq() == NcqState.DISABLED_BY_HOST;
        };
        Integer depth = disk == null ? null : disk.queueDepth();
        Boolean sysfsOk = depth == null ? null : expect == Expect.QUEUED ? depth > 1 : depth == 1;
        List<String> found = new ArrayList<>();
        if (log != null) {
            found.add("log NCQ " + NcqText.of(log));
        }
        if (depth != null) {
            found.add("queue_depth " + depth);
        }
        String shown = String.join(", ", found);
        if (logOk == null && sysfsOk == null) {
            checks.add(new Check("ncq", subject, CheckStatus.UNKNOWN, expect.words,
                    (log == null ? "no probe line" : "no readable sectors line") + ", no queue_depth",
                    "nothing shows NCQ for " + ataId + ": run as root or give --kernel-log FILE"));
        } else if (!Boolean.FALSE.equals(logOk) && !Boolean.FALSE.equals(sysfsOk)) {
            checks.add(Check.ok("ncq", subject, expect.words, shown));
        } else if (Boolean.TRUE.equals(logOk)) {
            checks.add(new Check("ncq", subject, CheckStatus.DRIFT, expect.words, shown,
                    "the boot's probe was as expected, but queue_depth was changed since (at run time)"));
        } else {
            checks.add(failed("ncq", subject, expect.words, shown, context, option, inEffect));
        }
    }

    private void linkSpeed(VerifyContext context, String port, String speed, Option option, List<Check> checks) {
        KernelBoot boot = context.boot();
        AtaLinkLog link = boot == null ? null : boot.ataLink(port);
        String sysfs = null;
        for (AtaPort p : context.machine().ataPorts()) {
            if (p.name().equals(port) && p.linkSpeed() != null) {
                sysfs = p.linkSpeed();
                break;
            }
        }
        String found = link != null && link.up() && link.speed() != null ? link.speed() : sysfs;
        String expected = "SATA link at " + speed;
        if (found == null) {
            checks.add(new Check("link-speed", port, CheckStatus.UNKNOWN, expected, "no link speed",
                    "neither the kernel log nor sysfs shows the link speed of " + port));
        } else if (found.equals(speed)) {
            checks.add(Check.ok("link-speed", port, expected, found));
        } else {
            checks.add(failed("link-speed", port, expected, found, context, option, null));
        }
    }

    private void transferMode(VerifyContext context, String ataId, String mode, Option option, List<Check> checks) {
        KernelBoot boot = context.boot();
        AtaDeviceLog log = boot == null ? null : boot.ataDevice(ataId);
        String found = log != null && log.transferMode() != null ? log.transferMode() : sysfsTransferMode(context, ataId);
        Disk disk = context.disk(ataId);
        String subject = ataId + (disk == null ? "" : " (" + disk.name() + ")");
        String expected = "configured for " + mode + " or slower";
        if (found == null) {
            checks.add(new Check("transfer-mode", subject, CheckStatus.UNKNOWN, expected, "no transfer mode",
                    "neither the kernel log nor sysfs shows the transfer mode of " + ataId));
        } else if (MODES.indexOf(found) >= 0 && MODES.indexOf(found) <= MODES.indexOf(mode)) {
            checks.add(Check.ok("transfer-mode", subject, expected, found));
        } else {
            checks.add(failed("transfer-mode", subject, expected, found, context, option, null));
        }
    }

    /** The transfer mode sysfs shows for the device: that of the first device with this id that shows one. */
    private static String sysfsTransferMode(VerifyContext context, String ataId) {
        for (AtaPort p : context.machine().ataPorts()) {
            for (AtaDevice d : p.devices()) {
                if (d.id().equals(ataId) && d.transferMode() != null) {
                    return d.transferMode();
                }
            }
        }
        return null;
    }

    private static Check failed(String name, String subject, String expected, String found, VerifyContext context, Option option, Boolean inEffect) {
        if (Boolean.TRUE.equals(inEffect)) {
            return new Check(name, subject, CheckStatus.DRIFT, expected, found, option.text()
                    + " is in effect, yet the outcome differs: the drive or controller does not do it; see disktune kernel-log");
        }
        VerifyContext.Verdict v = context.notInEffect(option.module(), option.parameter(), option.value());
        return new Check(name, subject, v.status(), expected, found, v.cause());
    }

    /** Every ATA device of this machine: in the kernel log of the running boot or in sysfs. */
    private static TreeSet<String> ataDevices(VerifyContext context) {
        TreeSet<String> ids = new TreeSet<>();
        KernelBoot boot = context.boot();
        if (boot != null) {
            for (AtaDeviceLog d : boot.ataDevices()) {
                ids.add(d.id());
            }
        }
        ids.addAll(context.ataDisks().keySet());
        return ids;
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

    /** The mode string the kernel prints for a libata.force transfer-mode value, or null for other values. */
    static String transferMode(String value) {
        String v = value.toLowerCase(Locale.ROOT).replace("/", "");
        if (v.matches("pio[0-6]")) {
            return "PIO" + v.substring(3);
        }
        if (v.matches("mwdma[0-4]")) {
            return "MWDMA" + v.substring(5);
        }
        return switch (v) {
            case "udma0", "udma16" -> "UDMA/16";
            case "udma1", "udma25" -> "UDMA/25";
            case "udma2", "udma33" -> "UDMA/33";
            case "udma3", "udma44" -> "UDMA/44";
            case "udma4", "udma66" -> "UDMA/66";
            case "udma5", "udma100" -> "UDMA/100";
            case "udma6", "udma133" -> "UDMA/133";
            case "udma7" -> "UDMA7";
            default -> null;
        };
    }
}
