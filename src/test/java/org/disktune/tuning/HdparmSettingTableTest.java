package org.disktune.tuning;

import static org.disktune.tuning.SampleReports.detect;
import static org.disktune.tuning.SampleReports.disk;
import static org.disktune.tuning.SampleReports.disks;
import static org.disktune.tuning.SampleReports.model;
import static org.disktune.tuning.SampleReports.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.disktune.config.Setting;
import org.disktune.config.SettingValue;
import org.disktune.detect.Disk;
import org.disktune.detect.DriveFeatures;
import org.disktune.detect.IdentifyParser;
import org.disktune.detect.MachineReport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The hdparm rows of {@link SettingTable}: current values from IDENTIFY (ATA) and /proc/ide (legacy IDE), and what a drive accepts. */
class HdparmSettingTableTest {
    static MachineReport ahci;
    static MachineReport centos5;
    static MachineReport rhel6;

    final SettingTable table = new SettingTable("6.1.0-57-amd64");

    @BeforeAll
    static void detectSamples() {
        ahci = detect("qemu-ahci");
        centos5 = detect("seed-centos5-ide");
        rhel6 = detect("seed-rhel6-ext4");
    }

    static Disk named(MachineReport r, String name) {
        return r.disks().stream().filter(d -> d.name().equals(name)).findFirst().orElseThrow();
    }

    /** The same disk with another drive's IDENTIFY features (a real Maxtor's: APM off, AAM at 254). */
    static Disk withFeatures(Disk d, DriveFeatures f) {
        return new Disk(d.name(), d.sysfsPath(), d.transport(), d.controller(), d.ataDevice(), d.scsiAddress(), d.model(), d.vendor(),
                d.serial(), d.firmware(), d.wwn(), d.byId(), d.sizeBytes(), d.rotational(), d.ncqSupported(), d.ncqMaxDepth(),
                d.settings(), d.schedulers(), d.partitions(),
                d.holders(), d.ide(), f, d.driver(), d.ncq());
    }

    static DriveFeatures maxtor() throws IOException {
        try (InputStream in = HdparmSettingTableTest.class.getResourceAsStream("/detect/identify-sata-maxtor-6b200m0.txt")) {
            return new IdentifyParser().parse(new String(in.readAllBytes(), StandardCharsets.US_ASCII)).orElseThrow().features();
        }
    }

    static SettingValue v(Setting s, String value) {
        return value(s, value, "disk wd", 3);
    }

    // ---- current --------------------------------------------------------------------------------------

    @ParameterizedTest
    @CsvSource(nullValues = "null", value = {"WRITE_CACHE, 1", "APM, null", "ACOUSTIC, null", "MULTCOUNT, 16", "STANDBY, null",
            "IO32, null", "DMA, null"})
    void qemuAhciDiskShowsWriteCacheOnAndMultcount16FromIdentifyAndNoApmOrAcoustic(Setting setting, String current) {
        assertEquals(current, table.current(setting, named(ahci, "sdb")));
    }

    @ParameterizedTest
    @CsvSource(nullValues = "null", value = {"WRITE_CACHE, 1", "APM, null", "ACOUSTIC, 0", "MULTCOUNT, 16", "STANDBY, null",
            "IO32, 0", "DMA, 1"})
    void legacyIdeDiskShowsItsProcIdeSettings(Setting setting, String current) {
        assertEquals(current, table.current(setting, named(centos5, "hde")));
    }

    @Test
    void apmOffReadsAs255AndAnEnabledAcousticLevelAsItsLevel() throws IOException {
        Disk disk = withFeatures(named(ahci, "sdb"), maxtor());
        assertEquals("255", table.current(Setting.APM, disk));
        assertEquals("254", table.current(Setting.ACOUSTIC, disk));
        assertEquals("1", table.current(Setting.WRITE_CACHE, disk));
    }

    @Test
    void anAtaDiskWithoutIdentifyInSysfsShowsNothing() {
        Disk sda = named(rhel6, "sda");
        assertNull(sda.features());
        assertNull(table.current(Setting.WRITE_CACHE, sda));
        assertNull(table.current(Setting.APM, sda));
    }

    // ---- check ----------------------------------------------------------------------------------------

    @Test
    void apmAndAcousticOnTheQemuDiskAreSkippedNamingTheIdentifyBit() {
        Disk sdb = named(ahci, "sdb");
        assertEquals(SettingTable.Verdict.skip("apm: sdb (WDC WD7500AAKS-00RBA0) does not support Advanced Power Management "
                + "(IDENTIFY word 83 bit 3)"), table.check(Setting.APM, v(Setting.APM, "254"), sdb));
        assertEquals(SettingTable.Verdict.skip("acoustic: sdb (WDC WD7500AAKS-00RBA0) does not support Automatic Acoustic Management "
                + "(IDENTIFY word 83 bit 9)"), table.check(Setting.ACOUSTIC, v(Setting.ACOUSTIC, "128"), sdb));
    }

