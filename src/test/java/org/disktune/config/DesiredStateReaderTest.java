package org.disktune.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.BlockDevices;
import org.disktune.host.CommandRunner;
import org.disktune.host.Host;
import org.disktune.host.KernelLogSource;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.testing.TestMachine;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DesiredStateReaderTest {
    /** A host that calls itself live, over a directory of the real file system (files there are root's: tests run as root). */
    private record LiveLikeHost(Path root) implements Host {
        public CommandRunner commands() {
            return new RefusingCommandRunner("a test");
        }

        public KernelLogSource kernelLog() {
            throw new UnsupportedOperationException();
        }

        public BlockDevices blockDevices() {
            throw new UnsupportedOperationException();
        }

        public Clock clock() {
            return TestMachine.CLOCK;
        }

        public boolean privileged() {
            return true;
        }

        public boolean live() {
            return true;
        }

        public String readAttribute(String machinePath) {
            throw new UnsupportedOperationException();
        }

        public void writeAttribute(String machinePath, String value) {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void readsTheDefaultFileOfAMachine() {
        TestMachine machine = TestMachine.create().bytes(DesiredStateReader.PATH, ConfigParserTest.resource("example.conf"));
        Optional<ParsedConfig> parsed = new DesiredStateReader(machine.host()).readDefault();
        assertTrue(parsed.isPresent());
        assertEquals(List.of(), parsed.get().errors());
        assertEquals(ConfigParserTest.exampleState(DesiredStateReader.PATH), parsed.get().state());
    }

    @Test
    void noDefaultFileIsNoConfiguration() {
        assertEquals(Optional.empty(), new DesiredStateReader(TestMachine.create().host()).readDefault());
    }

    @Test
    void aConfigFileTheCommandLineNamesIsReadUnderItsShownName() {
        TestMachine machine = TestMachine.create().file("/srv/test.conf", "[disk a]\nmatch.rotational = 7\n");
        ParsedConfig parsed = new DesiredStateReader(machine.host()).read(machine.path("/srv/test.conf"), "test.conf");
        assertEquals(List.of(new ConfigProblem("test.conf", 2, "match.rotational = 7 is not accepted; use 1 (spinning) or 0 (solid state)")),
                parsed.errors());
        DisktuneException missing = assertThrows(DisktuneException.class,
                () -> new DesiredStateReader(machine.host()).read(machine.path("/srv/none.conf"), "none.conf"));
        assertEquals(ExitCode.USAGE, missing.exitCode());
        assertEquals("none.conf does not exist; create it (see man disktune.conf) or name another file with --config", missing.getMessage());
    }

    @Test
    void aFailureIsTheFirstProblemAndHowManyMore() {
        ParsedConfig parsed = new ConfigParser().parse("[disc a]\n[disk b]\nx = 1\n".getBytes(), "c.conf");
        DisktuneException e = DesiredStateReader.failure(parsed);
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertEquals("c.conf:1: unknown section [disc a]; did you mean [disk a]? (2 more; run disktune config check)", e.getMessage());
        assertEquals("c.conf:2: x", DesiredStateReader.failure(new ParsedConfig(DesiredState.empty("c.conf"),
                List.of(new ConfigProblem("c.conf", 2, "x")))).getMessage());
    }

    @Test
    @Tag("root")
    void onALiveHostARootOwnedFileNotWritableByOthersIsRead(@TempDir Path dir) throws IOException {
        Path file = write(dir, "rw-r--r--");
        ParsedConfig parsed = new DesiredStateReader(new LiveLikeHost(dir)).readDefault().orElseThrow();
        assertTrue(parsed.ok(), parsed.errors().toString());
        assertEquals(1, parsed.state().modules().size());
        assertTrue(Files.exists(file));
    }

    @Test
    @Tag("root")
    void onALiveHostAFileWritableByGroupOrOthersIsRefused(@TempDir Path dir) throws IOException {
        for (String mode : List.of("rw-rw-r--", "rw-r--rw-")) {
            write(dir, mode);
            DisktuneException e = assertThrows(DisktuneException.class, () -> new DesiredStateReader(new LiveLikeHost(dir)).readDefault());
            assertEquals(ExitCode.USAGE, e.exitCode());
            String octal = mode.equals("rw-rw-r--") ? "0664" : "0646";
            assertEquals("/etc/disktune/disktune.conf is owned by uid 0 (root) with mode " + octal
                    + ", so others than root could decide what disktune does as root; run chown root:root /etc/disktune/disktune.conf; "
                    + "chmod go-w /etc/disktune/disktune.conf", e.getMessage());
        }
    }

    @Test
    void aTreeThatIsNotLiveIsNotCheckedForOwnership() throws IOException {
        TestMachine machine = TestMachine.create().file(DesiredStateReader.PATH, "[mount /]\natime = noatime\n");
        Files.setPosixFilePermissions(machine.path(DesiredStateReader.PATH), PosixFilePermissions.fromString("rw-rw-rw-"));
        assertTrue(new DesiredStateReader(machine.host()).readDefault().orElseThrow().ok());
    }

    private static Path write(Path root, String mode) throws IOException {
        Path file = new LiveLikeHost(root).path(DesiredStateReader.PATH);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "[module sata_nv]\nadma = 1\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
        return file;
    }
}
