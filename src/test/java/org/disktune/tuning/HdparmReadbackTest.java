package org.disktune.tuning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;
import java.util.List;

import org.disktune.config.Setting;
import org.disktune.config.SettingScope;
import org.disktune.config.SettingValue;
import org.disktune.host.LiveTree;
import org.disktune.host.RecordingCommandRunner;
import org.disktune.host.RootedHost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HdparmReadbackTest {
    static final String ID = "ata-MAXTOR_6B200M0_B40ABCDE";
    static final String DEVICE = "/dev/disk/by-id/" + ID;

    static EffectiveSetting setting(Setting s, String wanted, String current, SettingStatus status) {
        return new EffectiveSetting(SettingScope.DISK, "sda", ID, s, wanted, current, new SettingValue(s, wanted, wanted, "disk maxtor", 3),
                null, status);
    }

    static TuningPlan plan(EffectiveSetting... settings) {
        return new TuningPlan(List.of(settings), List.of(), List.of(), List.of(), List.of());
    }

    @Test
    void anApmLevelSetEarlierIsReadFromHdparmNotFromTheStaleIdentifyData(@TempDir Path root) {
        LiveTree host = new LiveTree(root, () -> {
            throw new IllegalStateException();
        });
        // IDENTIFY still says 254 after hdparm -B128: the kernel does not re-read it after SET FEATURES APM
        host.programs.exits(List.of("hdparm", "-B", DEVICE), 0, "\n" + DEVICE + ":\n APM_level\t= 128\n", "");
        host.programs.exits(List.of("hdparm", "-W", DEVICE), 0, "\n" + DEVICE + ":\n write-caching =  0 (off)\n", "");
        TuningPlan refined = new HdparmReadback().refine(host, plan(
                setting(Setting.APM, "128", "254", SettingStatus.CHANGE),
                setting(Setting.WRITE_CACHE, "off", null, SettingStatus.CHANGE),
                setting(Setting.STANDBY, "120", null, SettingStatus.CHANGE)));
        assertEquals(List.of("apm 128 IN_STATE", "write_cache 0 IN_STATE", "standby null CHANGE"),
                refined.settings().stream().map(s -> s.setting().key() + " " + s.current() + " " + s.status()).toList());
        assertEquals(List.of(List.of("hdparm", "-B", DEVICE), List.of("hdparm", "-W", DEVICE)), host.programs.calls(),
                "standby has no query; write cache known from IDENTIFY would not be asked");
    }

    @Test
    void aDriveThatDoesNotAnswerKeepsThePlannersValue(@TempDir Path root) {
        LiveTree host = new LiveTree(root, () -> {
            throw new IllegalStateException();
        });
        host.programs.exits(List.of("hdparm", "-B", DEVICE), 0, "\n" + DEVICE + ":\n", "");
        TuningPlan plan = plan(setting(Setting.APM, "128", "254", SettingStatus.CHANGE));
        assertEquals(plan.settings(), new HdparmReadback().refine(host, plan).settings());
    }

    @Test
    void notOnATreeNorWithoutHdparm(@TempDir Path root) {
        TuningPlan plan = plan(setting(Setting.APM, "128", "254", SettingStatus.CHANGE));
        RecordingCommandRunner runner = new RecordingCommandRunner();
        assertSame(plan, new HdparmReadback().refine(new RootedHost(root, runner, () -> {
            throw new IllegalStateException();
        }, java.time.Clock.systemUTC(), true), plan));
        LiveTree host = new LiveTree(root, () -> {
            throw new IllegalStateException();
        });
        host.programs.without("hdparm");
        assertSame(plan, new HdparmReadback().refine(host, plan));
        assertEquals(List.of(), runner.calls());
        assertEquals(List.of(), host.programs.calls());
    }
}
