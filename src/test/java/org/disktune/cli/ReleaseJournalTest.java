package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.disktune.apply.EntryState;
import org.disktune.apply.Journal;
import org.disktune.apply.JournalEntry;
import org.disktune.host.Host;
import org.disktune.host.LiveTree;
import org.disktune.testing.GeneratorMachine;
import org.junit.jupiter.api.Test;

/**
 * Journals written by release 0.1.0 (src/test/resources/journal/release-0.1.0, made by that release's apply, undo,
 * rollback and modprobe set on sample machines) still read, and undo and rollback put those machines back as they were
 * before. Each fixture holds what the release's run changed in the machine's tree (journal, backups, the files and
 * sysfs values it wrote) and the mode of each file ({@code modes.txt}); the test lays it over a fresh copy of the
 * sample the run started from.
 */
class ReleaseJournalTest {
    private static final String CONFIG = "/etc/disktune/disktune.conf";

    private static CliRun run(Host host, String... args) {
        return CliRun.run(o -> host, args);
    }

    private static Path fixture(String name) {
        try {
            return Path.of(ReleaseJournalTest.class.getResource("/journal/release-0.1.0/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Lays the fixture {@code name} over the tree at {@code root}: every file with its journaled mode. */
    private static void overlay(String name, Path root) throws IOException {
        Path dir = fixture(name);
        for (String line : Files.readAllLines(dir.resolve("modes.txt"))) {
            String mode = line.substring(0, line.indexOf(' '));
            String path = line.substring(line.indexOf(' ') + 2);
            Path target = root.resolve(path);
            Files.createDirectories(target.getParent());
            Files.write(target, Files.readAllBytes(dir.resolve("overlay").resolve(path)));
            Files.setPosixFilePermissions(target, PosixFilePermissions.fromString(mode));
        }
    }

    private static LiveTree sample(String sample, String fixture) throws IOException {
        Path root = SampleRoots.materialize(sample);
        LiveTree host = new LiveTree(root, Session.treeKernelLog(root, "sample " + sample));
        overlay(fixture, root);
        return host;
    }

    private static GeneratorMachine debian(String fixture) throws IOException {
        GeneratorMachine m = GeneratorMachine.debian();
        overlay(fixture, m.host().root());
        return m;
    }

    /** Every regular file of a sample tree but disktune's state and configuration, with its bytes and mode. */
    private static Map<String, String> files(Path root) {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                String machine = "/" + root.relativize(p);
                if (!machine.startsWith("/var/lib/disktune/") && !machine.startsWith("/run/") && !machine.equals(CONFIG)) {
                    String bytes = new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1);
                    // an emulated sysfs attribute reads back without the kernel's trailing blank
                    files.put(machine, PosixFilePermissions.toString(Files.getPosixFilePermissions(p)) + " "
                            + (machine.startsWith("/sys/") ? bytes.strip() : bytes));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    private static List<EntryState> states(Host host) {
        return new Journal(host).entries().stream().map(JournalEntry::state).toList();
    }

    @Test
    void sysfsWritesAndARulesFileOfTheReleaseRollBack() throws IOException {
        Map<String, String> pristine = files(SampleRoots.materialize("seed-raid5-raptors"));
        LiveTree host = sample("seed-raid5-raptors", "raptors-applied");
        assertEquals("deadline\n", Files.readString(host.path("/sys/block/sdb/queue/scheduler")).replaceAll(".*\\[(\\w+)\\].*", "$1"));
        CliRun rollback = run(host, "rollback");
        assertEquals(0, rollback.exitCode(), rollback.out() + rollback.err());
        assertTrue(rollback.out().contains("/etc/udev/rules.d/90-disktune.rules"), rollback.out());
        assertTrue(rollback.out().contains("sdc queue/read_ahead_kb = "), rollback.out());
        assertEquals(pristine, files(host.root()));
        assertEquals(List.of(EntryState.UNDONE, EntryState.APPLIED), states(host));
        assertTrue(Files.notExists(host.path("/etc/udev")), "the directories the release's entry created are gone");
    }

    @Test
    void anUndoneEntryAndItsUndoOfTheReleaseLeaveNothingToTakeBack() throws IOException {
        Map<String, String> pristine = files(SampleRoots.materialize("seed-raid5-raptors"));
        LiveTree host = sample("seed-raid5-raptors", "raptors-undone");
        CliRun history = run(host, "--json", "history");
        assertEquals(0, history.exitCode(), history.err());
        assertTrue(history.out().contains("\"undone_by\""), history.out());
        assertEquals("nothing to undo\n", run(host, "undo").out());
        CliRun rollback = run(host, "rollback");
        assertEquals(0, rollback.exitCode(), rollback.out() + rollback.err());
        assertTrue(rollback.out().startsWith("nothing to roll back"), rollback.out());
        assertEquals(pristine, files(host.root()));
    }

    @Test
    void hdparmSettingsRemountAndFilesOfTheReleaseRollBackThroughTheirJournaledUndoPrograms() throws IOException {
        Map<String, String> pristine = files(SampleRoots.materialize("seed-centos5-ide"));
        LiveTree host = sample("seed-centos5-ide", "centos5-hdparm-applied");
        CliRun rollback = run(host, "rollback");
        assertEquals(0, rollback.exitCode(), rollback.out() + rollback.err());
        List<List<String>> calls = host.programs.calls();
        assertTrue(calls.contains(List.of("hdparm", "-c0", "/dev/hde")), calls.toString());
        assertTrue(calls.contains(List.of("hdparm", "-c0", "/dev/hdf")), calls.toString());
        assertTrue(calls.contains(List.of("mount", "-o", "remount,strictatime", "/")), calls.toString());
        assertEquals(pristine, files(host.root()));
    }

    @Test
    void aRolledBackApplyOfTheReleaseShowsItsFailureAndLeavesNothingToTakeBack() throws IOException {
        LiveTree host = sample("seed-centos5-ide", "centos5-hdparm-rolled-back");
        JournalEntry entry = new Journal(host).entries().get(0);
        assertEquals(EntryState.ROLLED_BACK, entry.state());
        assertEquals("hdparm -c3 /dev/hdf exited 5", entry.failure());
        assertTrue(run(host, "history").out().contains("rolled-back"));
        assertEquals("nothing to undo\n", run(host, "undo").out());
    }

    @Test
    void aModeTheReleaseJournaledIsPutBackByUndo() throws IOException {
        Path fresh = SampleRoots.materialize("seed-centos5-ide");
        Files.setPosixFilePermissions(fresh.resolve("etc/rc.local"), PosixFilePermissions.fromString("rw-r-----"));
        Map<String, String> pristine = files(fresh);
        LiveTree host = sample("seed-centos5-ide", "centos5-rc-local-mode-applied");
        assertEquals("rwxr-x---", PosixFilePermissions.toString(Files.getPosixFilePermissions(host.path("/etc/rc.local"))));
        CliRun undo = run(host, "undo");
        assertEquals(0, undo.exitCode(), undo.out() + undo.err());
        assertEquals(pristine, files(host.root()));
        assertTrue(host.programs.calls().contains(List.of("hdparm", "-c0", "/dev/hde")), host.programs.calls().toString());
    }

    @Test
    void aModprobeSetOfTheReleaseWithItsGeneratorRunIsUndoneByteForByte() throws IOException {
        List<String> pristine = GeneratorMachine.debian().machineSnapshot();
        GeneratorMachine m = debian("debian-modprobe-set-applied");
        assertEquals(EntryState.APPLIED, states(m.host()).get(0));
        assertTrue(new Journal(m.host()).entries().get(0).generatorRun() != null, "the release journaled its generator run");
        CliRun undo = run(m.host(), "undo");
        assertEquals(3, undo.exitCode(), undo.out() + undo.err());
        assertTrue(undo.out().contains("restored /boot/initrd.img-6.1.0-18-amd64, /boot/initrd.img-6.1.0-17-amd64, "
                + "/etc/modprobe.d/disktune.conf, /etc/disktune/disktune.conf"), undo.out());
        assertEquals(pristine, m.machineSnapshot());
        assertEquals(List.of(), m.calls(), "undo restores images from the release's backups, it runs no generator");
    }

    @Test
    void anEntryTheReleaseLeftApplyingNeedsForceAndThenGoesBack() throws IOException {
        List<String> pristine = GeneratorMachine.debian().machineSnapshot();
        GeneratorMachine m = debian("debian-modprobe-set-interrupted");
        CliRun refused = run(m.host(), "undo");
        assertEquals(4, refused.exitCode(), refused.out() + refused.err());
        assertTrue(refused.err().contains("20261130T120000Z-0001") && refused.err().contains("interrupted"), refused.err());
        CliRun forced = run(m.host(), "undo", "--force");
        assertEquals(3, forced.exitCode(), forced.out() + forced.err());
        assertEquals(pristine, m.machineSnapshot());
    }

    @Test
    void aFailedGeneratorRunAndARollbackOfTwoEntriesOfTheReleaseRead() throws IOException {
        GeneratorMachine failed = debian("debian-generator-failed");
        JournalEntry entry = new Journal(failed.host()).entries().get(0);
        assertEquals(EntryState.ROLLED_BACK, entry.state());
        assertTrue(entry.failureOutput().contains("module not found"), entry.failureOutput());
        assertEquals("nothing to undo\n", run(failed.host(), "undo").out());

        List<String> pristine = GeneratorMachine.debian().machineSnapshot();
        GeneratorMachine two = debian("debian-rollback-of-two");
        assertEquals(List.of(EntryState.UNDONE, EntryState.UNDONE, EntryState.APPLIED), states(two.host()));
        assertEquals(List.of("20261130T120000Z-0002", "20261130T120000Z-0001"), new Journal(two.host()).entries().get(2).reverts());
        assertTrue(run(two.host(), "rollback").out().startsWith("nothing to roll back"));
        assertEquals(pristine, two.machineSnapshot());
    }
}
