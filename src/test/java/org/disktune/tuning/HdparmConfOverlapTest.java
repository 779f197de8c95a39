package org.disktune.tuning;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import org.disktune.config.Setting;
import org.disktune.config.SettingScope;
import org.disktune.config.SettingValue;
import org.disktune.hdparm.HdparmConf;
import org.disktune.hdparm.HdparmConfParser;
import org.junit.jupiter.api.Test;

/** hdparm.conf against disktune's effective settings: what Debian's udev helper would apply to the same disk. */
class HdparmConfOverlapTest {
    static final Map<String, String> LINK_TARGETS = Map.of(
            "/dev/disk/by-id/ata-WDC_WD7500AAKS-00RBA0_WD-WCAPW0000001", "sdb",
            "/dev/disk/by-uuid/4a691dba-f79d-4254-ab24-516550c9b07b", "sdc1");
    static final Function<String, Optional<String>> LINKS = path -> Optional.ofNullable(LINK_TARGETS.get(path));

    static EffectiveSetting disk(String name, Setting s, String wanted, int line, SettingStatus status) {
        return new EffectiveSetting(SettingScope.DISK, name, null, s, wanted, null, new SettingValue(s, wanted, wanted, "disk d", line), null,
                status);
    }

    static HdparmConf conf(String text) {
        return HdparmConfParser.parse(text.getBytes(StandardCharsets.UTF_8), "/etc/hdparm.conf");
    }

    static HdparmConf fixture(String name) {
        try (java.io.InputStream in = HdparmConfOverlapTest.class.getResourceAsStream("/configs/hdparm/" + name)) {
            return HdparmConfParser.parse(in.readAllBytes(), "/etc/hdparm.conf");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void sheinzsApmOneFightsDisktunesApm128AndTheSameStandbyIsStillReported() {
        List<HdparmConfOverlap.Overlap> found = HdparmConfOverlap.find(fixture("user/sheinz-vostro-3560.hdparm.conf"), List.of(
                disk("sdb", Setting.APM, "128", 4, SettingStatus.CHANGE),
                disk("sda", Setting.STANDBY, "24", 5, SettingStatus.CHANGE)), LINKS);
        assertEquals(List.of(
                new HdparmConfOverlap.Overlap("/etc/hdparm.conf", 6, "sdb", Setting.APM, "1", "1", "128", "[disk d] line 4", false,
                        "sdb: apm = 1 in /etc/hdparm.conf line 6 and apm 128 in [disk d] line 4: Debian's hdparm applies its value at every "
                                + "boot and hotplug, so the two would fight; remove it from /etc/hdparm.conf line 6, or drop it from disktune.conf"),
                new HdparmConfOverlap.Overlap("/etc/hdparm.conf", 2, "sda", Setting.STANDBY, "24", "24", "24", "[disk d] line 5", true,
                        "sda: spindown_time = 24 in /etc/hdparm.conf line 2 and standby 24 in [disk d] line 5 agree now, but both are "
                                + "applied at every boot and hotplug and would fight as soon as one changes (Debian applies spindown_time to "
                                + "disks that report APM); remove it from /etc/hdparm.conf line 2, or drop it from disktune.conf")),
                found);
    }

    @Test
    void aByUuidLinkToAPartitionNamesItsDiskAsDebiansReadlinkAndCutDo() {
        List<HdparmConfOverlap.Overlap> found = HdparmConfOverlap.find(fixture("user/plodocus-rockpro64.hdparm.conf"), List.of(
                disk("sdc", Setting.WRITE_CACHE, "off", 3, SettingStatus.CHANGE),
                disk("sdb", Setting.WRITE_CACHE, "off", 3, SettingStatus.CHANGE)), LINKS);
        assertEquals(List.of("sdc write_cache on/off false"),
                found.stream().map(o -> o.disk() + " " + o.setting().key() + " " + o.hdparmSettingValue() + "/" + o.disktuneValue() + " "
                        + o.sameValue()).toList());
    }

    @Test
    void aByIdBlockAndDefaultsBeforeItReachTheDiskWithTheBlockWinning() {
        HdparmConf conf = conf("write_cache = off\nread_ahead_sect = 256\n/dev/disk/by-id/ata-WDC_WD7500AAKS-00RBA0_WD-WCAPW0000001 {\n"
                + "\twrite_cache = on\n}\n");
        List<HdparmConfOverlap.Overlap> found = HdparmConfOverlap.find(conf, List.of(
                disk("sdb", Setting.WRITE_CACHE, "on", 3, SettingStatus.IN_STATE),
                disk("sdb", Setting.READ_AHEAD_KB, "4096", 4, SettingStatus.CHANGE),
                disk("sda", Setting.WRITE_CACHE, "on", 3, SettingStatus.CHANGE)), LINKS);
        assertEquals(List.of("sdb write_cache line 4 same", "sdb read_ahead_kb line 2 differs", "sda write_cache line 1 differs"),
                found.stream().map(o -> o.disk() + " " + o.setting().key() + " line " + o.line() + " " + (o.sameValue() ? "same" : "differs"))
                        .toList());
    }

    @Test
    void forwidursFileStopsDebiansScriptSoNothingFights() {
        assertEquals(List.of(), HdparmConfOverlap.find(fixture("user/forwidur-systemconfigs.hdparm.conf"),
                List.of(disk("sdb", Setting.STANDBY, "120", 3, SettingStatus.CHANGE)), LINKS));
    }

    @Test
    void disksDebiansRuleDoesNotMatchAndSkippedOrInvalidSettingsAreLeftOut() {
        HdparmConf conf = conf("write_cache = off\n");
        assertEquals(List.of(), HdparmConfOverlap.find(conf, List.of(
                disk("sdaa", Setting.WRITE_CACHE, "on", 3, SettingStatus.CHANGE),
                disk("nvme0n1", Setting.READ_AHEAD_KB, "128", 3, SettingStatus.CHANGE),
                disk("sdb", Setting.WRITE_CACHE, "on", 3, SettingStatus.SKIPPED)), LINKS));
    }

    @Test
    void debiansOwnApm254OnAcPowerFightsAnyOtherApm() {
        HdparmConf pristine = fixture("debian-hdparm.conf.9.65+ds-1.debian12-installed.conf");
        List<HdparmConfOverlap.Overlap> found = HdparmConfOverlap.find(pristine, List.of(
                disk("sda", Setting.APM, "128", 3, SettingStatus.CHANGE),
                disk("sdb", Setting.APM, "254", 3, SettingStatus.CHANGE)), LINKS);
        assertEquals(List.of(new HdparmConfOverlap.Overlap(HdparmConfOverlap.DEBIAN_DEFAULTS, 0, "sda", Setting.APM, "-B254", "254", "128",
                "[disk d] line 3", false, "sda: Debian's hdparm sets apm 254 on AC power on every disk that reports APM at each boot and "
                        + "hotplug (/lib/hdparm/hdparm-functions, hdparm_try_apm) and [disk d] line 3 says apm 128, so the two would fight; "
                        + "give the disk a block in /etc/hdparm.conf with apm = 128, or drop apm from disktune.conf")), found);
    }
}
