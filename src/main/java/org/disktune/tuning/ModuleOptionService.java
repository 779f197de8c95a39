package org.disktune.tuning;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.disktune.apply.BootIdReader;
import org.disktune.apply.EntryState;
import org.disktune.apply.FileRecord;
import org.disktune.apply.Journal;
import org.disktune.apply.JournalEntry;
import org.disktune.apply.PlanExecutor;
import org.disktune.apply.PostconditionChecker;
import org.disktune.apply.PlanRenderer;
import org.disktune.host.Host;
import org.disktune.modprobe.DisktuneModprobeFile;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.modprobe.DriverParameter;
import org.disktune.modprobe.ModuleParameterReader;
import org.disktune.modprobe.RunningParameter;
import org.disktune.apply.ChangePreflight;
import org.disktune.initramfs.rebuild.InitramfsPostconditionChecker;
import org.disktune.initramfs.rebuild.RebuildTarget;

/**
 * Backs {@code disktune modprobe set|unset}: plans with {@link ModuleOptionPlanner}; with
 * {@code dryRun} returns the plan; otherwise checks root and the generator program, then applies
 * the plan through {@link PlanExecutor} (lock, backups, journal with the boot ID, rollback that
 * puts every file and image back and throws ROLLED_BACK). A change made always needs a reboot.
 * When nothing is to change, a reboot is still needed if the running module uses another value,
 * or (for parameters sysfs does not show) when disktune changed the file during this boot.
 */
public final class ModuleOptionService {
    private final Host host;
    private final DriverCatalog catalog;

    public ModuleOptionService(Host host, DriverCatalog catalog) {
        this.host = host;
        this.catalog = catalog;
    }

    public ModuleOptionResult set(String module, String parameter, String value, String kernel, boolean dryRun) {
        if (!dryRun) {
            ChangePreflight.requireRoot(host, "modprobe set");
        }
        return finish(new ModuleOptionPlanner(host, catalog).set(module, parameter, value, kernel), dryRun);
    }

    public ModuleOptionResult unset(String module, String parameter, String kernel, boolean dryRun) {
        if (!dryRun) {
            ChangePreflight.requireRoot(host, "modprobe unset");
        }
        return finish(new ModuleOptionPlanner(host, catalog).unset(module, parameter, kernel), dryRun);
    }

    private ModuleOptionResult finish(ModuleOptionPlan planned, boolean dryRun) {
        RebuildTarget target = planned.target();
        List<String> notes = new ArrayList<>(planned.notes());
        RunningParameter running = new ModuleParameterReader(host).read(planned.module(), planned.parameter());
        String plan = new PlanRenderer().render(planned.plan());
        boolean changed = !planned.plan().isEmpty();
        if (!dryRun && !changed) { // a re-run after a crash completes the entry it interrupted (issue 15)
            new PlanExecutor(PostconditionChecker.NONE).completeInterrupted(host, "modprobe " + planned.action() + " " + planned.option());
        }
        if (dryRun || !changed) {
            if (dryRun && changed && target.generator().program() == null) {
                notes.add(target.program() + " is not installed in this machine's tree; the command is shown as it would run");
            }
            boolean reboot = !changed && rebootStillNeeded(planned, running, notes);
            return result(planned, dryRun, changed, plan, null, null, running, reboot, notes);
        }
        target.requireRunnable(host);
        JournalEntry entry = new PlanExecutor(new InitramfsPostconditionChecker()).apply(host, planned.plan(), "modprobe " + planned.action() + " " + planned.option())
                .orElseThrow();
        return result(planned, false, true, plan, entry.id(), entry.bootId(), running, true, notes);
    }

    private boolean rebootStillNeeded(ModuleOptionPlan planned, RunningParameter running, List<String> notes) {
        if (planned.value() == null) {
            return false;
        }
        switch (running.presence()) {
            case VALUE -> {
                var type = catalog.parameter(planned.module(), planned.parameter()).map(DriverParameter::type).orElse(null);
                if (ModuleParameterReader.sameValue(type, planned.value(), running.value())) {
                    return false;
                }
                notes.add("the running " + planned.module() + " has " + planned.parameter() + "=" + running.value()
                        + ": reboot for " + planned.value() + " to take effect");
                return true;
            }
            case MODULE_NOT_LOADED -> {
                notes.add(planned.module() + " is not loaded now; the option applies when it loads");
                return false;
            }
            default -> {
                String boot = BootIdReader.read(host);
                JournalEntry last = lastChangeOfOptions();
                if (last != null && !BootIdReader.UNKNOWN.equals(boot) && boot.equals(last.bootId())) {
                    notes.add(planned.module() + " " + planned.parameter() + " is not visible in sysfs and disktune changed "
                            + DisktuneModprobeFile.PATH + " in this boot (" + last.id() + "): reboot for it to take effect");
                    return true;
                }
                notes.add(planned.module() + " " + planned.parameter() + " is not visible in sysfs: check the kernel log after boot");
                return false;
            }
        }
    }

    /** The newest applied journal entry that changed the module options file. */
    private JournalEntry lastChangeOfOptions() {
        List<JournalEntry> entries = new Journal(host).entries();
        for (int i = entries.size() - 1; i >= 0; i--) {
            JournalEntry e = entries.get(i);
            if (e.state() != EntryState.APPLIED && e.state() != EntryState.UNDONE) {
                continue;
            }
            for (FileRecord f : e.files()) {
                if (f.path().equals(DisktuneModprobeFile.PATH) && !Objects.equals(f.oldSha256(), f.newSha256())) {
                    return e;
                }
            }
        }
        return null;
    }

    private static ModuleOptionResult result(ModuleOptionPlan p, boolean dryRun, boolean changed, String plan, String journalId,
            String bootId, RunningParameter running, boolean reboot, List<String> notes) {
        return new ModuleOptionResult(p.action(), p.module(), p.parameter(), p.value(), dryRun, changed, p.target().generatorName(),
                p.target().kernels(), p.target().images(), plan, journalId, bootId, running.value(), reboot, notes);
    }
}
