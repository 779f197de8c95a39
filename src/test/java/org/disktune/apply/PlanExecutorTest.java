package org.disktune.apply;

import org.disktune.core.Sha256;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class PlanExecutorTest {
    static final String CONF = "/etc/modprobe.d/disktune.conf";
    static final String MKINITCPIO = "/etc/mkinitcpio.conf";
    static final String IMAGE = "/boot/kernel26.img";
    static final List<String> REBUILD = List.of("mkinitcpio", "-p", "kernel26");
    static final String BOOT_ID = "3f1c0a52-7d1e-4a53-9f0e-2c8b5d6e7f80";

    static final byte[] OLD_MKINITCPIO = "MODULES=\"sata_nv\"\nFILES=\"\"\nHOOKS=\"base udev\"\n".getBytes(UTF_8);
    static final byte[] NEW_MKINITCPIO = "MODULES=\"sata_nv\"\nFILES=\"/etc/modprobe.d/disktune.conf\"\nHOOKS=\"base udev\"\n".getBytes(UTF_8);
    static final byte[] OPTIONS = "# written by disktune\noptions sata_nv adma=1\n".getBytes(UTF_8);
    static final byte[] OLD_IMAGE = {0x1f, (byte) 0x8b, 8, 0, 1, 2, 3, 4};
    static final byte[] NEW_IMAGE = {0x1f, (byte) 0x8b, 8, 0, 9, 9, 9, 9, 9};

    JimfsMachine machine;
    final PlanExecutor executor = new PlanExecutor(imageIs(NEW_IMAGE));

    @BeforeEach
    void machine() throws IOException {
        machine = new JimfsMachine();
        machine.write(MKINITCPIO, OLD_MKINITCPIO);
        machine.write(IMAGE, OLD_IMAGE);
        machine.write(BootIdReader.PATH, BOOT_ID + "\n");
    }

    /** Options file (new), mkinitcpio.conf FILES edit, image rebuild, check of the image. */
    static final ImageHolds IMAGE_HOLDS_OPTIONS = new ImageHolds(List.of(IMAGE), List.of(CONF), REBUILD);

    static Plan modprobePlan() {
        return Plan.of(
                new WriteFile(CONF, null, OPTIONS, "sata_nv: enable ADMA"),
                new WriteFile(MKINITCPIO, OLD_MKINITCPIO, NEW_MKINITCPIO, "put the options into the initramfs"),
                new RunProgram(REBUILD, "rebuild the initramfs", List.of(IMAGE)),
                new Verify("the image holds the new options", IMAGE_HOLDS_OPTIONS));
    }

    /** A checker for which the image post-condition holds when the image is {@code expected}. */
    static PostconditionChecker imageIs(byte[] expected) {
        return (host, condition) -> java.util.Arrays.equals(Files.readAllBytes(host.path(IMAGE)), expected)
                ? Optional.empty()
                : Optional.of(CONF + " is missing from " + IMAGE);
    }

    @Test
    void appliesEveryChangeAtomicallyAndJournalsIt() throws IOException {
        machine.runner.writes(REBUILD, machine.path(IMAGE), NEW_IMAGE, 0, "");

        JournalEntry entry = new PlanExecutor(imageIs(NEW_IMAGE)).apply(machine.host, modprobePlan(), "tune sata_nv").orElseThrow();

        assertArrayEquals(OPTIONS, machine.read(CONF));
        assertArrayEquals(NEW_MKINITCPIO, machine.read(MKINITCPIO));
        assertArrayEquals(NEW_IMAGE, machine.read(IMAGE));
        assertEquals(List.of(REBUILD), machine.runner.calls());
        assertEquals(List.of(), leftovers(), "no temporary file and no lock left");

        String id = "20261130T131500Z-0001";
        assertEquals(id, entry.id());
        assertEquals("tune sata_nv", entry.description());
        assertEquals(EntryState.APPLIED, entry.state());
        assertEquals("2026-11-30T13:15:00Z", entry.time());
        assertEquals(BOOT_ID, entry.bootId());
        assertNull(entry.undoOf());
        assertNull(entry.undoneBy());
        assertNull(entry.failure());
        assertEquals(List.of("/etc/modprobe.d"), entry.createdDirectories());
        assertEquals(List.of(
                new JournaledChange.FileWrite("sata_nv: enable ADMA", CONF, null, Sha256.of(OPTIONS), null, null),
                new JournaledChange.FileWrite("put the options into the initramfs", MKINITCPIO, Sha256.of(OLD_MKINITCPIO),
                        Sha256.of(NEW_MKINITCPIO), null, null),
                new JournaledChange.ProgramRun("rebuild the initramfs", REBUILD, List.of(IMAGE)),
                new JournaledChange.Check("the image holds the new options")),
                entry.changes());
        String backups = "/var/lib/disktune/backups/" + id;
        assertEquals(List.of(
                new FileRecord(CONF, null, null, Sha256.of(OPTIONS)),
                new FileRecord(MKINITCPIO, Sha256.of(OLD_MKINITCPIO), backups + MKINITCPIO, Sha256.of(NEW_MKINITCPIO)),
                new FileRecord(IMAGE, Sha256.of(OLD_IMAGE), backups + IMAGE, Sha256.of(NEW_IMAGE))),
                entry.files());
        assertArrayEquals(OLD_MKINITCPIO, machine.read(backups + MKINITCPIO));
        assertArrayEquals(OLD_IMAGE, machine.read(backups + IMAGE));

        Journal journal = new Journal(machine.host);
        assertEquals(List.of(entry), journal.entries());
        assertEquals(Optional.of(entry), journal.newest());
    }

    @Test
    void journalFileIsSnakeCaseJson() throws IOException {
        JournalEntry entry = executor.apply(machine.host, Plan.of(new WriteFile(CONF, null, OPTIONS, "options")), "d")
                .orElseThrow();

        JsonNode json = new ObjectMapper().readTree(machine.read("/var/lib/disktune/journal/" + entry.id() + ".json"));
        assertEquals("applied", json.get("state").asText());
        assertEquals(BOOT_ID, json.get("boot_id").asText());
        assertEquals("2026-11-30T13:15:00Z", json.get("time").asText());
        assertEquals("write-file", json.get("changes").get(0).get("kind").asText());
        assertEquals(Sha256.of(OPTIONS), json.get("changes").get(0).get("new_sha256").asText());
        assertEquals(Sha256.of(OPTIONS), json.get("files").get(0).get("new_sha256").asText());
        assertEquals(List.of("/etc/modprobe.d"), List.of(json.get("created_directories").get(0).asText()));
        assertFalse(json.has("undo_of"), "absent values are left out");
        assertFalse(json.get("files").get(0).has("old_sha256"), "a created file has no old hash");
    }

    @Test
    void failingProgramRestoresEveryFileAndImageByteForByte() throws IOException {
        machine.runner.writes(REBUILD, machine.path(IMAGE), NEW_IMAGE, 1, "==> ERROR: module not found: `sata_nvv'\n");
        List<String> before = machine.machineFiles();

        DisktuneException e = assertThrows(DisktuneException.class,
                () -> new PlanExecutor(imageIs(NEW_IMAGE)).apply(machine.host, modprobePlan(), "tune sata_nv"));

        assertEquals(ExitCode.ROLLED_BACK, e.exitCode());
        assertEquals("mkinitcpio -p kernel26 exited 1; restored /boot/kernel26.img and /etc/mkinitcpio.conf; "
                + "removed /etc/modprobe.d/disktune.conf", e.getMessage());
        ApplyFailure failure = assertInstanceOf(ApplyFailure.class, e.getCause());
        assertEquals("==> ERROR: module not found: `sata_nvv'\n", failure.output());
        assertEquals(List.of(IMAGE, MKINITCPIO, CONF), failure.restoredPaths());
        assertEquals("20261130T131500Z-0001", failure.journalId());

        assertEquals(before, machine.machineFiles());
        assertArrayEquals(OLD_IMAGE, machine.read(IMAGE));
        assertArrayEquals(OLD_MKINITCPIO, machine.read(MKINITCPIO));
        assertFalse(machine.exists("/etc/modprobe.d"), "the directory apply created is gone again");
        assertEquals(List.of(), leftovers());

        JournalEntry entry = new Journal(machine.host).newest().orElseThrow();
        assertEquals(EntryState.ROLLED_BACK, entry.state());
        assertEquals("mkinitcpio -p kernel26 exited 1", entry.failure());
        assertEquals("==> ERROR: module not found: `sata_nvv'\n", entry.failureOutput());
        assertEquals(List.of(), entry.createdDirectories());
    }

    @Test
    void failingCheckRollsBackTheSameWay() throws IOException {
        machine.runner.writes(REBUILD, machine.path(IMAGE), NEW_IMAGE, 0, "");
        List<String> before = machine.machineFiles();

        DisktuneException e = assertThrows(DisktuneException.class,
                () -> new PlanExecutor(imageIs(OLD_IMAGE)).apply(machine.host, modprobePlan(), "tune sata_nv"));

        assertEquals(ExitCode.ROLLED_BACK, e.exitCode());
        assertEquals("check failed (the image holds the new options): /etc/modprobe.d/disktune.conf is missing from "
                + "/boot/kernel26.img; restored /boot/kernel26.img and /etc/mkinitcpio.conf; removed "
                + "/etc/modprobe.d/disktune.conf", e.getMessage());
        assertEquals("/etc/modprobe.d/disktune.conf is missing from /boot/kernel26.img",
                ((ApplyFailure) e.getCause()).output());
        assertEquals(before, machine.machineFiles());
        assertEquals(EntryState.ROLLED_BACK, new Journal(machine.host).newest().orElseThrow().state());
    }

    @Test
    void checkThatThrowsRollsBack() throws IOException {
        List<String> before = machine.machineFiles();
        Plan plan = Plan.of(new WriteFile(MKINITCPIO, OLD_MKINITCPIO, NEW_MKINITCPIO, "files"),
                new Verify("image readable", IMAGE_HOLDS_OPTIONS));
        PlanExecutor throwing = new PlanExecutor((host, condition) -> {
            throw new java.nio.file.NoSuchFileException("/boot/kernel26.img.new");
        });

        DisktuneException e = assertThrows(DisktuneException.class, () -> throwing.apply(machine.host, plan, "d"));

        assertEquals(ExitCode.ROLLED_BACK, e.exitCode());
        assertEquals("check (image readable) failed: no such file /boot/kernel26.img.new; restored /etc/mkinitcpio.conf",
                e.getMessage());
        assertEquals(before, machine.machineFiles());
    }

    @Test
    void missingProgramRollsBackWithItsMessage() throws IOException {
        machine.runner.on(REBUILD, argv -> {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "mkinitcpio not found on PATH; install mkinitcpio");
        });
        List<String> before = machine.machineFiles();

        DisktuneException e = assertThrows(DisktuneException.class,
                () -> new PlanExecutor(imageIs(NEW_IMAGE)).apply(machine.host, modprobePlan(), "d"));

        assertEquals(ExitCode.ROLLED_BACK, e.exitCode());
        assertEquals("mkinitcpio not found on PATH; install mkinitcpio; restored /etc/mkinitcpio.conf; removed "
                + "/etc/modprobe.d/disktune.conf", e.getMessage());
        assertEquals(before, machine.machineFiles());
    }

    @Test
    void firstStepFailingSaysNothingHadChanged() {
        machine.runner.exits(REBUILD, 2, "", "usage");
        Plan plan = Plan.of(new RunProgram(REBUILD, "rebuild", List.of(IMAGE)));

        DisktuneException e = assertThrows(DisktuneException.class, () -> executor.apply(machine.host, plan, "d"));

        assertEquals("mkinitcpio -p kernel26 exited 2; nothing had changed", e.getMessage());
    }

    @Test
    void staleOldBytesAbortBeforeAnythingChanges() throws IOException {
        Plan plan = modprobePlan();
        machine.write(MKINITCPIO, "MODULES=\"sata_nv ahci\"\n");
        List<String> before = machine.snapshot();

        DisktuneException e = assertThrows(DisktuneException.class, () -> executor.apply(machine.host, plan, "d"));

        assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
        assertEquals("/etc/mkinitcpio.conf changed since the plan was made; run again", e.getMessage());
        assertEquals(before, machine.snapshot(), "no file, journal entry or backup written");
        assertEquals(List.of(), machine.runner.calls());
    }

    @Test
    void aFileThatAppearedSinceThePlanAborts() throws IOException {
        Plan plan = Plan.of(new WriteFile(CONF, null, OPTIONS, "options"));
        machine.write(CONF, "options ahci mobile_lpm_policy=1\n");

        DisktuneException e = assertThrows(DisktuneException.class, () -> executor.apply(machine.host, plan, "d"));

        assertEquals("/etc/modprobe.d/disktune.conf changed since the plan was made; run again", e.getMessage());
        assertEquals("options ahci mobile_lpm_policy=1\n", new String(machine.read(CONF), UTF_8));
    }

    @Test
    void heldLockRefusesWithThePidAndChangesNothing() throws IOException {
        machine.write("/run/disktune/lock", "4242\n");
        List<String> before = machine.snapshot();

        DisktuneException e = assertThrows(DisktuneException.class,
                () -> new PlanExecutor(imageIs(NEW_IMAGE)).apply(machine.host, modprobePlan(), "d"));

        assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
        assertEquals("another disktune is changing this machine (lock /run/disktune/lock held by pid 4242); "
                + "wait, or remove /run/disktune/lock if no disktune runs (this file system has no real locks)", e.getMessage());
        assertEquals(before, machine.snapshot());
        assertEquals(List.of(), machine.runner.calls());
    }

    @Test
    void emptyPlanDoesNothing() throws IOException {
        List<String> before = machine.snapshot();

        assertEquals(Optional.empty(), executor.apply(machine.host, Plan.empty(), "nothing"));
        assertEquals(before, machine.snapshot());
    }

    @Test
    void idsSortByTimeAndCountWithinASecond() throws IOException {
        JournalEntry first = executor.apply(machine.host, Plan.of(new WriteFile(CONF, null, OPTIONS, "a")), "a").orElseThrow();
        JournalEntry second = executor.apply(machine.host,
                Plan.of(new DeleteFile(CONF, OPTIONS, "b")), "b").orElseThrow();

        assertEquals("20261130T131500Z-0001", first.id());
        assertEquals("20261130T131500Z-0002", second.id());
        assertFalse(machine.exists(CONF));
        assertEquals(List.of(first, second), new Journal(machine.host).entries());
        assertEquals(List.of(new FileRecord(CONF, Sha256.of(OPTIONS), "/var/lib/disktune/backups/" + second.id() + CONF, null)),
                second.files());
    }

    @Test
    void bootIdUnknownWhenUnreadable() throws IOException {
        Files.delete(machine.path(BootIdReader.PATH));

        JournalEntry entry = executor.apply(machine.host, Plan.of(new WriteFile(CONF, null, OPTIONS, "a")), "a").orElseThrow();

        assertEquals("unknown", entry.bootId());
    }

    @Test
    void unreadableJournalEntryIsNamed() throws IOException {
        machine.write("/var/lib/disktune/journal/20261130T131500Z-0001.json", "{\"id\": ");

        DisktuneException e = assertThrows(DisktuneException.class, () -> new Journal(machine.host).entries());

        assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
        assertTrue(e.getMessage().startsWith("journal entry /var/lib/disktune/journal/20261130T131500Z-0001.json is not "
                + "readable ("), e.getMessage());
        assertTrue(e.getMessage().endsWith("); move it out of /var/lib/disktune/journal"), e.getMessage());
    }

    /** Temporary files and the lock: what must not survive an apply. */
    private List<String> leftovers() throws IOException {
        try (Stream<Path> walk = Files.walk(machine.host.root())) {
            return walk.filter(p -> p.endsWith("run/disktune/lock") || p.getFileName() != null && p.getFileName().toString().startsWith(".disktune"))
                    .map(p -> p.getFileName().toString()).toList();
        }
    }
}
