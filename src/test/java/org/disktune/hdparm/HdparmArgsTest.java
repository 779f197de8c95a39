package org.disktune.hdparm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.disktune.config.DesiredState;
import org.disktune.config.DiskMatch;
import org.disktune.config.DiskRule;
import org.disktune.config.Glob;
import org.disktune.config.Setting;
import org.disktune.config.SettingValue;
import org.disktune.core.DisktuneException;
import org.disktune.detect.MachineDetector;
import org.disktune.detect.MachineReport;
import org.disktune.host.FileKernelLog;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.disktune.host.SampleMachines;
import org.disktune.testing.TestMachine;
import org.disktune.tuning.DesiredStatePlanner;
import org.disktune.tuning.EffectiveSetting;
import org.disktune.tuning.SettingStatus;
import org.disktune.tuning.TuningPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** hdparm argument lists for the settings the planner accepts on the sample machines, and for every value it must refuse. */
class HdparmArgsTest {
    static MachineReport detect(String sample) {
        Path root = new SampleMachines().materialize(sample);
        RootedHost host = new RootedHost(root, new RefusingCommandRunner("test"), new FileKernelLog(root.resolve("var/log/dmesg")),
                TestMachine.CLOCK, false);
        return new MachineDetector(host).detect();
    }

    static SettingValue v(Setting s, String value, int line) {
        return new SettingValue(s, value, value, "disk d", line);
    }

    /** The argument lists for every setting the planner left to hdparm (not skipped, not refused), in plan order. */
    static List<List<String>> argv(TuningPlan plan) {
        assertEquals(List.of(), plan.errors());
        return plan.settings().stream().filter(s -> s.status() == SettingStatus.CHANGE || s.status() == SettingStatus.IN_STATE)
                .map((EffectiveSetting s) -> HdparmArgs.set(s.setting(), s.wanted(), "/dev/" + s.target())).toList();
    }

    @Test
    void theFifthSeedsIbmOnCentos5GetsIo32ThreeAndMultcount16AndEveryOtherHdparmSetting() {
        DesiredState desired = new DesiredState("/etc/disktune/disktune.conf", List.of(), List.of(new DiskRule("d", 1,
                List.of(new DiskMatch.Model(new Glob("IC35L120AVV207-0"), 2)),
                List.of(v(Setting.WRITE_CACHE, "on", 3), v(Setting.APM, "254", 4), v(Setting.STANDBY, "240", 5), v(Setting.ACOUSTIC, "128", 6),
                        v(Setting.IO32, "3", 7), v(Setting.MULTCOUNT, "16", 8), v(Setting.DMA, "on", 9)))),
                List.of(), List.of(), List.of());
        assertEquals(List.of(
                List.of("hdparm", "-W1", "/dev/hde"),
                List.of("hdparm", "-B254", "/dev/hde"),
                List.of("hdparm", "-S240", "/dev/hde"),
                List.of("hdparm", "-M128", "/dev/hde"),
                List.of("hdparm", "-c3", "/dev/hde"),
                List.of("hdparm", "-m16", "/dev/hde"),
                List.of("hdparm", "-d1", "/dev/hde")), argv(new DesiredStatePlanner().plan(desired, detect("seed-centos5-ide"))));
    }

    @Test
    void theQemuAhciDisksGetWriteCacheOffAndStandbyWhileApmAndAcousticAreSkipped() {
        DesiredState desired = new DesiredState("/etc/disktune/disktune.conf", List.of(), List.of(new DiskRule("d", 1,
                List.of(new DiskMatch.Model(new Glob("WDC WD7500AAKS*"), 2)),
                List.of(v(Setting.WRITE_CACHE, "off", 3), v(Setting.APM, "254", 4), v(Setting.STANDBY, "120", 5),
                        v(Setting.ACOUSTIC, "254", 6)))),
                List.of(), List.of(), List.of());
        TuningPlan plan = new DesiredStatePlanner().plan(desired, detect("qemu-ahci"));
        assertEquals(List.of(List.of("hdparm", "-W0", "/dev/sdb"), List.of("hdparm", "-S120", "/dev/sdb")), argv(plan));
        assertEquals(List.of("apm SKIPPED", "acoustic SKIPPED"), plan.settings().stream().filter(s -> s.status() == SettingStatus.SKIPPED)
                .map(s -> s.setting().key() + " " + s.status()).toList());
    }

