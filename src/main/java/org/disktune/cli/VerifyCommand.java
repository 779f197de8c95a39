package org.disktune.cli;

import java.util.concurrent.Callable;

import org.disktune.core.ExitCode;
import org.disktune.verify.VerifyReport;
import org.disktune.verify.VerifyService;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** disktune verify: is the machine in the state disktune wrote? */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Compare what disktune wrote (module options in /etc/modprobe.d/disktune.conf, recorded in its journal "
                + "with the boot ID) with the live machine: module parameters in /sys/module, the NCQ outcome they promise in "
                + "the kernel log and in queue_depth, and disktune's files inside every initramfs image. One line per check "
                + "(ok, drift, pending, unknown), then a summary. Exit 0 all ok, 1 drift, 3 reboot pending.")
final class VerifyCommand implements Callable<Integer> {
    private final Session session;

    @Option(names = {"-q", "--quiet"}, description = "Print nothing when every check is ok.")
    private boolean quiet;

    VerifyCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        VerifyReport report = new VerifyService(session.host()).verify();
        ExitCode code = report.exitCode();
        if (!(quiet && code == ExitCode.OK)) {
            session.output().render("verify", report, out -> new VerifyRenderer().print(report, out));
        }
        return code.code();
    }
}
