package org.disktune.tuning;

import static org.disktune.tuning.SampleReports.FILE;
import static org.disktune.tuning.SampleReports.detect;
import static org.disktune.tuning.SampleReports.disk;
import static org.disktune.tuning.SampleReports.disks;
import static org.disktune.tuning.SampleReports.model;
import static org.disktune.tuning.SampleReports.name;
import static org.disktune.tuning.SampleReports.scheduler;
import static org.disktune.tuning.SampleReports.state;
import static org.disktune.tuning.SampleReports.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.disktune.apply.WriteAttribute;
import org.disktune.config.ConfigProblem;
import org.disktune.config.DesiredState;
import org.disktune.config.DiskMatch;
import org.disktune.config.MdRule;
import org.disktune.config.MountRule;
import org.disktune.config.Setting;
import org.disktune.config.SettingScope;
import org.disktune.config.SettingValue;
import org.disktune.detect.MachineReport;
import org.disktune.detect.MdArray;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Plans seed-like configurations on the bundled sample machines; every change and message asserted whole. */
class DesiredStatePlannerTest {
    static MachineReport raptors;
    static MachineReport rhel6;
    static MachineReport n2100;
    static MachineReport centos5;
    static MachineReport ahci;
    static MachineReport virtioNvme;

    final DesiredStatePlanner planner = new DesiredStatePlanner();

    @BeforeAll
    static void detectSamples() {
        raptors = detect("seed-raid5-raptors");
        rhel6 = detect("seed-rhel6-ext4");
        n2100 = detect("seed-arm-n2100-sil");
        centos5 = detect("seed-centos5-ide");
        ahci = detect("qemu-ahci");
        virtioNvme = detect("qemu-virtio-nvme");
    }

    static String raptor(String disk, String serial) {
        return "ata-WDC_WD740ADFD-00NLR1_" + serial;
    }

    // ---- the seeds' own tuning ------------------------------------------------------------------------

    @Test
    void raid5RaptorMembersGetQueueDepthOneAndTheSeagateKeepsIts31() {
        DesiredState desired = disks(disk("raptors", 1, List.of(model("WDC WD740ADFD*", 2)),
                value(Setting.QUEUE_DEPTH, "1", "disk raptors", 3)));
        TuningPlan plan = planner.plan(desired, raptors);
        String reason = "[disk raptors] line 3: queue_depth 1 (NCQ off)";
        assertEquals(List.of(
                new WriteAttribute("/sys/block/sda/device/queue_depth", "sda", raptor("sda", "WD-WMANS1000001"), "31", "1", reason),
                new WriteAttribute("/sys/block/sdb/device/queue_depth", "sdb", raptor("sdb", "WD-WMANS1000002"), "31", "1", reason),
                new WriteAttribute("/sys/block/sdc/device/queue_depth", "sdc", raptor("sdc", "WD-WMANS1000003"), "31", "1", reason)),
                plan.changes());
        assertEquals(List.of(), plan.errors());
        assertEquals(List.of(), plan.absent());
        assertEquals(plan.changes(), plan.plan().changes());
    }

    @Test
    void theArrayMembersCanBeMatchedByTheirArrayAsWell() {
        DesiredState desired = disks(disk("md7-members", 1, List.of(new DiskMatch.MemberOf("md7", 2)),
                value(Setting.QUEUE_DEPTH, "1", "disk md7-members", 3)));
        assertEquals(List.of("sda", "sdb", "sdc"),
                planner.plan(desired, raptors).changes().stream().map(WriteAttribute::device).toList());
    }

