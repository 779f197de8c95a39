package org.disktune.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.disktune.config.ConfigParser;
import org.disktune.config.ConfigProblem;
import org.disktune.config.DesiredState;
import org.disktune.config.DiskMatch;
import org.disktune.config.DiskRule;
import org.disktune.config.Glob;
import org.disktune.config.ParsedConfig;
import org.disktune.config.Transport;
import org.junit.jupiter.api.Test;

class UdevMatchesTest {
    private static List<String> keys(DiskMatch m) {
        UdevMatches.Translation t = UdevMatches.keys(m);
        return assertInstanceOf(UdevMatches.Expressed.class, t, () -> t.toString()).keys().stream().map(UdevKey::render).toList();
    }

    private static String refused(DiskMatch m) {
        return assertInstanceOf(UdevMatches.Refused.class, UdevMatches.keys(m)).why();
    }

    @Test
    void wwnOfSixteenHexDigitsMatchesTheAtaScsiAndNvmeForms() {
        List<String> expected = List.of("ENV{ID_WWN}==\"0x50014ee2b3c4d5e6|eui.50014ee2b3c4d5e6\"");
        assertEquals(expected, keys(new DiskMatch.Wwn("0x50014EE2B3C4D5E6", 3)));
        assertEquals(expected, keys(new DiskMatch.Wwn("naa.50014ee2b3c4d5e6", 3)));
        assertEquals(expected, keys(new DiskMatch.Wwn("wwn-0x50014ee2b3c4d5e6", 3)));
        assertEquals(expected, keys(new DiskMatch.Wwn("eui.50014ee2b3c4d5e6", 3)));
    }

    @Test
    void wwnOfThirtyTwoHexDigitsUsesScsiIdsVendorExtensionOrTheNvmeNguid() {
        assertEquals(List.of("ENV{ID_WWN}==\"0x600508b1001c4d5e|eui.600508b1001c4d5e6f7a8b9c0d1e2f30\"",
                "ENV{ID_WWN_VENDOR_EXTENSION}==\"0x6f7a8b9c0d1e2f30|\""), keys(new DiskMatch.Wwn("naa.600508b1001c4d5e6f7a8b9c0d1e2f30", 3)));
        assertEquals(List.of("ENV{ID_WWN}==\"nvme.1b36-31323334-51454d55204e564d65204374726c-00000001\""),
                keys(new DiskMatch.Wwn("nvme.1b36-31323334-51454d55204e564d65204374726c-00000001", 3)));
        assertTrue(refused(new DiskMatch.Wwn("t10.ATA QEMU HARDDISK", 3)).contains("not a WWN udev exports"));
    }

    @Test
    void serialAndModelMirrorUdevsWhitespaceReplacement() {
        assertEquals(List.of("ENV{ID_SERIAL_SHORT}==\"WD-WCAPW0000001\""), keys(new DiskMatch.Serial("WD-WCAPW0000001", 4)));
        assertEquals(List.of("ENV{ID_SERIAL_SHORT}==\"AB_12|AB  12\""), keys(new DiskMatch.Serial("AB  12", 4)));
        assertEquals(List.of("ENV{ID_MODEL}==\"WDC_WD740ADFD*|WDC WD740ADFD*\""), keys(new DiskMatch.Model(new Glob("WDC WD740ADFD*"), 5)));
        assertEquals(List.of("ENV{ID_MODEL}==\"Samsung_SSD_970_EVO__1TB_|Samsung SSD 970 EVO _1TB_\""),
                keys(new DiskMatch.Model(new Glob("Samsung SSD 970 EVO (1TB)"), 5)));
    }

    @Test
    void byIdVendorDriverRotationalAndName() {
        assertEquals(List.of("SYMLINK==\"disk/by-id/ata-ST3320620AS_9QF0ABCD\""), keys(new DiskMatch.ById("/dev/disk/by-id/ata-ST3320620AS_9QF0ABCD", 6)));
        assertEquals(List.of("SUBSYSTEMS==\"scsi|virtio\"", "ATTRS{vendor}==\"ATA\""), keys(new DiskMatch.Vendor(new Glob("ATA"), 7)));
        assertEquals(List.of("SUBSYSTEMS==\"pci\"", "DRIVERS==\"sata_nv\""), keys(new DiskMatch.Driver("sata_nv", 8)));
        assertEquals(List.of("ATTR{queue/rotational}==\"0\""), keys(new DiskMatch.Rotational(false, 9)));
        assertEquals(List.of("KERNEL==\"loop[0-9]*\""), keys(new DiskMatch.Name(new Glob("loop[0-9]*"), true, 10)));
    }

