package org.disktune.cli;

import java.util.concurrent.Callable;

import org.disktune.core.ExitCode;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.tuning.DesiredStateService;
import org.disktune.tuning.DesiredStateService.DesiredPlan;

import picocli.CommandLine.Command;

/** disktune plan: everything apply would change, as data. */
@Command(name = "plan", mixinStandardHelpOptions = true,
        description = {"Show everything 'disktune apply' would change to bring this machine to the desired state: files as "
                + "unified diffs (the udev rules, fstab, modprobe.d, rc.local), a file's new mode as 'chmod 0644 -> 0755 PATH' (an rc.local "
                + "that carries hdparm settings is made executable: boot runs it only then), sysfs attributes with their old and new value, hdparm and "
                + "remount steps with the value before, programs with their arguments; on a --root or --sample tree the live steps "
                + "are listed 'at next boot'. Empty when the machine is in the desired state. Read-only; works without root.",
                "Exit 0, or 2 when the configuration has problems."})
final class PlanCommand implements Callable<Integer> {
    private final Session session;

    PlanCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        DesiredPlan plan = new DesiredStateService(session.host(), DriverCatalog.load(), session.configLocation()).plan();
        session.output().render("plan", PlanView.of(plan), out -> new PlanPrinter().print(plan, out));
        return ExitCode.OK.code();
    }
}
