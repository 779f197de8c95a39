package org.disktune.verify;

import static org.disktune.verify.VerifyMachine.FIRST_BOOT;
import static org.disktune.verify.VerifyMachine.NEXT_BOOT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.config.DesiredStateReader;
import org.junit.jupiter.api.Test;

class VerifyServiceTest {
    private static final String IMAGE = "/boot/kernel26.img";
    private static final String FALLBACK = "/boot/kernel26-fallback.img";
    private static final String LACKS = "the initramfs /boot/kernel26.img lacks /etc/modprobe.d/disktune.conf: run disktune initramfs rebuild";

    private static String row(Check c) {
        return String.join(" | ", c.status().label(), c.name(), c.subject(), String.valueOf(c.expected()), String.valueOf(c.found()),
                String.valueOf(c.cause()));
    }

    private static List<String> rows(VerifyReport r) {
        return r.checks().stream().map(VerifyServiceTest::row).toList();
    }

    @Test
    void optionInEffectAndNcqAsExpectedIsOk() {
        VerifyMachine m = new VerifyMachine().writeAdma(FIRST_BOOT).rebuildImages().bootWithAdma(NEXT_BOOT);
        VerifyReport r = new VerifyService(m.host()).verify();
        assertEquals(List.of(
                "ok | modprobe-file | /etc/modprobe.d/disktune.conf | sha256 " + r.checks().get(0).expected().substring(7, 19)
                        + "… (journal entry 20261130T120000Z-0001) | same bytes | null",
                "ok | module-option | sata_nv adma | 1 | Y | null",
                "ok | controller-mode | 0000:00:07.0 sata_nv | 'Using ADMA mode' in the kernel log | 'Using ADMA mode' | null",
                "ok | ncq | ata3.00 (sda) | NCQ queued (log depth > 0, queue_depth > 1) | log NCQ depth 31/32, queue_depth 31 | null",
                "ok | initramfs | " + IMAGE + " | holds /etc/modprobe.d/disktune.conf as on the host | same bytes | null",
                "ok | initramfs | " + FALLBACK + " | holds /etc/modprobe.d/disktune.conf as on the host | same bytes | null"), rows(r));
        assertEquals("ok", r.status());
        assertEquals(ExitCode.OK, r.exitCode());
        assertEquals(new VerifyReport.Summary(6, 0, 0, 0, 0), r.summary());
        assertTrue(r.notes().contains("no /etc/disktune/disktune.conf: verifying only what disktune wrote"), r.notes().toString());
        assertTrue(r.notes().contains("/etc/modprobe.d/disktune.conf was written by journal entry 20261130T120000Z-0001 at "
                + "2026-11-30T12:00:00Z, before this boot"), r.notes().toString());
    }

    @Test
    void writtenInThisBootAndKernelStillOldIsPending() {
        VerifyMachine m = new VerifyMachine().writeAdma(FIRST_BOOT).rebuildImages();
        VerifyReport r = new VerifyService(m.host()).verify();
        String pending = "written in this boot (journal entry 20261130T120000Z-0001 has this boot's ID); takes effect after a reboot";
        assertEquals(List.of(
                "pending | module-option | sata_nv adma | 1 | N | " + pending,
                "pending | controller-mode | 0000:00:07.0 sata_nv | 'Using ADMA mode' in the kernel log | no 'Using ... mode' line | " + pending,
                "pending | ncq | ata3.00 (sda) | NCQ queued (log depth > 0, queue_depth > 1) | log NCQ off (depth 0/32), queue_depth 1 | " + pending),
                rows(r).subList(1, 4));
        assertEquals(CheckStatus.OK, r.checks().get(4).status(), "the rebuilt image holds the file");
        assertEquals(ExitCode.REBOOT_NEEDED, r.exitCode());
        assertEquals("pending", r.status());
        assertEquals(new VerifyReport.Summary(3, 0, 3, 0, 0), r.summary());
    }

