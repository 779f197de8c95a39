package org.disktune.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.disktune.modprobe.DriverParameter;
import org.disktune.modprobe.ModuleOption;
import org.disktune.modprobe.ModuleParameterReader;
import org.disktune.modprobe.ParameterPresence;
import org.disktune.modprobe.RunningParameter;

/**
 * Each desired module option against /sys/module/M/parameters/P. Parameters the kernel does not show
 * (libata force) are judged by their effect instead ({@link NcqOutcomeChecker}).
 */
final class ModuleOptionChecker implements Checker {
    static final String NAME = "module-option";

    @Override
    public List<Check> check(VerifyContext context) {
        List<Check> checks = new ArrayList<>();
        context.desired().modules().forEach((module, parameters) ->
                parameters.forEach((parameter, value) -> check(context, module, parameter, value, checks)));
        return checks;
    }

    private static void check(VerifyContext context, String module, String parameter, String value, List<Check> checks) {
        Optional<DriverParameter> known = context.catalog().parameter(module, parameter);
        String subject = module + " " + parameter;
        RunningParameter running = context.running(module, parameter);
        Optional<ModuleOption> winner = new OptionVerdicts(context).overriddenBy(module, parameter, value);
        if (winner.isPresent()) {
            checks.add(overridden(context, subject, parameter, value, running, winner.get()));
            return;
        }
        boolean hidden = known.isPresent() && !known.get().visibleInSysfs();
        if (hidden) {
            return;
        }
        switch (running.presence()) {
            case VALUE -> {
                if (ModuleParameterReader.sameValue(context.type(module, parameter), value, running.value())) {
                    checks.add(Check.ok(NAME, subject, value, running.value()));
                } else {
                    OptionVerdicts.Verdict v = new OptionVerdicts(context).notInEffect(module, parameter, value);
                    checks.add(new Check(NAME, subject, v.status(), value, running.value(), v.cause()));
                }
            }
            case NOT_VISIBLE_IN_SYSFS -> checks.add(new Check(NAME, subject, CheckStatus.UNKNOWN, value,
                    "no /sys/module/" + module + "/parameters/" + parameter,
                    "the kernel does not show this parameter; see its effect with disktune kernel-log"));
            case MODULE_NOT_LOADED -> {
                if (context.builtIn(module)) {
                    checks.add(new Check(NAME, subject, CheckStatus.DRIFT, value, "built into the kernel",
                            module + " is built into the kernel: modprobe.d does not reach it; put " + module + "." + parameter
                                    + "=" + value + " on the kernel command line"));
                } else {
                    checks.add(new Check(NAME, subject, CheckStatus.UNKNOWN, value, "module not loaded",
                            module + " is not loaded: nothing on this machine uses it now; the option applies when it loads"
                                    + pciIdsNote(known)));
                }
            }
        }
    }

    /**
     * Drift whatever the running value: another setting wins when the module next loads. When the running module
     * still has disktune's value (loaded before that setting was made), the cause says it will not keep it.
     */
    private static Check overridden(VerifyContext context, String subject, String parameter, String value, RunningParameter running,
            ModuleOption winner) {
        String cause = OptionVerdicts.overriddenCause(parameter, winner);
        String found = switch (running.presence()) {
            case VALUE -> running.value();
            case NOT_VISIBLE_IN_SYSFS -> "no /sys/module/" + winner.module() + "/parameters/" + parameter;
            case MODULE_NOT_LOADED -> "module not loaded";
        };
        if (running.presence() == ParameterPresence.VALUE
                && ModuleParameterReader.sameValue(context.type(winner.module(), parameter), value, running.value())) {
            cause += "; the running module still has " + running.value() + ", the next load of " + winner.module() + " (a reboot) takes "
                    + parameter + "=" + (winner.value() == null ? "" : winner.value());
        }
        return new Check(NAME, subject, CheckStatus.DRIFT, value, found, cause);
    }

    /** " (it matters for PCI ids ...)" when the catalogue names the option's PCI ids, else "". */
    private static String pciIdsNote(Optional<DriverParameter> known) {
        if (known.isEmpty() || known.get().pciIds().isEmpty()) {
            return "";
        }
        return " (it matters for PCI ids " + String.join(", ", known.get().pciIds()) + ")";
    }
}
