package org.disktune.cli;

import java.util.concurrent.Callable;

import org.disktune.core.ExitCode;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.tuning.DesiredStateService;
import org.disktune.tuning.DesiredStateService.ApplyResult;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** disktune apply: bring the machine to the desired state, all or nothing. */
@Command(name = "apply", mixinStandardHelpOptions = true,
        description = {"Bring this machine to the desired state: write the sysfs settings (scheduler, read_ahead_kb, queue_depth, "
                + "nr_requests, md read_ahead_kb and stripe_cache_size) live, and the module options to /etc/modprobe.d/disktune.conf "
                + "and into every initramfs image (rebuilt and checked byte for byte). One change at a time (/run/disktune.lock); "
                + "every file is backed up and every old sysfs value journaled under /var/lib/disktune; the first failure puts "
                + "back everything done so far (exit 5). A second apply changes nothing and writes nothing.",
                "Exit 0 when done (or nothing to do), 3 when module options changed (reboot needed), 2 for a configuration "
                        + "problem, 4 when not root, 5 when a step failed and everything was put back. Needs root, except with --dry-run."})
final class ApplyCommand implements Callable<Integer> {
    private final Session session;

    @Option(names = "--dry-run", description = "Print the plan; change nothing.")
    private boolean dryRun;

    ApplyCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        ApplyResult result = ApplyFailureOutput.around(session,
                () -> new DesiredStateService(session.host(), DriverCatalog.load(), session.configLocation()).apply(dryRun));
        session.output().render("apply", ApplyView.of(result), out -> {
            new PlanPrinter().print(result.planned(), out);
            if (dryRun) {
                out.println("dry run: nothing was changed");
            } else if (result.changed()) {
                out.println("applied: journal " + result.journalId() + " (boot " + result.bootId() + "); take back with: disktune rollback");
            }
            if (result.rebootNeeded()) {
                out.println("reboot needed: the module options take effect when the modules load");
            }
        });
        return result.rebootNeeded() ? ExitCode.REBOOT_NEEDED.code() : ExitCode.OK.code();
    }
}
