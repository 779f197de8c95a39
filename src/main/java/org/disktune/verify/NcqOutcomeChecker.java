package org.disktune.verify;

import java.util.ArrayList;
import java.util.List;

import org.disktune.detect.Disk;
import org.disktune.kernel.AtaDeviceLog;
import org.disktune.kernel.KernelBoot;
import org.disktune.kernel.NcqState;

/**
 * The outcome each option promises (drivers.tsv "effect"), seen in the running boot's kernel log and in
 * sysfs: sata_nv adma/swncq ({@link SataNvOutcome}) and libata force items ({@link LibataForceOutcome}); the NCQ
 * a device shows (NCQ depth > 0 and queue_depth > 1 when queued; {@code depth 0/D} or {@code NCQ (not used)} and
 * queue_depth 1 when off) is judged here for both.
 */
final class NcqOutcomeChecker implements Checker {
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
    record Option(String module, String parameter, String value, String item) {
        String text() {
            return module + " " + parameter + "=" + (item == null ? value : item);
        }
    }

    @Override
    public List<Check> check(VerifyContext context) {
        List<Check> checks = new ArrayList<>();
        context.desired().modules().forEach((module, options) -> options.forEach((parameter, value) -> {
            if (module.equals("sata_nv") && (parameter.equals("adma") || parameter.equals("swncq"))) {
                SataNvOutcome.check(context, parameter, value, checks);
            } else if (module.equals("libata") && parameter.equals("force")) {
                for (String item : value.split(",")) {
                    LibataForceOutcome.check(context, new Option(module, parameter, value, item), checks);
                }
            }
        }));
        return checks;
    }

    /** The NCQ check of one ATA device against what the option promises; a note instead when the device has no NCQ. */
    static void ncq(VerifyContext context, String ataId, Expect expect, Option option, Boolean inEffect, List<Check> checks) {
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

    /** A check whose outcome differs: drift when the option is in effect, else as {@link OptionVerdicts#notInEffect} says. */
    static Check failed(String name, String subject, String expected, String found, VerifyContext context, Option option, Boolean inEffect) {
        if (Boolean.TRUE.equals(inEffect)) {
            return new Check(name, subject, CheckStatus.DRIFT, expected, found, option.text()
                    + " is in effect, yet the outcome differs: the drive or controller does not do it; see disktune kernel-log");
        }
        OptionVerdicts.Verdict v = new OptionVerdicts(context).notInEffect(option.module(), option.parameter(), option.value());
        return new Check(name, subject, v.status(), expected, found, v.cause());
    }
}