    @Test
    void rhel6GetsDeadlineUnderIts26NameBecauseThe2632KernelOffersIt() {
        DesiredState desired = disks(disk("caviar", 1, List.of(new DiskMatch.Wwn("0x50014ee2000000a1", 2)),
                scheduler("deadline", "mq-deadline", "disk caviar", 3)));
        TuningPlan plan = planner.plan(desired, rhel6);
        assertEquals(List.of(new WriteAttribute("/sys/block/sda/queue/scheduler", "sda", "wwn-0x50014ee2000000a1", "cfq", "deadline",
                "[disk caviar] line 3: scheduler deadline")), plan.changes());
        EffectiveSetting sda = plan.settings().get(0);
        assertEquals(new EffectiveSetting(SettingScope.DISK, "sda", "wwn-0x50014ee2000000a1", Setting.SCHEDULER, "deadline", "cfq",
                scheduler("deadline", "mq-deadline", "disk caviar", 3), "/sys/block/sda/queue/scheduler", SettingStatus.CHANGE), sda);
    }

    @Test
    void anticipatoryIsKeptWhereThe2621KernelOffersAndRunsIt() {
        DesiredState desired = disks(disk("raptors", 1, List.of(model("WDC WD740ADFD*", 2)),
                scheduler("anticipatory", "anticipatory", "disk raptors", 3)));
        TuningPlan plan = planner.plan(desired, raptors);
        assertEquals(List.of(), plan.errors());
        assertEquals(List.of(), plan.notes());
        assertEquals(List.of("anticipatory", "anticipatory", "anticipatory"), plan.settings().stream().map(EffectiveSetting::wanted).toList());
        assertEquals(List.of(SettingStatus.IN_STATE, SettingStatus.IN_STATE, SettingStatus.IN_STATE),
                plan.settings().stream().map(EffectiveSetting::status).toList());
    }

    @Test
    void deadlineIsWrittenAsIsOnA26KernelWithoutAWordOfItsSuccessor() {
        DesiredState desired = disks(disk("raptors", 1, List.of(model("WDC WD740ADFD*", 2)),
                scheduler("deadline", "mq-deadline", "disk raptors", 3)));
        TuningPlan plan = planner.plan(desired, raptors);
        assertEquals(List.of("deadline", "deadline", "deadline"), plan.changes().stream().map(WriteAttribute::newValue).toList());
        assertEquals(List.of(), plan.notes());
    }

    @Test
    void aSuccessorWrittenForA26NameIsNotedOnceForAllTheDisksOfItsLine() {
        DesiredState desired = disks(disk("all", 1, List.of(new DiskMatch.OfTransport(org.disktune.config.Transport.ATA, 2)),
                scheduler("deadline", "mq-deadline", "disk all", 3)));
        TuningPlan plan = planner.plan(desired, ahci);
        assertEquals(3, plan.settings().size());
        assertEquals(List.of(FILE + ":3: scheduler = deadline is the Linux 2.6 name, which this kernel does not offer; using its blk-mq "
                + "successor mq-deadline (write scheduler = mq-deadline to silence this)"), plan.notes());
    }

    @Test
    void a26SchedulerNameBecomesItsSuccessorOnABlkMqKernel() {
        DesiredState desired = disks(disk("qemu", 1, List.of(new DiskMatch.Serial("QM00001", 2)),
                scheduler("noop", "none", "disk qemu", 3)));
        assertEquals(List.of(new WriteAttribute("/sys/block/sda/queue/scheduler", "sda", null, "mq-deadline", "none",
                "[disk qemu] line 3: scheduler none (for noop)")), planner.plan(desired, ahci).changes());
    }

    @Test
    void n2100ReadaheadGoesTo4096KibOnBothDisksAsHdparmA8192Did() {
        DesiredState desired = disks(disk("st3250", 1, List.of(model("ST3250620AS", 2)),
                value(Setting.READ_AHEAD_KB, "4096", "disk st3250", 3)));
        String reason = "[disk st3250] line 3: read_ahead_kb 4096";
        assertEquals(List.of(
                new WriteAttribute("/sys/block/sda/queue/read_ahead_kb", "sda", "ata-ST3250620AS_9QE05RV5", "128", "4096", reason),
                new WriteAttribute("/sys/block/sdb/queue/read_ahead_kb", "sdb", "ata-ST3250620AS_9QE0B7K2", "128", "4096", reason)),
                planner.plan(desired, n2100).changes());
    }

