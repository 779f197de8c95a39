package org.disktune.cli;

import java.util.concurrent.Callable;

import org.disktune.core.ExitCode;
import org.disktune.detect.MachineDetector;
import org.disktune.detect.MachineReport;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** disktune detect: what the machine has and what is wrong with it. */
@Command(name = "detect", mixinStandardHelpOptions = true,
        description = "Show controllers and drivers (with module parameters in effect), ATA ports and devices, disks "
                + "with stable IDs and queue settings, md arrays, mounts, and findings with their fixes. Read-only; "
                + "works without root. The NCQ column says what the kernel does now (on, depth N; off: why); the drive's own "
                + "support is ncq_supported and ncq_max_depth in --json.")
final class DetectCommand implements Callable<Integer> {
    private final Session session;

    @Option(names = "--all", description = "Also list block devices of size 0 (loop devices with nothing attached, unconfigured zram).")
    private boolean all;

    DetectCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        MachineDetector detector = new MachineDetector(session.host());
        MachineReport report = all ? detector.detect() : detector.detectWithoutEmptyDevices();
        session.output().render("detect", report, out -> new DetectRenderer().print(report, out));
        return ExitCode.OK.code();
    }
}
