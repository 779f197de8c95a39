package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.disktune.apply.EntryState;
import org.disktune.apply.Journal;
import org.disktune.apply.JournalEntry;
import org.disktune.host.Host;
import org.disktune.testing.GeneratorMachine;
import org.junit.jupiter.api.Test;

class UndoCommandTest {
    static CliRun run(GeneratorMachine m, String... args) {
        Host host = m.host();
        return CliRun.run(o -> host, args);
    }

    @Test
    void undoOfASetRestoresEveryFileAndImageByteForByte() {
        GeneratorMachine m = GeneratorMachine.debian();
        List<String> original = m.machineSnapshot();
        byte[] image = m.read("/boot/initrd.img-6.1.0-18-amd64");
        assertEquals(3, run(m, "modprobe", "set", "sata_nv", "adma=1").exitCode());

        CliRun undo = run(m, "undo");
        assertEquals(3, undo.exitCode(), undo.err());
        assertEquals(original, withoutConfigDirectory(m.machineSnapshot()));
        assertArrayEquals(image, m.read("/boot/initrd.img-6.1.0-18-amd64"));
        assertEquals(2, m.calls().size(), "undo restores images from their backups, it does not run the generator");
        assertTrue(undo.out().startsWith("undo of "), undo.out());
        assertTrue(undo.out().contains("(modprobe set sata_nv adma=1): restored /boot/initrd.img-6.1.0-18-amd64, /boot/initrd.img-6.1.0-17-amd64, "
                + "/etc/modprobe.d/disktune.conf, /etc/disktune/disktune.conf\n"), undo.out());

        List<JournalEntry> entries = new Journal(m.host()).entries();
        assertEquals(EntryState.UNDONE, entries.get(0).state());
        assertEquals(entries.get(1).id(), entries.get(0).undoneBy());
        assertEquals(GeneratorMachine.BOOT_ID, entries.get(1).bootId());

        CliRun again = run(m, "undo");
        assertEquals(0, again.exitCode(), again.err());
        assertEquals("nothing to undo\n", again.out());
    }

    /**
     * Issue 15 from the command line: a `modprobe set` killed after its changes (its entry left `applying`, as a kill
     * before the last journal write leaves it) makes `undo` explain the state in one line; running the same command again
     * has nothing to change (exit 3: the running kernel still lacks the option) and completes the entry, after which `undo` needs no --force.
     */
    @Test
    void rerunningTheCommandAfterACrashCompletesTheInterruptedEntry() {
        GeneratorMachine m = GeneratorMachine.debian();
        List<String> original = m.machineSnapshot();
        assertEquals(3, run(m, "modprobe", "set", "sata_nv", "adma=1").exitCode());
        Journal journal = new Journal(m.host());
        JournalEntry done = journal.newest().orElseThrow();
        org.disktune.apply.JournalTestAccess.save(m.host(), new JournalEntry(done.id(), done.description(), EntryState.APPLYING, done.time(), done.bootId(), done.undoOf(),
                done.undoneBy(), done.changes(), done.files(), done.createdDirectories(), null, null, done.reverts(), null, null, List.of()));

        CliRun refused = run(m, "undo");
        assertEquals(4, refused.exitCode(), refused.out() + refused.err());
        assertEquals(1, refused.err().strip().lines().count(), refused.err());
        assertTrue(refused.err().contains(done.id()) && refused.err().contains("interrupted"), refused.err());

        CliRun rerun = run(m, "modprobe", "set", "sata_nv", "adma=1");
        // exit 3: nothing to change, but the running kernel does not use adma=1 until a reboot
        assertEquals(3, rerun.exitCode(), rerun.out() + rerun.err());
        assertTrue(rerun.out().startsWith("nothing to change"), rerun.out());
        JournalEntry completed = journal.find(done.id()).orElseThrow();
        assertEquals(EntryState.APPLIED, completed.state());
        assertTrue(completed.completedAt() != null, "recorded as completed by the re-run");
        assertEquals(1, journal.entries().size(), "nothing to change writes no entry of its own");

        CliRun undo = run(m, "undo");
        assertEquals(3, undo.exitCode(), undo.err());
        assertEquals(original, withoutConfigDirectory(m.machineSnapshot()));
    }