    @Test
    void aConfigurationTheMachineAlreadyHasChangesNothing() {
        DesiredState desired = disks(disk("qemu", 1, List.of(new DiskMatch.Serial("QM00001", 2)),
                scheduler("deadline", "mq-deadline", "disk qemu", 3),
                value(Setting.READ_AHEAD_KB, "0128", "disk qemu", 4),
                value(Setting.QUEUE_DEPTH, "32", "disk qemu", 5),
                value(Setting.NR_REQUESTS, "64", "disk qemu", 6)));
        TuningPlan plan = planner.plan(desired, ahci);
        assertEquals(List.of(), plan.changes());
        assertEquals(List.of(), plan.errors());
        assertEquals(List.of(SettingStatus.IN_STATE, SettingStatus.IN_STATE, SettingStatus.IN_STATE, SettingStatus.IN_STATE),
                plan.settings().stream().map(EffectiveSetting::status).toList());
        assertEquals(List.of("mq-deadline", "128", "32", "64"), plan.settings().stream().map(EffectiveSetting::wanted).toList());
    }

    @Test
    void changesAreOrderedByDiskThenByTheSettingsTable() {
        DesiredState desired = disks(disk("spinning", 1, List.of(new DiskMatch.Rotational(true, 2)),
                value(Setting.READ_AHEAD_KB, "1024", "disk spinning", 3),
                value(Setting.QUEUE_DEPTH, "1", "disk spinning", 4),
                scheduler("none", "none", "disk spinning", 5)));
        assertEquals(List.of("sda queue/scheduler", "sda queue/read_ahead_kb", "sda device/queue_depth",
                "sdb queue/scheduler", "sdb queue/read_ahead_kb", "sdb device/queue_depth"),
                planner.plan(desired, ahci).changes().stream()
                        .map(c -> c.device() + " " + c.path().substring(("/sys/block/" + c.device() + "/").length())).toList());
    }

    // ---- resolution -----------------------------------------------------------------------------------

    @Test
    void twoProductSectionsGivingDifferentValuesToOneDiskAreAnErrorAndThePlanChangesNothing() {
        DesiredState desired = disks(
                disk("wd-blue", 1, List.of(model("WDC WD5000*", 2)), value(Setting.QUEUE_DEPTH, "1", "disk wd-blue", 3)),
                disk("ata-disks", 5, List.of(new DiskMatch.Vendor(new org.disktune.config.Glob("ATA"), 6)),
                        value(Setting.QUEUE_DEPTH, "2", "disk ata-disks", 7)));
        TuningPlan plan = planner.plan(desired, rhel6);
        assertEquals(List.of(new ConfigProblem(FILE, 7, "queue_depth: [disk wd-blue] line 3 says 1 and [disk ata-disks] line 7 says 2, "
                + "both product sections matching sda; make one section more specific (match.wwn, match.serial or match.by-id) "
                + "or give both the same value")), plan.errors());
        assertEquals(List.of(), plan.changes(), "sdb alone would change, but a plan with errors is all or nothing");
        assertEquals(List.of(SettingStatus.INVALID, SettingStatus.CHANGE),
                plan.settings().stream().map(EffectiveSetting::status).toList());
    }

    @Test
    void twoSameRankSectionsGivingTheSameValueAgree() {
        DesiredState desired = disks(
                disk("wd-blue", 1, List.of(model("WDC WD5000*", 2)), value(Setting.QUEUE_DEPTH, "1", "disk wd-blue", 3)),
                disk("ata-disks", 5, List.of(new DiskMatch.Vendor(new org.disktune.config.Glob("ATA"), 6)),
                        value(Setting.QUEUE_DEPTH, "1", "disk ata-disks", 7)));
        TuningPlan plan = planner.plan(desired, rhel6);
        assertEquals(List.of(), plan.errors());
        assertEquals(List.of("sda", "sdb"), plan.changes().stream().map(WriteAttribute::device).toList());
        assertEquals("[disk wd-blue] line 3: queue_depth 1 (NCQ off)", plan.changes().get(0).reason(), "the first in the file");
    }

