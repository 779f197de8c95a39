package org.disktune.cli;

import java.util.concurrent.Callable;

import org.disktune.core.ExitCode;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.verify.VerifyReport;
import org.disktune.verify.VerifyService;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** disktune verify: is the machine in the state disktune wrote? */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Compare the desired state with the live machine: every setting of /etc/disktune/disktune.conf (or "
                + "--config FILE) on each disk, array and mount it names (with the stable ID, the wanted and the found value, "
                + "and the fix); the module options disktune wrote (recorded in its journal with the boot ID): module "
                + "parameters in /sys/module, the NCQ outcome they promise in the kernel log and in queue_depth, and disktune's "
                + "files inside every initramfs image. One line per check (ok, drift, pending, unknown, absent), then a summary. "
                + "Exit 0 all ok, 1 drift (or absent with --strict), 3 reboot pending.")
final class VerifyCommand implements Callable<Integer> {
    private final Session session;

    @Option(names = {"-q", "--quiet"}, description = "Print nothing when every check is ok.")
    private boolean quiet;

    @Option(names = "--strict", description = "A disk, array or mount the configuration names but this machine lacks is drift (exit 1).")
    private boolean strict;

    VerifyCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        VerifyReport report = new VerifyService(session.host(), DriverCatalog.load(), session.configLocation(), strict).verify();
        ExitCode code = report.exitCode();
        if (!(quiet && code == ExitCode.OK)) {
            session.output().render("verify", report, out -> new VerifyRenderer().print(report, out));
        }
        return code.code();
    }
}