    @ParameterizedTest
    @CsvSource({"WRITE_CACHE, off, -W0", "WRITE_CACHE, 1, -W1", "APM, 1, -B1", "APM, 255, -B255", "STANDBY, 0, -S0", "STANDBY, 255, -S255",
            "ACOUSTIC, 0, -M0", "ACOUSTIC, 128, -M128", "ACOUSTIC, 254, -M254", "IO32, 0, -c0", "IO32, 1, -c1", "MULTCOUNT, 0, -m0",
            "MULTCOUNT, 64, -m64", "DMA, off, -d0", "DMA, on, -d1"})
    void eachSettingIsOneJoinedOption(Setting s, String value, String option) {
        assertEquals(List.of("hdparm", option, "/dev/disk/by-id/ata-WDC_WD7500AAKS-00RBA0_WD-WCAPW0000001"),
                HdparmArgs.set(s, value, "/dev/disk/by-id/ata-WDC_WD7500AAKS-00RBA0_WD-WCAPW0000001"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"APM|0", "APM|256", "APM|-1", "APM|254 -y", "APM|0x10", "STANDBY|256",
            "ACOUSTIC|127", "ACOUSTIC|255", "IO32|2", "IO32|4", "MULTCOUNT|65", "WRITE_CACHE|2", "WRITE_CACHE|on;reboot", "DMA|",
            "APM|1000"})
    void valuesOutsideHdparmsRangesOrNotDigitsAreRefused(Setting s, String value) {
        DisktuneException e = assertThrows(DisktuneException.class, () -> HdparmArgs.set(s, value, "/dev/sdb"));
        assertEquals(-1, e.getMessage().indexOf('\n'), e.getMessage());
    }

    @Test
    void aValueWithANewlineIsRefused() {
        assertThrows(DisktuneException.class, () -> HdparmArgs.set(Setting.APM, "254\n", "/dev/sdb"));
        assertThrows(DisktuneException.class, () -> HdparmArgs.set(Setting.WRITE_CACHE, "on\n-y", "/dev/sdb"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"sdb", "/dev/sdb /dev/sda", "/dev/-y", "/dev/../etc/passwd", "/dev/disk/../sda", "-y", "/dev/sdb\n"})
    void devicesThatAreNotDevicePathsAreRefused(String device) {
        assertThrows(DisktuneException.class, () -> HdparmArgs.set(Setting.APM, "254", device));
        assertThrows(DisktuneException.class, () -> HdparmArgs.query(Setting.APM, device));
    }

    @ParameterizedTest
    @CsvSource({"WRITE_CACHE, -W", "APM, -B", "ACOUSTIC, -M", "IO32, -c", "MULTCOUNT, -m", "DMA, -d"})
    void queriesAreTheBareOption(Setting s, String option) {
        assertEquals(Optional.of(List.of("hdparm", option, "/dev/hde")), HdparmArgs.query(s, "/dev/hde"));
    }

    @Test
    void standbyCannotBeQueried() {
        assertEquals(Optional.empty(), HdparmArgs.query(Setting.STANDBY, "/dev/sdb"));
    }

    @Test
    void sysfsSettingsAreNotHdparmSettings() {
        assertThrows(IllegalArgumentException.class, () -> HdparmArgs.set(Setting.READ_AHEAD_KB, "128", "/dev/sdb"));
        assertThrows(IllegalArgumentException.class, () -> HdparmArgs.query(Setting.SCHEDULER, "/dev/sdb"));
    }
}
