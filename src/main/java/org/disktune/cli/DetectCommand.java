package org.disktune.cli;

import java.util.concurrent.Callable;

import org.disktune.core.ExitCode;
import org.disktune.detect.MachineDetector;
import org.disktune.detect.MachineReport;

import picocli.CommandLine.Command;

/** disktune detect: what the machine has and what is wrong with it. */
@Command(name = "detect", mixinStandardHelpOptions = true,
        description = "Show controllers and drivers (with module parameters in effect), ATA ports and devices, disks "
                + "with stable IDs and queue settings, md arrays, mounts, and findings with their fixes. Read-only; "
                + "works without root.")
final class DetectCommand implements Callable<Integer> {
    private final Session session;

    DetectCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        MachineReport report = new MachineDetector(session.host()).detect();
        session.output().render("detect", report, out -> new DetectRenderer().print(report, out));
        return ExitCode.OK.code();
    }
}
