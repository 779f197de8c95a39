package org.disktune.cli;

import java.util.concurrent.Callable;

import org.disktune.apply.PlanRenderer;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.tuning.DesiredStateService;
import org.disktune.tuning.DesiredStateService.ApplyResult;
import org.disktune.tuning.DesiredStateService.BootResult;
import org.disktune.tuning.DesiredStateService.DeviceResult;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** disktune apply: bring the machine to the desired state, all or nothing. */
@Command(name = "apply", mixinStandardHelpOptions = true,
        description = {"Bring this machine to the desired state: write the sysfs settings (scheduler, read_ahead_kb, queue_depth, "
                + "nr_requests and the other queue knobs, md read_ahead_kb and stripe_cache_size: disktune.conf(5)) live and into /etc/udev/rules.d/90-disktune.rules, set the "
                + "hdparm settings with hdparm (and through that rule at boot and hotplug), the mount options with a remount and in "
                + "/etc/fstab, and the module options in /etc/modprobe.d/disktune.conf "
                + "and in every initramfs image (rebuilt and checked byte for byte). Under --root or --sample only files are written. One change at a time (/run/disktune/lock); "
                + "every file is backed up and every old sysfs value journaled under /var/lib/disktune; the first failure puts "
                + "back everything done so far (exit 5). A second apply changes nothing and writes nothing.",
                "Exit 0 when done (or nothing to do), 3 when module options changed (reboot needed), 2 for a configuration "
                        + "problem, 4 when not root, 5 when a step failed and everything was put back. Needs root, except with --dry-run."})
final class ApplyCommand implements Callable<Integer> {
    private final Session session;

    @Option(names = "--dry-run", description = "Print the plan; change nothing.")
    private boolean dryRun;

    @Option(names = "--bench", paramLabel = "TARGET", description = "Before changing anything, measure TARGET (a disk or a "
            + "directory; three separate runs of bench --quick, a mounted disk too: reading never changes it) and keep them as "
            + "its baseline; after the reboot, disktune verify --bench measures it three times again and says whether the change "
            + "gained anything. Repeatable.")
    private java.util.List<String> bench = java.util.List.of();

    @Option(names = "--boot", description = "As disktune.service runs it at boot: make again the live settings udev cannot "
            + "reach (mount options, values refused when a device appeared), check the rest; never write a file or rebuild "
            + "an image. The outcome is kept in /var/lib/disktune/boot-status.json for verify.")
    private boolean boot;

    @Option(names = "--device", paramLabel = "NAME", description = "As the udev rule runs it when a disk appears or changes: "
            + "set only that disk's hdparm settings (write_cache, apm, standby, acoustic, io32, multcount, dma) and return. "
            + "No lock, no journal.")
    private String device;

    ApplyCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        if (boot || device != null) {
            if (dryRun || (boot && device != null)) {
                throw DisktuneException.usage("--boot, --device and --dry-run go alone; run disktune plan to see what apply would do");
            }
            DesiredStateService service = new DesiredStateService(session.host(), DriverCatalog.load(), session.configLocation());
            return boot ? boot(service) : device(service);
        }
        if (!bench.isEmpty() && !dryRun) {
            org.disktune.apply.ChangePreflight.requireRoot(session.host(), "apply --bench");
            for (org.disktune.bench.run.BeforeAfter.Baseline b : new org.disktune.bench.run.BeforeAfter(session.host()).baselines(bench)) {
                session.err().println("baseline: " + b.key() + " measured in " + b.results().size() + " runs as "
                        + String.join(", ", b.results().stream().map(r -> r.id()).toList()) + " (disktune verify --bench compares "
                        + "after the change)");
            }
            session.err().flush();
        }
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
                out.println("reboot needed: module options take effect when the modules load, kernel command line parameters at the next boot");
            }
        });
        return result.rebootNeeded() ? ExitCode.REBOOT_NEEDED.code() : ExitCode.OK.code();
    }

    private int boot(DesiredStateService service) {
        // what a failed step printed goes to the journal of the unit too (it named unshare's refusal, not hdparm's)
        BootResult result = ApplyFailureOutput.around(session, service::applyAtBoot);
        session.output().render("apply", new BootView(PlanStep.of(result.applied()), result.journalId(), result.pending()), out -> {
            if (result.applied().isEmpty()) {
                out.println("boot: every live setting is in place");
            } else {
                out.print(new PlanRenderer().render(result.applied()));
                out.println("boot: made " + result.applied().changes().size() + " setting(s) again: journal " + result.journalId());
            }
            result.pending().forEach(f -> out.println("pending: " + f + " differs from the configuration; run disktune apply"));
        });
        return ExitCode.OK.code();
    }

    /** The JSON form of apply --boot: the steps it made again, their journal entry, the files it left pending. */
    record BootView(java.util.List<PlanStep> applied, String journalId, java.util.List<String> pending) {
    }

    private int device(DesiredStateService service) {
        DeviceResult result = service.applyDevice(device);
        session.output().render("apply", result, out -> {
            result.ran().forEach(r -> out.println("ran: " + r));
            result.failed().forEach(r -> out.println("failed: " + r));
            if (result.ran().isEmpty() && result.failed().isEmpty()) {
                out.println(device + ": no hdparm setting to make");
            }
        });
        return result.failed().isEmpty() ? ExitCode.OK.code() : ExitCode.ENVIRONMENT.code();
    }
}