    @Test
    void undoOnArchRemovesTheDropInAndRestoresBothImages() {
        GeneratorMachine m = GeneratorMachine.arch();
        byte[] defaultImage = m.read("/boot/initramfs-linux.img");
        byte[] fallbackImage = m.read("/boot/initramfs-linux-fallback.img");
        List<String> original = m.machineSnapshot();
        assertEquals(3, run(m, "modprobe", "set", "sata_nv", "adma=1").exitCode());
        assertEquals(3, run(m, "undo").exitCode());
        assertArrayEquals(defaultImage, m.read("/boot/initramfs-linux.img"));
        assertArrayEquals(fallbackImage, m.read("/boot/initramfs-linux-fallback.img"));
        assertEquals(original, withoutConfigDirectory(m.machineSnapshot()).stream().filter(s -> !s.equals("d /etc/mkinitcpio.conf.d")).toList());
    }

    @Test
    void dryRunShowsTheRestoresAndChangesNothing() throws Exception {
        GeneratorMachine m = GeneratorMachine.debian();
        assertEquals(3, run(m, "modprobe", "set", "sata_nv", "adma=1").exitCode());
        List<String> before = m.snapshot();
        CliRun run = run(m, "undo", "--dry-run");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(before, m.snapshot());
        assertTrue(run.out().contains("--- a/etc/modprobe.d/disktune.conf\n+++ /dev/null\n"), run.out());
        assertTrue(run.out().contains("Binary files a/boot/initrd.img-6.1.0-18-amd64 and b/boot/initrd.img-6.1.0-18-amd64 differ\n"),
                run.out());

        JsonNode json = new ObjectMapper().readTree(run(m, "--json", "undo", "--dry-run").out());
        assertEquals("undo", json.get("command").asText());
        assertTrue(json.get("dry_run").asBoolean());
        assertEquals("modprobe set sata_nv adma=1", json.get("undone_description").asText());
        // in the order the real undo restores them (and names them)
        assertEquals("[\"/boot/initrd.img-6.1.0-18-amd64\",\"/boot/initrd.img-6.1.0-17-amd64\",\"/etc/modprobe.d/disktune.conf\","
                + "\"/etc/disktune/disktune.conf\"]", json.get("restored").toString());
        assertTrue(json.get("reboot_needed").asBoolean(), "the images would be restored");
    }

    @Test
    void aFileChangedSinceIsRefusedUnlessForced() {
        GeneratorMachine m = GeneratorMachine.debian();
        List<String> original = m.machineSnapshot();
        assertEquals(3, run(m, "modprobe", "set", "sata_nv", "adma=1").exitCode());
        m.file("/etc/modprobe.d/disktune.conf", "options sata_nv adma=0\n");
        List<String> edited = m.snapshot();
        CliRun refused = run(m, "undo");
        assertEquals(4, refused.exitCode());
        assertEquals(1, refused.err().lines().count(), refused.err());
        assertTrue(refused.err().contains("/etc/modprobe.d/disktune.conf changed since"), refused.err());
        assertTrue(refused.err().contains("undo --force"), refused.err());
        assertEquals(edited, m.snapshot());

        assertEquals(3, run(m, "undo", "--force").exitCode());
        assertEquals(original, withoutConfigDirectory(m.machineSnapshot()));
    }

    @Test
    void nothingToUndoOnAFreshMachine() {
        GeneratorMachine m = GeneratorMachine.fedora();
        CliRun run = run(m, "undo");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("nothing to undo\n", run.out());
    }

    /** Undo restores files; the directory /etc/disktune that set created stays, empty (as undo leaves every directory). */
    private static List<String> withoutConfigDirectory(List<String> snapshot) {
        return snapshot.stream().filter(s -> !s.equals("d /etc/disktune")).toList();
    }
}