    @Test
    void theMostSpecificSectionWinsPerSetting() {
        DesiredState desired = disks(
                disk("spinning", 1, List.of(new DiskMatch.Rotational(true, 2)),
                        value(Setting.READ_AHEAD_KB, "256", "disk spinning", 3),
                        value(Setting.QUEUE_DEPTH, "1", "disk spinning", 4)),
                disk("system", 6, List.of(new DiskMatch.Wwn("wwn-0x50014ee2000000a1", 7)),
                        value(Setting.READ_AHEAD_KB, "1024", "disk system", 8)));
        assertEquals(List.of(
                new WriteAttribute("/sys/block/sda/queue/read_ahead_kb", "sda", "wwn-0x50014ee2000000a1", "128", "1024",
                        "[disk system] line 8: read_ahead_kb 1024"),
                new WriteAttribute("/sys/block/sda/device/queue_depth", "sda", "wwn-0x50014ee2000000a1", "31", "1",
                        "[disk spinning] line 4: queue_depth 1 (NCQ off)"),
                new WriteAttribute("/sys/block/sdb/queue/read_ahead_kb", "sdb", "wwn-0x50014ee0018fdbb9", "128", "256",
                        "[disk spinning] line 3: read_ahead_kb 256"),
                new WriteAttribute("/sys/block/sdb/device/queue_depth", "sdb", "wwn-0x50014ee0018fdbb9", "31", "1",
                        "[disk spinning] line 4: queue_depth 1 (NCQ off)")),
                planner.plan(desired, rhel6).changes());
    }

    @Test
    void matchNameIsRefusedOnADiskWithAStableNameAndAllowedWhenForced() {
        SettingValue readahead = value(Setting.READ_AHEAD_KB, "256", "disk first", 3);
        TuningPlan refused = planner.plan(disks(disk("first", 1, List.of(name("sda", false, 2)), readahead)), ahci);
        assertEquals(List.of(new ConfigProblem(FILE, 2, "[disk first] match.name = sda matches sda, which has a stable name "
                + "(serial QM00001) while kernel names move between boots; match it by match.serial = QM00001, "
                + "or add match.name.force = yes")), refused.errors());
        assertEquals(List.of(), refused.changes());

        TuningPlan forced = planner.plan(disks(disk("first", 1, List.of(name("sda", true, 2)), readahead)), ahci);
        assertEquals(List.of(), forced.errors());
        assertEquals(List.of(new WriteAttribute("/sys/block/sda/queue/read_ahead_kb", "sda", null, "128", "256",
                "[disk first] line 3: read_ahead_kb 256")), forced.changes());
    }

    @Test
    void matchNameOnA2621DiskSaysWhichSerialItsByIdNameCarries() {
        TuningPlan plan = planner.plan(disks(disk("boot", 1, List.of(name("sdd", false, 2)),
                value(Setting.READ_AHEAD_KB, "256", "disk boot", 3))), raptors);
        assertEquals(List.of(new ConfigProblem(FILE, 2, "[disk boot] match.name = sdd matches sdd, which has a stable name "
                + "(serial 9QF0ABCD) while kernel names move between boots; "
                + "match it by match.serial = 9QF0ABCD, or add match.name.force = yes")), plan.errors());
    }

    @Test
    void matchNameIsFineForADiskWithoutAnyStableName() {
        TuningPlan plan = planner.plan(disks(disk("virtio", 1, List.of(name("vd*", false, 2)),
                value(Setting.READ_AHEAD_KB, "512", "disk virtio", 3))), virtioNvme);
        assertEquals(List.of(), plan.errors());
        assertEquals(List.of(new WriteAttribute("/sys/block/vda/queue/read_ahead_kb", "vda", null, "128", "512",
                "[disk virtio] line 3: read_ahead_kb 512")), plan.changes());
    }

