package org.disktune.hdparm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.disktune.config.Setting;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Debian's hdparm.conf: the package's own files of 2005, 2008 and Debian 12, and six users' files (configs/SOURCES.tsv). */
class HdparmConfParserTest {
    static final String FILE = "/etc/hdparm.conf";

    static Path dir() {
        try {
            return Path.of(HdparmConfParserTest.class.getResource("/configs/hdparm").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<Path> files() {
        try (Stream<Path> s = Files.walk(dir())) {
            return s.filter(Files::isRegularFile).filter(p -> p.toString().endsWith(".conf")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static HdparmConf parse(String relative) {
        try {
            return HdparmConfParser.parse(Files.readAllBytes(dir().resolve(relative)), FILE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static HdparmConf parse(String text, boolean unused) {
        return HdparmConfParser.parse(text.getBytes(StandardCharsets.UTF_8), FILE);
    }

    static HdparmConf.Option opt(int line, String key, String value, Setting setting, String settingValue, String note) {
        return new HdparmConf.Option(line, key, value, setting, settingValue, note);
    }

    @ParameterizedTest
    @MethodSource("files")
    void everyLineTheDebianScriptReadsIsAccountedForOnce(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        TreeSet<Integer> active = new TreeSet<>();
        for (int i = 0; i < lines.size(); i++) {
            String s = lines.get(i).strip();
            if (!s.isEmpty() && !s.startsWith("#")) {
                active.add(i + 1);
            }
        }
        HdparmConf conf = HdparmConfParser.parse(Files.readAllBytes(file), FILE);
        List<Integer> seen = new ArrayList<>();
        conf.defaults().forEach(o -> seen.add(o.line()));
        conf.ignored().forEach(o -> seen.add(o.line()));
        conf.problems().stream().filter(HdparmConf.Problem::fatal).forEach(p -> seen.add(p.line()));
        for (HdparmConf.DeviceBlock b : conf.blocks()) {
            seen.add(b.line());
            if (b.closeLine() > 0) {
                seen.add(b.closeLine());
            }
            b.options().forEach(o -> seen.add(o.line()));
        }
        assertEquals(List.copyOf(active), seen.stream().sorted().toList(), file.getFileName().toString());
        assertEquals(seen.size(), new TreeSet<>(seen).size(), "no line twice");
    }

    @Test
    void theDebianPackagesOwnFilesOnlySayQuiet() {
        for (String name : List.of("debian-hdparm.conf.6.0-2005.conf", "debian-hdparm.conf.9.0-2008.conf",
                "debian-hdparm.conf.9.65+ds-1.debian12-installed.conf")) {
            HdparmConf conf = parse(name);
            assertEquals(List.of("quiet"), conf.defaults().stream().map(HdparmConf.Option::key).toList(), name);
            assertEquals(List.of(), conf.blocks(), name);
            assertEquals(List.of(), conf.problems(), name);
            assertTrue(conf.defaultsApply());
        }
        assertEquals(33, parse("debian-hdparm.conf.9.65+ds-1.debian12-installed.conf").defaults().get(0).line());
    }

    @Test
    void azahisBlockTurnsApmOffAndKeepsApmBatteryUnmapped() {
        HdparmConf conf = parse("user/azahi-configuration-gentoo.hdparm.conf");
        assertEquals(List.of(new HdparmConf.DeviceBlock(1, 4, "/dev/sdb", List.of(
                opt(2, "apm", "255", Setting.APM, "255", null),
                opt(3, "apm_battery", "255", null, null, "apm_battery applies on battery power only; disktune has no battery setting")))),
                conf.blocks());
        assertTrue(conf.applies(conf.blocks().get(0)));
    }

    @Test
    void forwidursApmLevelKeyStopsDebiansScriptSoNoneOfItsBlocksApplies() {
        HdparmConf conf = parse("user/forwidur-systemconfigs.hdparm.conf");
        assertEquals(List.of("/dev/sdb", "/dev/sdc", "/dev/sdd"), conf.blocks().stream().map(HdparmConf.DeviceBlock::device).toList());
        assertEquals(33, conf.stopLine());
        assertEquals(new HdparmConf.Problem(33, FILE + " line 33: APM_level is not an hdparm.conf option; Debian's hdparm stops here "
                + "(\"Unknown option APM_level\") and applies nothing after it (the APM key is apm)", true), conf.problems().get(0));
        assertTrue(conf.blocks().stream().noneMatch(conf::applies));
        assertFalse(conf.defaultsApply());
        assertEquals(opt(34, "spindown_time", "240", Setting.STANDBY, "240", null), conf.blocks().get(0).options().get(0));
        assertEquals("quiet", conf.ignored().get(0).key(), "quiet after the blocks reaches no disk");
        assertEquals(46, conf.ignored().get(0).line());
    }

    @Test
    void plodocusByUuidBlockHasWriteCacheOnAndStandby24() {
        HdparmConf conf = parse("user/plodocus-rockpro64.hdparm.conf");
        HdparmConf.DeviceBlock block = conf.blocks().get(0);
        assertEquals("/dev/disk/by-uuid/4a691dba-f79d-4254-ab24-516550c9b07b", block.device());
        assertEquals(List.of(opt(block.line() + 1, "write_cache", "on", Setting.WRITE_CACHE, "on", null),
                opt(block.line() + 2, "spindown_time", "24", Setting.STANDBY, "24", null)), block.options());
        assertTrue(conf.applies(block));
    }

    @Test
    void sheinzAggressiveApmOneAndAWhitespaceOnlyLine() {
        HdparmConf conf = parse("user/sheinz-vostro-3560.hdparm.conf");
        assertEquals(List.of(
                new HdparmConf.DeviceBlock(1, 3, "/dev/sda", List.of(opt(2, "spindown_time", "24", Setting.STANDBY, "24", null))),
                new HdparmConf.DeviceBlock(5, 9, "/dev/sdb", List.of(opt(6, "apm", "1", Setting.APM, "1", null),
                        opt(7, "apm_battery", "1", null, null, "apm_battery applies on battery power only; disktune has no battery setting"),
                        opt(8, "spindown_time", "1", Setting.STANDBY, "1", null)))),
                conf.blocks());
        assertEquals(List.of(), conf.problems());
    }

    @Test
    void vladonemoAndWillipeUseByUuidAndByLabelNamesWithSpacesOrTabs() {
        HdparmConf nas = parse("user/vladonemo-raspberry-nas.hdparm.conf");
        assertEquals(List.of("/dev/disk/by-uuid/5C080F18080EF0B6", "/dev/disk/by-uuid/5A22DB2D22DB0CBF", "/dev/disk/by-uuid/8620238620237C75"),
                nas.blocks().stream().map(HdparmConf.DeviceBlock::device).toList());
        assertEquals(List.of("241", "241", "240"), nas.blocks().stream().map(b -> b.options().get(0).settingValue()).toList());
        assertEquals("quiet", nas.defaults().get(0).key(), "'quiet ' with a trailing space");
        HdparmConf pi = parse("user/willipe53-pi_nas.hdparm.conf");
        assertEquals("/dev/disk/by-label/backups", pi.blocks().get(0).device());
        assertEquals("120", pi.blocks().get(0).options().get(0).settingValue());
    }

    @Test
    void readAheadSectorsBecomeKibAndAnOddCountSaysSo() {
        HdparmConf conf = parse("/dev/sda {\n\tread_ahead_sect = 8192\n\tread_ahead_sect = 13\n}\n", true);
        assertEquals(List.of(
                opt(2, "read_ahead_sect", "8192", Setting.READ_AHEAD_KB, "4096", "512-byte sectors: read_ahead_kb 4096"),
                opt(3, "read_ahead_sect", "13", Setting.READ_AHEAD_KB, "6",
                        "512-byte sectors: 6.5 KiB, and read_ahead_kb takes whole KiB: 6")),
                conf.blocks().get(0).options());
    }

    @Test
    void everyMappedKey() {
        HdparmConf conf = parse("""
                /dev/hda {
                    write_cache = off
                    apm = 127
                    spindown_time = 240
                    force_spindown_time = 36
                    acoustic_management = 128
                    io32_support = 3
                    mult_sect_io = 16
                    dma = 1
                    lookahead = on
                }
                """, true);
        assertEquals(List.of("WRITE_CACHE off", "APM 127", "STANDBY 240", "STANDBY 36", "ACOUSTIC 128", "IO32 3", "MULTCOUNT 16", "DMA on",
                "null null"), conf.blocks().get(0).options().stream().map(o -> o.setting() + " " + o.settingValue()).toList());
        assertEquals("lookahead (hdparm -A) is not a disktune setting", conf.blocks().get(0).options().get(8).note());
    }

    @Test
    void aValueDisktuneRefusesIsKeptWithTheReason() {
        HdparmConf conf = parse("/dev/sda {\n apm = 0\n acoustic_management = 100\n}\n", true);
        assertEquals(java.util.Arrays.asList(null, null),
                conf.blocks().get(0).options().stream().map(HdparmConf.Option::settingValue).toList());
        assertEquals("acoustic = 100 is not an acoustic level; use 0 (off) or 128 (quiet) to 254 (fast)",
                conf.blocks().get(0).options().get(1).note());
    }

    @Test
    void aSwitchWithAnotherValueAndAKeyWithoutSpacesStopTheScript() {
        HdparmConf conf = parse("write_cache = yes\n/dev/sda {\napm=254\n}\n", true);
        assertEquals(List.of(1, 3), conf.problems().stream().map(HdparmConf.Problem::line).toList());
        assertEquals(1, conf.stopLine());
        assertFalse(conf.applies(conf.blocks().get(0)));
    }

    @Test
    void commandLineBlocksAreIgnoredAndDefaultsBeforeTheFirstBlockAreKept() {
        HdparmConf conf = parse("quiet\nwrite_cache = off\ncommand_line {\n\thdparm -q -m16 -q -W0 -q -d1 /dev/hda\n}\n/dev/sda {\n}\n", true);
        assertEquals(List.of("quiet", "write_cache"), conf.defaults().stream().map(HdparmConf.Option::key).toList());
        assertEquals(List.of(3, 4), conf.ignored().stream().map(HdparmConf.Option::line).toList());
        assertEquals(List.of(new HdparmConf.DeviceBlock(6, 7, "/dev/sda", List.of())), conf.blocks());
        assertTrue(conf.defaultsApply());
    }

    @Test
    void anUnclosedBlockIsNeverAppliedAndCrlfIsRead() {
        HdparmConf conf = parse("/dev/sda {\r\n\tapm = 254\r\n", true);
        assertEquals(List.of(new HdparmConf.DeviceBlock(1, 0, "/dev/sda", List.of(opt(2, "apm", "254", Setting.APM, "254", null)))),
                conf.blocks());
        assertFalse(conf.applies(conf.blocks().get(0)));
        assertFalse(conf.problems().get(0).fatal());
    }
}
