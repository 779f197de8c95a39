package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessCommandRunnerTest {
    /**
     * The program found is the program started: a directory on the runner's search path that this
     * JVM's PATH does not have (as /usr/sbin is missing from PATH after su without -, or in cron)
     * once made available() true while ProcessBuilder could not find the program.
     */
    @Test
    void startsTheProgramItFoundOnItsOwnSearchPath(@TempDir Path dir) throws Exception {
        Path tool = Files.writeString(dir.resolve("disktune-test-tool"), "#!/bin/sh\necho \"ran $0 $*\"\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        ProcessCommandRunner runner = new ProcessCommandRunner("/nonexistent:" + dir);

        assertTrue(runner.available("disktune-test-tool"));
        CommandResult result = runner.run(List.of("disktune-test-tool", "-u", "-k", "6.1.0-57-amd64"));

        assertEquals(0, result.exitCode(), result.stderr());
        assertEquals("ran " + tool + " -u -k 6.1.0-57-amd64\n", result.stdout());
        assertEquals(List.of("disktune-test-tool", "-u", "-k", "6.1.0-57-amd64"), result.argv(), "the argv as asked for");
    }

    @Test
    void findsSbinProgramsWhenThePathLacksSbin() {
        ProcessCommandRunner runner = new ProcessCommandRunner("/usr/bin:/bin");
        assertTrue(runner.available("chroot"), "chroot is in /usr/sbin on Debian");
        CommandResult result = runner.run(List.of("chroot", "--version"));
        assertEquals(0, result.exitCode(), result.stderr());
        assertTrue(result.stdout().startsWith("chroot (GNU coreutils)"), result.stdout());
    }

    @Test
    void aMissingProgramIsAnEnvironmentErrorNamingIt(@TempDir Path dir) throws Exception {
        Path notExecutable = Files.writeString(dir.resolve("plain-file"), "#!/bin/sh\n");
        ProcessCommandRunner runner = new ProcessCommandRunner(dir.toString());
        assertFalse(runner.available("plain-file"), "not executable");
        assertFalse(runner.available(notExecutable.toString()));
        DisktuneException e = assertThrows(DisktuneException.class, () -> runner.run(List.of("plain-file")));
        assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
        assertEquals("program 'plain-file' not found; install the package that provides it", e.getMessage());
    }

    /**
     * A changing program run while this process holds the host lock holds a flock on it (so a killed run's
     * generator keeps recovery waiting), runs as PID 1 of its own PID namespace (so its whole tree dies with it);
     * a query is started plainly.
     */
    @SuppressWarnings("try") // the lock is held for the body
    @Test
    void aChangingProgramHoldsTheLockAndRunsInItsOwnPidNamespace(@TempDir Path root) throws Exception {
        Host host = new RootedHost(root, new RecordingCommandRunner(), () -> {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "no log");
        }, java.time.Clock.systemUTC(), true);
        Path file = root.resolve("run/disktune/lock");
        ProcessCommandRunner runner = new ProcessCommandRunner("/usr/bin:/bin");
        List<String> probe = List.of("sh", "-c", "echo $$; flock --exclusive --nonblock \"$0\" true && echo free || echo held", file.toString());
        try (HostLock lock = HostLock.acquire(host)) {
            CommandResult changing = runner.run(probe);
            assertEquals(0, changing.exitCode(), changing.stderr());
            assertEquals(new com.sun.security.auth.module.UnixSystem().getUid() == 0 ? "1\nheld\n" : changing.stdout().lines().findFirst()
                    .orElseThrow() + "\nheld\n", changing.stdout());
            assertEquals(probe, changing.argv(), "the argv as asked for, without the wrappers");

            CommandResult query = runner.query(probe);
            assertTrue(query.stdout().endsWith("\nfree\n"), query.stdout());
            assertFalse(query.stdout().startsWith("1\n"), query.stdout());
        }
        CommandResult unlocked = runner.run(probe);
        assertTrue(unlocked.stdout().endsWith("\nfree\n"), "no flock taken without the host lock: " + unlocked.stdout());
    }

    @Test
    void theWrappersComeBeforeTheProgramAsAnArgumentList() {
        List<String> argv = ProcessCommandRunner.guarded(List.of("/usr/sbin/update-initramfs", "-u", "-k", "all"),
                java.util.Optional.of(Path.of("/run/disktune/lock")), true);
        assertEquals(List.of("/usr/bin/setpriv", "--pdeathsig", "KILL", "--", "/usr/bin/unshare", "--pid", "--kill-child=KILL", "--",
                "/usr/bin/flock", "--shared", "--no-fork", "/run/disktune/lock", "/usr/sbin/update-initramfs", "-u", "-k", "all"), argv);
        assertEquals(List.of("/usr/bin/setpriv", "--pdeathsig", "KILL", "--", "/usr/sbin/hdparm", "-B", "/dev/sda"),
                ProcessCommandRunner.guarded(List.of("/usr/sbin/hdparm", "-B", "/dev/sda"), java.util.Optional.empty(), false),
                "no PID namespace where none can be made (not root, RestrictNamespaces=yes), no flock without the lock");
    }

    /**
     * The end-to-end guest: disktune.service had RestrictNamespaces=yes, unshare exited 1 before hdparm started and the
     * boot's apply failed as if hdparm had; so one trial run decides whether programs get a PID namespace.
     */
    @Test
    void aTrialRunOfUnshareDecidesWhetherPidNamespacesCanBeMade(@TempDir Path dir) throws IOException {
        Path refused = dir.resolve("unshare");
        // what unshare(1) does under a seccomp filter against unshare(2), as systemd's RestrictNamespaces=yes installs
        Files.writeString(refused, "#!/bin/sh\necho 'unshare: unshare failed: Operation not permitted' >&2\nexit 1\n");
        refused.toFile().setExecutable(true);
        assertFalse(ProcessCommandRunner.unshareWorks(refused.toString()));
        assertFalse(ProcessCommandRunner.unshareWorks(dir.resolve("missing").toString()));
        boolean root = "root".equals(System.getProperty("user.name"));
        System.out.println("ProcessCommandRunnerTest: running as " + (root ? "root: the real unshare must work" : "a user: no PID namespace"));
        assertEquals(root, ProcessCommandRunner.unshareWorks("/usr/bin/unshare"), "the real unshare --pid as " + (root ? "root" : "a user"));
    }

    /** The end-to-end guest: systemctl enable in a PID namespace of its own failed ("Failed to connect to bus"). */
    @Test
    void systemdToolsRunWithoutAPidNamespaceOfTheirOwn() {
        assertEquals(List.of("/usr/bin/setpriv", "--pdeathsig", "KILL", "--", "/usr/bin/flock", "--shared", "--no-fork", "/run/disktune/lock",
                "/usr/bin/systemctl", "enable", "disktune.service"),
                ProcessCommandRunner.guarded(List.of("/usr/bin/systemctl", "enable", "disktune.service"),
                        java.util.Optional.of(Path.of("/run/disktune/lock")), true));
        assertTrue(ProcessCommandRunner.talksToSystemd("/usr/bin/systemd-run"));
        assertFalse(ProcessCommandRunner.talksToSystemd("/usr/sbin/update-initramfs"));
    }
}