    @Test
    void sectionsMatchingNothingAreAbsentNotErrors() {
        DesiredState desired = state(
                List.of(disk("gone", 1, List.of(new DiskMatch.Serial("NOPE", 2)), value(Setting.QUEUE_DEPTH, "1", "disk gone", 3))),
                List.of(new MdRule("md9", null, 5, List.of(value(Setting.MD_READ_AHEAD_KB, "4096", "md md9", 6))),
                        new MdRule("data", "0a1b2c3d:00000000:00000000:00000001", 8,
                                List.of(value(Setting.MD_READ_AHEAD_KB, "4096", "md data", 9)))),
                List.of(new MountRule("/srv", 11, List.of(value(Setting.ATIME, "noatime", "mount /srv", 12)))));
        TuningPlan plan = planner.plan(desired, raptors);
        assertEquals(List.of(
                "[disk gone] line 1 matches no disk (match.serial = NOPE)",
                "[md md9] line 5 matches no array (no md9 on this machine)",
                "[md data] line 8 matches no array (no array has UUID 0a1b2c3d:00000000:00000000:00000001)",
                "[mount /srv] line 11: nothing is mounted at /srv"), plan.absent());
        assertEquals(List.of(), plan.errors());
        assertEquals(List.of(), plan.changes());
        assertEquals(List.of(), plan.settings());
    }

    // ---- the device's answer --------------------------------------------------------------------------

    @Test
    void aSchedulerTheKernelDoesNotOfferIsAnErrorListingWhatItOffers() {
        TuningPlan plan = planner.plan(disks(disk("qemu", 1, List.of(new DiskMatch.Serial("QM00001", 2)),
                scheduler("bfq", "bfq", "disk qemu", 3))), ahci);
        assertEquals(List.of(new ConfigProblem(FILE, 3, "scheduler bfq is not offered by sda; it offers mq-deadline none: "
                + "choose one of those")), plan.errors());
        TuningPlan anticipatory = planner.plan(disks(disk("qemu", 1, List.of(new DiskMatch.Serial("QM00001", 2)),
                scheduler("anticipatory", "anticipatory", "disk qemu", 3))), ahci);
        assertEquals(List.of(new ConfigProblem(FILE, 3, "scheduler anticipatory is not offered by sda (anticipatory was removed in "
                + "Linux 2.6.33 and has no successor); it offers mq-deadline none: choose one of those")), anticipatory.errors());
    }

    @Test
    void aSchedulerTheKernelLoadsOnTheWriteIsAcceptedAndNamedWhenAnotherIsRefused() {
        MachineReport withBfq = new MachineReport(ahci.kernel(), ahci.controllers(), ahci.ataPorts(), ahci.disks(), ahci.mdArrays(),
                ahci.mounts(), ahci.findings(), ahci.notes(), List.of("bfq"));
        TuningPlan plan = planner.plan(disks(disk("qemu", 1, List.of(new DiskMatch.Serial("QM00001", 2)),
                scheduler("bfq", "bfq", "disk qemu", 3))), withBfq);
        assertEquals(List.of(), plan.errors());
        assertEquals(List.of(new WriteAttribute("/sys/block/sda/queue/scheduler", "sda", null, "mq-deadline", "bfq",
                "[disk qemu] line 3: scheduler bfq")), plan.changes());
        TuningPlan kyber = planner.plan(disks(disk("qemu", 1, List.of(new DiskMatch.Serial("QM00001", 2)),
                scheduler("kyber", "kyber", "disk qemu", 3))), withBfq);
        assertEquals(List.of(new ConfigProblem(FILE, 3, "scheduler kyber is not offered by sda; it offers mq-deadline none and the "
                + "kernel can load bfq: choose one of those")), kyber.errors());
    }

    @Test
    void aQueueDepthAboveTheDevicesMaximumIsAnError() {
        TuningPlan plan = planner.plan(disks(disk("qemu", 1, List.of(new DiskMatch.Serial("QM00001", 2)),
                value(Setting.QUEUE_DEPTH, "64", "disk qemu", 3))), ahci);
        assertEquals(List.of(new ConfigProblem(FILE, 3, "queue_depth 64 is above the maximum of sda (32); give 1..32 (1 turns NCQ off)")),
                plan.errors());
    }