    @Test
    void everyTransportIsExpressedAsDetectDecidesIt() {
        for (Transport t : Transport.matchables()) {
            assertTrue(!keys(new DiskMatch.OfTransport(t, 2)).isEmpty(), t.label());
        }
        assertEquals(List.of("KERNEL==\"loop*\""), keys(new DiskMatch.OfTransport(Transport.LOOP, 2)));
        assertEquals(List.of("KERNEL==\"sd*|sr*\"", "DEVPATH!=\"*/virtio*|*/ata[0-9]*|*/usb*\""), keys(new DiskMatch.OfTransport(Transport.SCSI, 2)));
    }

    @Test
    void unsafeValuesAndGlobsInExactValuesAreRefused() {
        assertTrue(refused(new DiskMatch.Serial("AB\"12", 4)).contains("double quote"));
        assertTrue(refused(new DiskMatch.Model(new Glob("WDC\\x"), 4)).contains("backslash"));
        assertTrue(refused(new DiskMatch.Model(new Glob("A|B"), 4)).contains("separator of alternatives"));
        assertTrue(refused(new DiskMatch.Name(new Glob("sd$a"), true, 4)).contains("substitutes"));
        assertTrue(refused(new DiskMatch.Serial("AB\u000112", 4)).contains("control character"));
        assertTrue(refused(new DiskMatch.Serial("WD-*", 4)).contains("glob character"));
        assertTrue(refused(new DiskMatch.ById("ata-*", 4)).contains("glob character"));
        assertTrue(refused(new DiskMatch.Driver("sata_?", 4)).contains("glob character"));
        assertTrue(refused(new DiskMatch.MemberOf("md0", 4)).contains("match.serial or match.wwn"));
    }

    @Test
    void problemsNameTheFileTheLineTheKeyAndTheFix() {
        ParsedConfig parsed = new ConfigParser().parse(("[disk members]\n"
                + "match.md = md0\n"
                + "read_ahead_kb = 1024\n"
                + "\n"
                + "[disk both]\n"
                + "match.vendor = ATA\n"
                + "match.driver = ahci\n"
                + "scheduler = none\n"
                + "\n"
                + "[disk fine]\n"
                + "match.serial = WD-1\n"
                + "scheduler = none\n").getBytes(StandardCharsets.UTF_8), "/etc/disktune/disktune.conf");
        assertEquals(List.of(), parsed.errors());
        List<ConfigProblem> problems = UdevMatches.problems(parsed.state());
        assertEquals(List.of(2, 5), problems.stream().map(ConfigProblem::line).toList());
        assertTrue(problems.get(0).toString().startsWith("/etc/disktune/disktune.conf:2: match.md = md0 cannot be seen by udev"));
        assertTrue(problems.get(1).message().contains("match.vendor and match.driver"));
        GeneratedRules rules = new UdevRulesGenerator().generate(parsed.state(), v -> v.value());
        assertEquals(problems, rules.errors());
        String text = rules.text().orElseThrow();
        assertTrue(text.contains("ENV{ID_SERIAL_SHORT}==\"WD-1\"") && !text.contains("[disk members]") && !text.contains("[disk both]"), text);
    }

    @Test
    void noPersistedSettingMeansNoFile() {
        DesiredState state = new DesiredState("/etc/disktune/disktune.conf", List.of(),
                List.of(new DiskRule("x", 1, List.of(new DiskMatch.Serial("S", 2)), List.of())), List.of(), List.of(), List.of());
        GeneratedRules rules = new UdevRulesGenerator().generate(state, v -> v.value());
        assertTrue(rules.text().isEmpty());
        assertEquals(List.of(), rules.errors());
    }

    @Test
    void anUnsafeValueToWriteIsAnError() {
        ParsedConfig parsed = new ConfigParser().parse("[disk a]\nmatch.serial = S1\nscheduler = none\n".getBytes(StandardCharsets.UTF_8), "c.conf");
        GeneratedRules rules = new UdevRulesGenerator().generate(parsed.state(), v -> "none\"\nRUN+=\"/bin/sh");
        assertEquals(List.of(3), rules.errors().stream().map(ConfigProblem::line).toList());
        assertTrue(rules.text().isEmpty());
    }

    @Test
    void mdArraysByUuidUseMdadmsExportForm() {
        ParsedConfig parsed = new ConfigParser().parse(("[md data]\nmatch.uuid = 3B1A5C2E-8F0D-4A71-C2E9-5B601D7F3A48\n"
                + "stripe_cache_size = 8192\n").getBytes(StandardCharsets.UTF_8), "c.conf");
        assertEquals(List.of(), parsed.errors());
        String text = new UdevRulesGenerator().generate(parsed.state(), v -> v.value()).text().orElseThrow();
        assertTrue(text.contains("ENV{MD_UUID}==\"3b1a5c2e:8f0d4a71:c2e95b60:1d7f3a48\", \\\n  ATTR{md/array_state}!=\"|clear|inactive\", \\\n"
                + "  ATTR{md/stripe_cache_size}=\"8192\"\n"), text);
    }
}
