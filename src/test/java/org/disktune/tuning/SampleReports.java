package org.disktune.tuning;

import java.nio.file.Path;
import java.util.List;

import org.disktune.config.DesiredState;
import org.disktune.config.DiskMatch;
import org.disktune.config.DiskRule;
import org.disktune.config.Glob;
import org.disktune.config.MdRule;
import org.disktune.config.MountRule;
import org.disktune.config.Setting;
import org.disktune.config.SettingValue;
import org.disktune.detect.MachineDetector;
import org.disktune.detect.MachineReport;
import org.disktune.host.FileKernelLog;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.disktune.host.SampleMachines;
import org.disktune.testing.TestMachine;

/**
 * The bundled sample machines as reports (detected with each machine's saved kernel log, as
 * {@code disktune --sample NAME detect} does), and desired states built as the config parser would build them.
 */
final class SampleReports {
    static final String FILE = "/etc/disktune/disktune.conf";

    private SampleReports() {
    }

    static MachineReport detect(String sample) {
        Path root = new SampleMachines().materialize(sample);
        RootedHost host = new RootedHost(root, new RefusingCommandRunner("test"), new FileKernelLog(root.resolve("var/log/dmesg")),
                TestMachine.CLOCK, false);
        return new MachineDetector(host).detect();
    }

    /** A value written as its canonical form. */
    static SettingValue value(Setting setting, String value, String section, int line) {
        return new SettingValue(setting, value, value, section, line);
    }

    /** A scheduler written with a 2.6 name ("deadline") that the parser canonicalizes ("mq-deadline"). */
    static SettingValue scheduler(String written, String canonical, String section, int line) {
        return new SettingValue(Setting.SCHEDULER, canonical, written, section, line);
    }

    static DiskRule disk(String label, int line, List<DiskMatch> matches, SettingValue... settings) {
        return new DiskRule(label, line, matches, List.of(settings));
    }

    static DiskMatch.Model model(String glob, int line) {
        return new DiskMatch.Model(new Glob(glob), line);
    }

    static DiskMatch.Name name(String glob, boolean forced, int line) {
        return new DiskMatch.Name(new Glob(glob), forced, line);
    }

    static DesiredState disks(DiskRule... rules) {
        return new DesiredState(FILE, List.of(), List.of(rules), List.of(), List.of(), List.of());
    }

    static DesiredState state(List<DiskRule> disks, List<MdRule> arrays, List<MountRule> mounts) {
        return new DesiredState(FILE, List.of(), disks, arrays, mounts, List.of());
    }
}