    @Test
    void queueDepthOnNvmeAndVirtioIsAnError() {
        TuningPlan plan = planner.plan(disks(disk("solid", 1, List.of(new DiskMatch.Driver("nvme", 2)),
                value(Setting.QUEUE_DEPTH, "16", "disk solid", 3))), virtioNvme);
        assertEquals(List.of(new ConfigProblem(FILE, 3, "queue_depth is for SCSI and ATA disks (device/queue_depth), and nvme0n1 is a "
                + "nvme disk without one; remove queue_depth from [disk solid] or narrow its match")), plan.errors());
    }

    @Test
    void stripeCacheSizeOnRaid1IsAnErrorAndOnRaid5OfA2621KernelItCannotBeRead() {
        DesiredState onRaid1 = state(List.of(),
                List.of(new MdRule("md0", null, 1, List.of(value(Setting.STRIPE_CACHE_SIZE, "8192", "md md0", 2)))), List.of());
        assertEquals(List.of(new ConfigProblem(FILE, 2, "stripe_cache_size is for RAID4/5/6 arrays, and md0 is raid1, which has no "
                + "stripe cache; remove it from [md md0]")), planner.plan(onRaid1, n2100).errors());

        DesiredState onRaid5 = state(List.of(),
                List.of(new MdRule("md7", null, 1, List.of(value(Setting.STRIPE_CACHE_SIZE, "8192", "md md7", 2)))), List.of());
        TuningPlan plan = planner.plan(onRaid5, raptors);
        assertEquals(List.of(), plan.errors());
        assertEquals(List.of(), plan.changes());
        assertEquals(List.of("md7: stripe_cache_size cannot be read (/sys/block/md7/md/stripe_cache_size is not shown), so it is not "
                + "written; [md md7] line 2 waits for a kernel that shows it"), plan.notes());
        assertEquals(SettingStatus.UNKNOWN, plan.settings().get(0).status());
    }

    @Test
    void anArrayIsMatchedByItsUuidWhateverTheSeparatorsAndCase() {
        MdArray md7 = raptors.mdArrays().get(1);
        MdArray withUuid = new MdArray(md7.name(), md7.level(), md7.state(), md7.raidDisks(), md7.members(), 256,
                "3f1a2b4c:5d6e7f80:91a2b3c4:d5e6f708", 256);
        MachineReport newer = new MachineReport("2.6.32", raptors.controllers(), raptors.ataPorts(), raptors.disks(),
                List.of(raptors.mdArrays().get(0), withUuid), raptors.mounts(), raptors.findings(), raptors.notes());
        DesiredState desired = state(List.of(), List.of(new MdRule("home", "3F1A2B4C-5D6E-7F80-91A2-B3C4D5E6F708", 1, List.of(
                value(Setting.MD_READ_AHEAD_KB, "4096", "md home", 2), value(Setting.STRIPE_CACHE_SIZE, "8192", "md home", 3)))), List.of());
        String identity = "md-uuid-3f1a2b4c:5d6e7f80:91a2b3c4:d5e6f708";
        assertEquals(List.of(
                new WriteAttribute("/sys/block/md7/queue/read_ahead_kb", "md7", identity, "256", "4096", "[md home] line 2: read_ahead_kb 4096"),
                new WriteAttribute("/sys/block/md7/md/stripe_cache_size", "md7", identity, "256", "8192",
                        "[md home] line 3: stripe_cache_size 8192")),
                planner.plan(desired, newer).changes());
    }

    @Test
    void io32OnASataDiskIsAnErrorSayingWhy() {
        TuningPlan plan = planner.plan(disks(disk("caviar", 1, List.of(new DiskMatch.Wwn("0x50014ee2000000a1", 2)),
                value(Setting.IO32, "1", "disk caviar", 3))), rhel6);
        assertEquals(List.of(new ConfigProblem(FILE, 3, "io32 is a legacy IDE setting (hdparm on /proc/ide, gone since Linux 5.14), and "
                + "sda is not a legacy IDE disk (transport ata): its libata driver chooses I/O width, multiple-sector count and DMA "
                + "itself; remove io32 from [disk caviar] or narrow its match")), plan.errors());
    }

