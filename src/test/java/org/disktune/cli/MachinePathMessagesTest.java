package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.stream.Stream;

import org.disktune.host.AtomicFileWriter;
import org.disktune.host.FileKernelLog;
import org.disktune.host.Host;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.disktune.host.SampleMachines;
import org.disktune.testing.Trees;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Under {@code --root DIR} every message names the machine's path ({@code /etc/...}), never DIR's place on this machine:
 * failed writes (ENOSPC, permission denied) of the atomic writer, a file where a directory should be, an unreadable
 * journal entry, and the failure the journal records. The tree is the sample seed-centos5-ide written to disk, whose
 * configuration gives apply a udev rules file and a journal entry to write.
 */
class MachinePathMessagesTest {
    @TempDir
    Path root;

    @BeforeEach
    void tree() throws IOException {
        SampleMachines.createTree(new SampleMachines().entries("seed-centos5-ide"), root);
        // CentOS 5's udev 095 reads no rules file (no ATTR{} before 098): a newer udev, so that the rules file is written
        Files.createDirectories(root.resolve("usr/share/doc/udev-147"));
        Files.createDirectories(root.resolve("etc/disktune"));
        Files.writeString(root.resolve("etc/disktune/disktune.conf"), "[disk ide]\nmatch.transport = ide\nread_ahead_kb = 1024\n");
    }

    private CliRun run(String... command) {
        return run(AtomicFileWriter.Faults.NONE, command);
    }

    private CliRun run(AtomicFileWriter.Faults faults, String... command) {
        Host host = new RootedHost(root, new RefusingCommandRunner("a test tree"), new FileKernelLog(root.resolve("var/log/dmesg")),
                Clock.systemUTC(), true).withFileFaults(faults);
        String[] args = Stream.concat(Stream.of("--root", root.toString()), Stream.of(command)).toArray(String[]::new);
        return CliRun.run(options -> host, args);
    }

    /** One line naming {@code machinePath}, no trace of the tree's own place. */
    private void assertNamesMachinePath(CliRun run, String machinePath) {
        assertTrue(run.exitCode() != 0, run.out() + run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().contains(" " + machinePath), run.err());
        assertFalse(run.err().contains(root.toString()), run.err());
    }

    private static AtomicFileWriter.Faults failing(String under, java.util.function.Function<Path, IOException> error) {
        return (step, file) -> {
            if (step == AtomicFileWriter.Step.WRITE && file.toString().contains(under)) {
                throw error.apply(file);
            }
        };
    }

    private void assertJournalNamesNoTreePath() throws IOException {
        try (Stream<Path> entries = Files.list(root.resolve("var/lib/disktune/journal"))) {
            for (Path entry : entries.filter(p -> p.toString().endsWith(".json")).toList()) {
                String text = Files.readString(entry);
                assertTrue(text.contains("/etc/udev/rules.d/90-disktune.rules"), text);
                assertFalse(text.contains(root.toString()), text);
            }
        }
    }

    @Test
    void aFullDiskNamesTheMachinePathInTheMessageAndTheJournal() throws IOException {
        CliRun apply = run(failing("/etc/udev/", f -> new FileSystemException(f.toString(), null, "No space left on device")), "apply");
        assertNamesMachinePath(apply, "/etc/udev/rules.d/90-disktune.rules");
        assertJournalNamesNoTreePath();
    }

    @Test
    void permissionDeniedNamesTheMachinePath() throws IOException {
        CliRun apply = run(failing("/etc/udev/", f -> new AccessDeniedException(f.toString())), "apply");
        assertNamesMachinePath(apply, "/etc/udev/rules.d/90-disktune.rules");
        assertJournalNamesNoTreePath();
    }

    @Test
    void aFileWhereTheRulesDirectoryShouldBe() throws IOException {
        Trees.delete(root.resolve("etc/udev"));
        Files.writeString(root.resolve("etc/udev"), "not a directory\n");
        assertNamesMachinePath(run("apply"), "/etc/udev/rules.d/90-disktune.rules");
    }

    @Test
    void aFileWhereTheStateDirectoryShouldBe() throws IOException {
        Trees.delete(root.resolve("var/lib/disktune"));
        Files.createDirectories(root.resolve("var/lib"));
        Files.writeString(root.resolve("var/lib/disktune"), "not a directory\n");
        assertNamesMachinePath(run("apply"), "/var/lib/disktune/journal/");
    }

    @Test
    void anUnreadableJournalEntry() throws IOException {
        Files.createDirectories(root.resolve("var/lib/disktune/journal/20261130T120000Z-0001.json"));
        assertNamesMachinePath(run("history"), "/var/lib/disktune/journal/20261130T120000Z-0001.json");
    }
}
