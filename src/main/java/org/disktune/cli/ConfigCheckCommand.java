package org.disktune.cli;

import java.util.concurrent.Callable;

import org.disktune.core.ExitCode;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.tuning.DesiredStateService;
import org.disktune.tuning.DesiredStateService.CheckResult;

import picocli.CommandLine.Command;

/** disktune config check: every problem of the configuration, as file:line: message. */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Read the configuration and check every section, key and value, then each setting against the disks, "
                + "arrays and mounts of this machine (the scheduler must be offered, queue_depth within the device's maximum, "
                + "stripe_cache_size only for RAID4/5/6, ...). Prints one 'file:line: message' per problem, warnings "
                + "(2.6 scheduler names with a successor) and sections that match nothing.",
                "Exit 0 when the configuration can be applied, 2 when it has problems."})
final class ConfigCheckCommand implements Callable<Integer> {
    private final Session session;

    ConfigCheckCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        CheckResult result = new DesiredStateService(session.host(), DriverCatalog.load(), session.configLocation()).check();
        session.output().render("config check", result, out -> {
            result.errors().forEach(p -> out.println(p + ""));
            result.warnings().forEach(p -> out.println(p + " (warning)"));
            result.absent().forEach(a -> out.println(result.file() + ": " + a));
            if (result.ok()) {
                out.println(result.file() + ": ok");
            }
        });
        return result.ok() ? ExitCode.OK.code() : ExitCode.USAGE.code();
    }
}