    @Test
    void writeCacheOnAVirtioDiskIsAnError() {
        TuningPlan plan = planner.plan(disks(disk("virtio", 1, List.of(new DiskMatch.OfTransport(org.disktune.config.Transport.VIRTIO, 2)),
                value(Setting.WRITE_CACHE, "0", "disk virtio", 3))), virtioNvme);
        assertEquals(List.of(new ConfigProblem(FILE, 3, "write_cache is an ATA drive feature set with hdparm, and vda is not an ATA disk "
                + "(transport virtio); remove write_cache from [disk virtio] or narrow its match")), plan.errors());
    }

    @Test
    void hdparmSettingsOnLegacyIdeAreCheckedAgainstProcIde() {
        DesiredState desired = disks(disk("ibm", 1, List.of(model("IC35L120AVV207-0", 2)),
                value(Setting.IO32, "3", "disk ibm", 3),
                value(Setting.MULTCOUNT, "16", "disk ibm", 4),
                value(Setting.DMA, "on", "disk ibm", 5),
                value(Setting.APM, "254", "disk ibm", 6)));
        TuningPlan plan = planner.plan(desired, centos5);
        assertEquals(List.of(), plan.errors());
        assertEquals(List.of(), plan.changes(), "hdparm steps are made by the persistence planner, not here");
        assertEquals(List.of("apm null->254 CHANGE", "io32 0->3 CHANGE", "multcount 16->16 IN_STATE", "dma 1->on IN_STATE"),
                plan.settings().stream().map(s -> s.setting().key() + " " + s.current() + "->" + s.wanted() + " " + s.status()).toList());
        assertEquals(List.of(), plan.notes());
    }

    @Test
    void mountSettingsAreComparedWithTheFlagsInEffect() {
        DesiredState desired = state(List.of(), List.of(), List.of(
                new MountRule("/boot", 1, List.of(value(Setting.ATIME, "noatime", "mount /boot", 2)))));
        TuningPlan plan = planner.plan(desired, centos5);
        assertEquals(List.of(new EffectiveSetting(SettingScope.MOUNT, "/boot", null, Setting.ATIME, "noatime", "strictatime",
                value(Setting.ATIME, "noatime", "mount /boot", 2), null, SettingStatus.CHANGE)), plan.settings());

        DesiredState relatime = state(List.of(), List.of(), List.of(
                new MountRule("/home/", 1, List.of(value(Setting.ATIME, "relatime", "mount /home/", 2)))));
        assertEquals(SettingStatus.IN_STATE, planner.plan(relatime, rhel6).settings().get(0).status());
    }

    @Test
    void lazytimeOnAKernelBefore40IsAnError() {
        DesiredState desired = state(List.of(), List.of(), List.of(
                new MountRule("/boot", 1, List.of(value(Setting.LAZYTIME, "yes", "mount /boot", 2)))));
        assertEquals(List.of(new ConfigProblem(FILE, 2, "lazytime needs Linux 4.0 or later, and this kernel is 2.6.18-8.el5; "
                + "remove it from [mount /boot]")), planner.plan(desired, centos5).errors());
    }

    @Test
    void anEmptyStateOnAnyMachinePlansNothing() {
        TuningPlan plan = planner.plan(DesiredState.empty(null), rhel6);
        assertEquals(new TuningPlan(List.of(), List.of(), List.of(), List.of(), List.of()), plan);
        assertTrue(plan.plan().isEmpty());
    }

    @Test
    void aPlanWithErrorsCannotCarryChanges() {
        WriteAttribute write = new WriteAttribute("/sys/block/sda/queue/read_ahead_kb", "sda", null, "128", "256", "r");
        assertThrows(IllegalArgumentException.class, () -> new TuningPlan(List.of(), List.of(write),
                List.of(new ConfigProblem(FILE, 1, "x")), List.of(), List.of()));
    }
}
