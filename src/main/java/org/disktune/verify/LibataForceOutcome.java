package org.disktune.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.disktune.detect.AtaDevice;
import org.disktune.detect.AtaPort;
import org.disktune.detect.Disk;
import org.disktune.kernel.AtaDeviceLog;
import org.disktune.kernel.AtaLinkLog;
import org.disktune.kernel.KernelBoot;
import org.disktune.modprobe.OptionValidator;

/**
 * The outcome of each libata force item on the devices it names: {@code noncq}: {@code NCQ (not used)} and
 * queue_depth 1; {@code ncq}: NCQ queued; {@code 1.5Gbps}/{@code 3.0Gbps}: the link speed; {@code udmaN}/{@code mwdmaN}/
 * {@code pioN}: {@code configured for} at most that mode.
 */
final class LibataForceOutcome {
    /** Compiled when a libata.force option is first checked. */
    private static final class Patterns {
        static final Pattern FORCE_ID = Pattern.compile("(\\d+)(?:\\.(\\d+))?");
        static final Pattern ATA_ID = Pattern.compile("ata(\\d+)\\.(\\d+)");
    }

    private static final List<String> MODES = List.of("PIO0", "PIO1", "PIO2", "PIO3", "PIO4", "PIO5", "PIO6",
            "MWDMA0", "MWDMA1", "MWDMA2", "MWDMA3", "MWDMA4",
            "UDMA/16", "UDMA/25", "UDMA/33", "UDMA/44", "UDMA/66", "UDMA/100", "UDMA/133", "UDMA7");

    private LibataForceOutcome() {
    }

    static void check(VerifyContext context, NcqOutcomeChecker.Option option, List<Check> checks) {
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
                    NcqOutcomeChecker.ncq(context, t, NcqOutcomeChecker.Expect.NOT_USED, option, forced(context, t, "noncq"), checks);
                }
            }
            case "ncq" -> {
                for (String t : targets) {
                    NcqOutcomeChecker.ncq(context, t, NcqOutcomeChecker.Expect.QUEUED, option, null, checks);
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

    private static void linkSpeed(VerifyContext context, String port, String speed, NcqOutcomeChecker.Option option, List<Check> checks) {
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
            checks.add(NcqOutcomeChecker.failed("link-speed", port, expected, found, context, option, null));
        }
    }

    private static void transferMode(VerifyContext context, String ataId, String mode, NcqOutcomeChecker.Option option, List<Check> checks) {
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
            checks.add(NcqOutcomeChecker.failed("transfer-mode", subject, expected, found, context, option, null));
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