    @Test
    void afterARebootWithoutTheFileInTheImageItIsDriftNamingTheCause() {
        VerifyMachine m = new VerifyMachine().writeAdma(FIRST_BOOT).reboot(NEXT_BOOT);
        VerifyReport r = new VerifyService(m.host()).verify();
        assertEquals(List.of(
                "drift | module-option | sata_nv adma | 1 | N | " + LACKS,
                "drift | controller-mode | 0000:00:07.0 sata_nv | 'Using ADMA mode' in the kernel log | no 'Using ... mode' line | " + LACKS,
                "drift | ncq | ata3.00 (sda) | NCQ queued (log depth > 0, queue_depth > 1) | log NCQ off (depth 0/32), queue_depth 1 | " + LACKS,
                "drift | initramfs | " + IMAGE + " | holds /etc/modprobe.d/disktune.conf as on the host | not in the image | "
                        + "the next boot of this image loads the old options: run disktune initramfs rebuild",
                "drift | initramfs | " + FALLBACK + " | holds /etc/modprobe.d/disktune.conf as on the host | not in the image | "
                        + "the next boot of this image loads the old options: run disktune initramfs rebuild"),
                rows(r).subList(1, 6));
        assertEquals(ExitCode.DRIFT, r.exitCode());
        assertEquals(new VerifyReport.Summary(1, 5, 0, 0, 0), r.summary());
    }

    @Test
    void nothingWrittenIsOkAndSaysSo() {
        VerifyReport r = new VerifyService(new VerifyMachine().host()).verify();
        assertEquals(List.of(), r.checks());
        assertEquals(ExitCode.OK, r.exitCode());
        assertEquals(List.of("no /etc/disktune/disktune.conf: verifying only what disktune wrote",
                "disktune has written no module options (no /etc/modprobe.d/disktune.conf): nothing to verify"), r.notes());
    }