    @Test
    void writeCacheAndStandbyOnTheQemuDiskAreAccepted() {
        Disk sdb = named(ahci, "sdb");
        assertEquals(SettingTable.Verdict.accept("off"), table.check(Setting.WRITE_CACHE, v(Setting.WRITE_CACHE, "off"), sdb));
        assertEquals(SettingTable.Verdict.accept("120"), table.check(Setting.STANDBY, v(Setting.STANDBY, "120"), sdb));
    }

    @Test
    void aDriveWithoutAWriteCacheIsSkipped() {
        Disk disk = withFeatures(named(ahci, "sdb"), new DriveFeatures(false, null, true, true, 128, false, null, null, 16, 16));
        assertEquals(SettingTable.Verdict.skip("write_cache: sdb (WDC WD7500AAKS-00RBA0) does not support a volatile write cache "
                + "(IDENTIFY word 82 bit 5)"), table.check(Setting.WRITE_CACHE, v(Setting.WRITE_CACHE, "on"), disk));
        assertEquals(SettingTable.Verdict.accept("254"), table.check(Setting.APM, v(Setting.APM, "254"), disk));
    }

    @Test
    void theMaxtorTakesApmAndAcoustic() throws IOException {
        Disk disk = withFeatures(named(ahci, "sdb"), maxtor());
        assertEquals(SettingTable.Verdict.accept("128"), table.check(Setting.APM, v(Setting.APM, "128"), disk));
        assertEquals(SettingTable.Verdict.accept("128"), table.check(Setting.ACOUSTIC, v(Setting.ACOUSTIC, "128"), disk));
    }

    @Test
    void aDriveWhoseIdentifyIsNotShownIsGivenTheValue() {
        assertEquals(SettingTable.Verdict.accept("254"), table.check(Setting.APM, v(Setting.APM, "254"), named(rhel6, "sda")));
        assertEquals(SettingTable.Verdict.accept("254"), table.check(Setting.APM, v(Setting.APM, "254"), named(centos5, "hde")));
    }

    @Test
    void legacyIdeTakesIo32ThreeAndMultcountUpToItsMaximum16AsTheFifthSeedDid() {
        Disk hde = named(centos5, "hde");
        assertEquals(SettingTable.Verdict.accept("3"), table.check(Setting.IO32, value(Setting.IO32, "3", "disk ibm", 3), hde));
        assertEquals(SettingTable.Verdict.accept("16"), table.check(Setting.MULTCOUNT, value(Setting.MULTCOUNT, "16", "disk ibm", 4), hde));
        assertEquals(SettingTable.Verdict.refuse("multcount 32 is above the maximum of hde (IC35L120AVV207-0), 16 sectors; give 0..16 in "
                + "[disk ibm]"), table.check(Setting.MULTCOUNT, value(Setting.MULTCOUNT, "32", "disk ibm", 4), hde));
    }

    @Test
    void theLibataRefusalsStay() {
        assertEquals(SettingTable.Verdict.refuse("multcount is a legacy IDE setting (hdparm on /proc/ide, gone since Linux 5.14), and sdb "
                + "is not a legacy IDE disk (transport ata): its libata driver chooses I/O width, multiple-sector count and DMA itself; "
                + "remove multcount from [disk wd] or narrow its match"),
                table.check(Setting.MULTCOUNT, v(Setting.MULTCOUNT, "16"), named(ahci, "sdb")));
    }

    @Test
    void thePlannerShowsApmOnTheQemuDiskAsSkippedWithTheReasonAndWriteCacheAsDeferred() {
        TuningPlan plan = new DesiredStatePlanner().plan(disks(disk("wd", 1, List.of(model("WDC WD7500AAKS*", 2)),
                value(Setting.WRITE_CACHE, "off", "disk wd", 3), value(Setting.APM, "254", "disk wd", 4))), ahci);
        assertEquals(List.of(), plan.errors());
        assertEquals(List.of("write_cache 1->off CHANGE", "apm null->null SKIPPED"),
                plan.settings().stream().map(s -> s.setting().key() + " " + s.current() + "->" + s.wanted() + " " + s.status()).toList());
        assertEquals("sdb: apm skipped: apm: sdb (WDC WD7500AAKS-00RBA0) does not support Advanced Power Management (IDENTIFY word 83 bit 3)",
                plan.notes().get(0));
    }
}
