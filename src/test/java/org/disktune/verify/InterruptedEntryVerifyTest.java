package org.disktune.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import org.disktune.apply.JournaledChange;
import org.disktune.apply.EntryState;
import org.disktune.apply.GeneratorRun;
import org.disktune.apply.JournalEntry;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.core.StateJson;
import org.disktune.host.Host;
import org.disktune.host.RecordingCommandRunner;
import org.disktune.host.RootedHost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 15: verify names an entry a crash interrupted, and the temporary files its killed generator left. */
class InterruptedEntryVerifyTest {
    @Test
    void anInterruptedEntryIsDriftNamingTheGeneratorsTemporaryFiles(@TempDir Path root) throws IOException {
        Host host = new RootedHost(root, new RecordingCommandRunner(), () -> {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "no log");
        }, Clock.fixed(Instant.parse("2026-11-30T13:20:00Z"), ZoneOffset.UTC), true);
        JournalEntry entry = new JournalEntry("20261130T131500Z-0001", "modprobe set libata force=noncq", EntryState.APPLYING,
                "2026-11-30T13:15:00Z", "unknown", null, null,
                List.of(new JournaledChange.ProgramRun("rebuild", List.of("update-initramfs", "-u"), List.of("/boot/initrd.img-6.1.0-57-amd64"))),
                List.of(), List.of(), null, null, List.of(), null, null, List.of(),
                new GeneratorRun("2026-11-30T13:15:10Z", List.of("/var/tmp/dracut.old123", "/var/tmp/mkinitramfs_Before1"), Map.of()));
        Path journal = Files.createDirectories(root.resolve("var/lib/disktune/journal"));
        Files.write(journal.resolve(entry.id() + ".json"), StateJson.mapper().writeValueAsBytes(entry));
        write(root, "boot/initrd.img-6.1.0-57-amd64.new", "2026-11-30T13:15:30Z");
        write(root, "var/tmp/mkinitramfs_Xb3kQ9/init", "2026-11-30T13:15:30Z");
        Files.setLastModifiedTime(root.resolve("var/tmp/mkinitramfs_Xb3kQ9"), FileTime.from(Instant.parse("2026-11-30T13:15:30Z")));
        write(root, "var/tmp/dracut.old123", "2026-11-29T08:00:00Z"); // there before the generator ran: someone else's
        write(root, "var/tmp/mkinitramfs_Before1/init", "2026-11-30T13:15:30Z"); // changed since, but there before

        List<Check> interrupted = new VerifyService(host).verify().checks().stream().filter(c -> c.name().equals("interrupted")).toList();

        assertEquals(List.of(new Check("interrupted", "journal entry 20261130T131500Z-0001", CheckStatus.DRIFT, "no change left half done",
                "applying; the killed initramfs generator left /boot/initrd.img-6.1.0-57-amd64.new, /var/tmp/mkinitramfs_Xb3kQ9",
                "entry 20261130T131500Z-0001 (modprobe set libata force=noncq) was interrupted at 2026-11-30T13:15:00Z while applying; "
                        + "run the same command again to complete it, or disktune undo --force to restore its files from "
                        + "/var/lib/disktune/backups/20261130T131500Z-0001 (it removes the generator's temporary files too)")), interrupted);
    }

    /** Issue 30 item 10: update-initramfs's backup left by an interrupted run nothing proves disktune's is a finding. */
    @Test
    void anInterruptedUpdateInitramfsBackupNoEntryProvesIsDrift(@TempDir Path root) throws IOException {
        Host host = new RootedHost(root, new RecordingCommandRunner(), () -> {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "no log");
        }, Clock.fixed(Instant.parse("2026-11-30T13:20:00Z"), ZoneOffset.UTC), true);
        write(root, "boot/initrd.img-6.1.0-57-amd64", "2026-11-30T13:15:30Z");
        write(root, "boot/initrd.img-6.1.0-57-amd64.dpkg-bak", "2026-11-30T13:15:00Z");
        write(root, "boot/initrd.img-6.1.0-57-amd64.bak", "2026-11-30T13:15:00Z"); // kept on purpose (backup_initramfs=yes)

        VerifyReport report = new VerifyService(host).verify();

        List<Check> found = report.checks().stream().filter(c -> c.name().equals("generator-leftover")).toList();
        assertEquals(1, found.size(), report.checks().toString());
        assertEquals("/boot/initrd.img-6.1.0-57-amd64.dpkg-bak", found.get(0).subject());
        assertEquals(CheckStatus.DRIFT, found.get(0).status());
    }

    private static void write(Path root, String relative, String mtime) throws IOException {
        Path p = root.resolve(relative);
        Files.createDirectories(p.getParent());
        Files.writeString(p, "");
        Files.setLastModifiedTime(p, FileTime.from(Instant.parse(mtime)));
    }
}