    @Test
    void aMalformedConfigurationIsAOneLineUsageErrorNamingFileAndLine() {
        VerifyMachine m = new VerifyMachine().writeAdma(FIRST_BOOT);
        m.write(DesiredStateReader.PATH, "[disk sda\nscheduler = mq-deadline\n");
        DisktuneException e = assertThrows(DisktuneException.class, () -> new VerifyService(m.host()).verify());
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertTrue(e.getMessage().startsWith("/etc/disktune/disktune.conf:1: "), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @Test
    void aConfigurationWhoseDiskIsAbsentIsReportedAbsentAndFailsOnlyWhenStrict() {
        VerifyMachine m = new VerifyMachine();
        m.write(DesiredStateReader.PATH, "[disk gone]\nmatch.serial = NO-SUCH-SERIAL\nscheduler = mq-deadline\n");
        VerifyReport unpersisted = new VerifyService(m.host()).verify();
        assertEquals(List.of(CheckStatus.ABSENT, CheckStatus.DRIFT), unpersisted.checks().stream().map(Check::status).toList(),
                "the rule that gives the disk its scheduler when it is plugged in is missing: " + unpersisted.checks());
        new org.disktune.tuning.DesiredStateService(m.host(), org.disktune.modprobe.DriverCatalog.load(),
                org.disktune.tuning.DesiredStateService.ConfigLocation.hostDefault()).apply(false);
        VerifyReport r = new VerifyService(m.host()).verify();
        assertEquals(List.of(CheckStatus.ABSENT, CheckStatus.OK), r.checks().stream().map(Check::status).toList(), r.checks().toString());
        assertEquals(ExitCode.OK, r.exitCode());
        VerifyReport strict = new VerifyService(m.host(), org.disktune.modprobe.DriverCatalog.load(),
                org.disktune.tuning.DesiredStateService.ConfigLocation.hostDefault(), true).verify();
        assertEquals(ExitCode.DRIFT, strict.exitCode());
    }

    @Test
    void aHandEditedModprobeFileIsDrift() {
        VerifyMachine m = new VerifyMachine().writeAdma(FIRST_BOOT).rebuildImages().bootWithAdma(NEXT_BOOT);
        m.write("/etc/modprobe.d/disktune.conf", m.read("/etc/modprobe.d/disktune.conf") + "# my note\n");
        VerifyReport r = new VerifyService(m.host()).verify();
        Check file = r.checks().get(0);
        assertEquals(CheckStatus.DRIFT, file.status());
        assertEquals("modprobe-file", file.name());
        assertTrue(file.cause().startsWith("changed outside disktune since it was written"), file.cause());
        assertEquals(ExitCode.DRIFT, r.exitCode());
    }

    @Test
    void anotherModprobeFileThatWinsIsDriftWhateverTheBoot() {
        VerifyMachine m = new VerifyMachine().writeAdma(FIRST_BOOT).rebuildImages();
        m.write("/etc/modprobe.d/sata_nv.conf", "options sata_nv adma=0\n");
        VerifyReport r = new VerifyService(m.host()).verify();
        Check option = r.checks().get(1);
        assertEquals("drift | module-option | sata_nv adma | 1 | N | overridden by /etc/modprobe.d/sata_nv.conf:1 (adma=0): remove that setting",
                row(option));
    }

    @Test
    void aLaterFileThatWinsIsDriftWhileTheRunningModuleStillHasDisktunesValue() {
        VerifyMachine m = new VerifyMachine().writeAdma(FIRST_BOOT).rebuildImages().bootWithAdma(NEXT_BOOT);
        m.write("/etc/modprobe.d/zz-local.conf", "# local\noptions sata_nv adma=0\n");
        VerifyReport r = new VerifyService(m.host()).verify();
        assertEquals("drift | module-option | sata_nv adma | 1 | Y | overridden by /etc/modprobe.d/zz-local.conf:2 (adma=0): remove "
                + "that setting; the running module still has Y, the next load of sata_nv (a reboot) takes adma=0", row(r.checks().get(1)));
        assertEquals(ExitCode.DRIFT, r.exitCode());
    }

    @Test
    void aLaterFileThatWinsIsDriftForAModuleNotLoaded() {
        VerifyMachine m = new VerifyMachine("qemu-ahci").writeOptions(NEXT_BOOT, "sata_nv", "adma", "1");
        m.write("/etc/modprobe.d/zz-local.conf", "options sata_nv adma=0\n");
        VerifyReport r = new VerifyService(m.host()).verify();
        assertEquals("drift | module-option | sata_nv adma | 1 | module not loaded | overridden by /etc/modprobe.d/zz-local.conf:1 (adma=0): "
                + "remove that setting", row(r.checks().get(1)));
        assertEquals(ExitCode.DRIFT, r.exitCode());
    }

    @Test
    void aLaterFileWithTheSameValueSpelledOtherwiseDoesNotOverride() {
        VerifyMachine m = new VerifyMachine().writeAdma(FIRST_BOOT).rebuildImages();
        m.write("/etc/modprobe.d/zz-local.conf", "options sata_nv adma=Y\n");
        VerifyReport r = new VerifyService(m.host()).verify();
        assertEquals("pending | module-option | sata_nv adma | 1 | N | written in this boot (journal entry 20261130T120000Z-0001 has this "
                + "boot's ID); takes effect after a reboot", row(r.checks().get(1)));
    }

    @Test
    void withoutJournalTheModificationTimeAgainstTheBootDecides() throws Exception {
        VerifyMachine m = new VerifyMachine().writeAdma(FIRST_BOOT).rebuildImages();
        m.write("/var/lib/disktune/journal/" + VerifyMachine.JOURNAL_ID + ".json", "{\"id\":\"" + VerifyMachine.JOURNAL_ID
                + "\",\"state\":\"applied\",\"changes\":[]}");
        java.nio.file.Path file = m.root().resolve("etc/modprobe.d/disktune.conf");
        java.nio.file.Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.from(java.time.Instant.parse("2026-11-30T12:59:00Z")));
        m.write("/proc/uptime", "100.00 150.00\n"); // the host clock says 13:00:00: booted at 12:58:20
        VerifyReport r = new VerifyService(m.host()).verify();
        assertTrue(r.notes().contains("no journal entry wrote /etc/modprobe.d/disktune.conf (its modification time 2026-11-30T12:59:00Z "
                + "is after this boot's start 2026-11-30T12:58:20Z)"), r.notes().toString());
        assertEquals(ExitCode.REBOOT_NEEDED, r.exitCode());

        m.write("/proc/uptime", "30.00 50.00\n"); // booted at 12:59:30, after the file was written
        VerifyReport after = new VerifyService(m.host()).verify();
        assertEquals(ExitCode.DRIFT, after.exitCode());
        assertEquals(CheckStatus.DRIFT, after.checks().get(0).status());
    }

    @Test
    void libataForceWithAPortAppliesToThatDeviceOnly() {
        String qemuBoot = "72c11b73-3ff2-4adf-80e6-5712117d7c96";
        VerifyMachine m = new VerifyMachine("qemu-ahci").writeOptions(qemuBoot, "libata", "force", "1.00:noncq");
        VerifyReport r = new VerifyService(m.host()).verify();
        assertEquals(List.of("pending | ncq | ata1.00 (sda) | NCQ (not used) (queue_depth 1) | log NCQ depth 32, queue_depth 32 | "
                + "written in this boot (journal entry 20261130T120000Z-0001 has this boot's ID); takes effect after a reboot"),
                rows(r).stream().filter(s -> s.contains("| ncq |")).toList());
        assertEquals(ExitCode.REBOOT_NEEDED, r.exitCode());

        m.reboot(NEXT_BOOT);
        VerifyReport after = new VerifyService(m.host()).verify();
        assertEquals(List.of("drift | ncq | ata1.00 (sda) | NCQ (not used) (queue_depth 1) | log NCQ depth 32, queue_depth 32 | "
                + "the option is configured and was written before this boot, yet libata runs without it: it was loaded before the "
                + "file was read (or reloaded by hand); see disktune kernel-log"),
                rows(after).stream().filter(s -> s.contains("| ncq |")).toList());
        Check image = after.checks().get(after.checks().size() - 1);
        assertEquals("unknown | initramfs | /boot", row(image).substring(0, "unknown | initramfs | /boot".length()));
        assertTrue(image.cause().startsWith("no initramfs image found"), image.cause());
    }

    @Test
    void libataForceNoncqForEveryDeviceSeenInTheLogAndQueueDepthIsOk() {
        VerifyMachine m = new VerifyMachine("qemu-ahci-noncq").writeOptions(NEXT_BOOT, "libata", "force", "noncq");
        VerifyReport r = new VerifyService(m.host()).verify();
        assertEquals(List.of(
                "ok | ncq | ata1.00 (sda) | NCQ (not used) (queue_depth 1) | log NCQ not used, queue_depth 1 | null",
                "ok | ncq | ata2.00 (sdb) | NCQ (not used) (queue_depth 1) | log NCQ not used, queue_depth 1 | null",
                "ok | ncq | ata3.00 (sdc) | NCQ (not used) (queue_depth 1) | log NCQ not used, queue_depth 1 | null"),
                rows(r).stream().filter(s -> s.contains("| ncq |")).toList());
        assertEquals(ExitCode.OK, r.exitCode(), rows(r).toString());
    }

    @Test
    void admaOnAMachineWithoutCk804ChangesNothingAndSaysSo() {
        VerifyMachine m = new VerifyMachine("qemu-ahci").writeOptions(NEXT_BOOT, "sata_nv", "adma", "1");
        VerifyReport r = new VerifyService(m.host()).verify();
        assertTrue(r.notes().contains("sata_nv adma=1 matters only for controllers 10de:0054, 10de:0055, 10de:0036, 10de:003e bound to "
                + "sata_nv; this machine has none, so it changes nothing here"), r.notes().toString());
        String option = row(r.checks().get(1));
        assertTrue(option.startsWith("unknown | module-option | sata_nv adma | 1 | module not loaded | sata_nv is not loaded: nothing on this "
                + "machine uses it now; the option applies when it loads (it matters for PCI ids 10de:0054, 10de:0055, 10de:0036, 10de:003e)"),
                option);
        assertEquals(ExitCode.OK, r.exitCode());
    }

    @Test
    void anImageTheKernelStopsUnpackingPartWayIsDriftNotOk() throws java.io.IOException {
        VerifyMachine m = new VerifyMachine().writeAdma(FIRST_BOOT).rebuildImages().bootWithAdma(NEXT_BOOT);
        java.nio.file.Path image = m.root().resolve(IMAGE.substring(1));
        long size = java.nio.file.Files.size(image);
        java.nio.file.Files.write(image, "GARBAGE!".getBytes(java.nio.charset.StandardCharsets.US_ASCII), java.nio.file.StandardOpenOption.APPEND);
        VerifyReport r = new VerifyService(m.host()).verify();
        assertTrue(rows(r).contains("drift | initramfs | " + IMAGE + " | the kernel unpacks it to its end | stops at offset " + size
                + ": unknown magic 47 41 52 42: neither cpio newc nor a compression the kernel unpacks (the kernel: \"invalid magic at start of "
                + "compressed archive\") | lost at boot: 8 of the image's " + (size + 8) + " bytes, from offset " + size + " to its end, "
                + "everything after 'etc/mkinitcpio.conf' (the last file it unpacks whole); run disktune initramfs rebuild"), rows(r).toString());
        assertTrue(rows(r).contains("ok | initramfs | " + IMAGE + " | holds /etc/modprobe.d/disktune.conf as on the host | same bytes | null"),
                "the file before the damage is there: " + rows(r));
        assertEquals(ExitCode.DRIFT, r.exitCode());
        assertEquals(new VerifyReport.Summary(6, 1, 0, 0, 0), r.summary());
    }
}
