package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostLockTest {
    private static final String HELD_BY_US_IN_JIMFS = "another disktune is changing this machine (lock /run/disktune/lock held by pid "
            + ProcessHandle.current().pid() + "); wait, or remove /run/disktune/lock if no disktune runs (this file system has no real locks)";

    private static Host host(Path root) {
        return new RootedHost(root, new RecordingCommandRunner(), () -> {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "no log");
        }, Clock.systemUTC(), true);
    }

    @SuppressWarnings("try") // the lock is held for the body
    @Test
    void fileLockOnTheDefaultFileSystem(@TempDir Path root) throws IOException {
        Host host = host(root);
        try (HostLock lock = HostLock.acquire(host)) {

            DisktuneException e = assertThrows(DisktuneException.class, () -> HostLock.acquire(host));
            assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
            // an flock cannot go stale: name the holder (pid and command line) and say to wait, never to delete the file
            String command = ProcessHandle.current().info().commandLine().orElseThrow();
            assertTrue(e.getMessage().startsWith("another disktune is changing this machine: pid " + ProcessHandle.current().pid() + " ("
                    + command.substring(0, Math.min(40, command.length()))), e.getMessage());
            assertTrue(e.getMessage().endsWith(" holds the lock /run/disktune/lock; wait for it to finish (the lock is freed when that "
                    + "process exits; do not delete /run/disktune/lock)"), e.getMessage());
            assertFalse(e.getMessage().contains("stale"), e.getMessage());
        }
        assertEquals(ProcessHandle.current().pid() + "\n", Files.readString(root.resolve("run/disktune/lock")));
        HostLock.acquire(host).close();
    }

    @SuppressWarnings("try") // the lock is held for the body
    @Test
    void createNewFallbackOnJimfs() throws IOException {
        try (FileSystem fs = Jimfs.newFileSystem(Configuration.unix())) {
            Path root = fs.getPath("/machine");
            Files.createDirectories(root);
            Host host = host(root);
            try (HostLock lock = HostLock.acquire(host)) {
                assertTrue(Files.exists(root.resolve("run/disktune/lock")));
                DisktuneException e = assertThrows(DisktuneException.class, () -> HostLock.acquire(host));
                assertEquals(HELD_BY_US_IN_JIMFS, e.getMessage());
            }
            assertFalse(Files.exists(root.resolve("run/disktune/lock")));

            Files.writeString(root.resolve("run/disktune/lock"), "not a pid");
            DisktuneException stale = assertThrows(DisktuneException.class, () -> HostLock.acquire(host));
            assertEquals("another disktune is changing this machine (lock /run/disktune/lock held by pid unknown); "
                    + "wait, or remove /run/disktune/lock if no disktune runs (this file system has no real locks)", stale.getMessage());
        }
    }

    /** A program of a killed run still holds its flock on the lock file: acquire waits for it, then refuses naming it. */
    @Test
    void waitsForAProgramOfAKilledRunAndRefusesNamingItWhenItLasts(@TempDir Path root) throws Exception {
        Path file = root.resolve("run/disktune/lock");
        Files.createDirectories(file.getParent());
        Files.setPosixFilePermissions(file.getParent(), PosixFilePermissions.fromString("rwx------"));
        Files.writeString(file, "");
        Process program = new ProcessBuilder("flock", "--shared", "--no-fork", file.toString(), "sleep", "30").start();
        try {
            waitForFlock(file);
            DisktuneException e = assertThrows(DisktuneException.class,
                    () -> HostLock.acquire(file, HostLock.PATH, 1, java.time.Duration.ofMillis(300)));
            assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
            assertTrue(e.getMessage().startsWith("a program started by a disktune that was killed is still running: pid " + program.pid()
                    + " ("), e.getMessage());
            assertTrue(e.getMessage().endsWith(" holds the lock /run/disktune/lock; wait for it to finish and run again (the lock is "
                    + "freed when it exits; do not delete /run/disktune/lock)"), e.getMessage());
        } finally {
            program.destroyForcibly();
            program.waitFor();
        }
        long started = System.nanoTime();
        Process shortOne = new ProcessBuilder("flock", "--shared", "--no-fork", file.toString(), "sleep", "0.6").start();
        waitForFlock(file);
        HostLock.acquire(file, HostLock.PATH, 1, java.time.Duration.ofSeconds(20)).close();
        assertTrue(System.nanoTime() - started > 400_000_000L, "acquire waited for the program to exit");
        assertFalse(shortOne.isAlive());
    }

    /** The refusal names the process the kernel says holds the lock, not the pid written into the file. */
    @SuppressWarnings("try") // the lock is held for the body
    @Test
    void aRefusalNamesTheRealHolderNotThePidInTheFile(@TempDir Path root) throws IOException {
        Path file = root.resolve(HostLock.PATH.substring(1));
        try (HostLock lock = HostLock.acquire(file, HostLock.PATH, 4242)) {
            // (reading the file here would close a descriptor of it, which drops this process's fcntl lock)
            DisktuneException e = assertThrows(DisktuneException.class, () -> HostLock.acquire(file, HostLock.PATH, 4343));
            assertTrue(e.getMessage().startsWith("another disktune is changing this machine: pid " + ProcessHandle.current().pid() + " ("),
                    e.getMessage());
        }
        assertEquals("4242\n", Files.readString(file), "the file had a stale pid, not the holder's");
    }

    /** The lock is root's alone: the directory 0700 and the file 0600, whatever the umask. */
    @Test
    void onlyRootCanOpenTheLock(@TempDir Path root) throws IOException {
        Path file = root.resolve(HostLock.PATH.substring(1));
        HostLock.acquire(file, HostLock.PATH, 1).close();
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }

    /** A user who can reach the root (as anyone reaches /run) cannot open the lock file, so cannot hold it and block a run. */
    @Test
    void aLockHeldByNobodyCannotBlock(@TempDir Path root) throws Exception {
        Path file = root.resolve(HostLock.PATH.substring(1));
        HostLock.acquire(file, HostLock.PATH, 1).close();
        for (Path p = file.getParent(); !p.equals(root.getParent()); p = p.getParent()) {
            if (!p.equals(file.getParent())) {
                Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--")); // as the lock was made before
        Process nobody = new ProcessBuilder("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "flock", "--shared", "--no-fork",
                file.toString(), "sleep", "30").redirectErrorStream(true).start();
        try {
            long deadline = System.currentTimeMillis() + 5_000;
            while (nobody.isAlive() && HostLock.lockHolder(file, "FLOCK").equals("unknown") && System.currentTimeMillis() < deadline) {
                Thread.sleep(10);
            }
            HostLock.acquire(file, HostLock.PATH, 1, java.time.Duration.ofMillis(500)).close();
        } finally {
            nobody.destroyForcibly();
            nobody.waitFor();
        }
    }

    /** A lock file with a second hard link is refused, and the file it is linked to stays as it was. */
    @Test
    void aHardLinkedLockFileIsRefusedAndTheOutsideFileUnchanged(@TempDir Path root) throws IOException {
        Path file = root.resolve(HostLock.PATH.substring(1));
        HostLock.acquire(file, HostLock.PATH, 1).close();
        Files.delete(file);
        Path outside = root.resolve("outside");
        Files.writeString(outside, "precious content of a file outside\n");
        Files.createLink(file, outside);
        DisktuneException e = assertThrows(DisktuneException.class, () -> HostLock.acquire(file, HostLock.PATH, 1));
        assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
        assertTrue(e.getMessage().contains(HostLock.PATH) && e.getMessage().contains("link"), e.getMessage());
        assertEquals("precious content of a file outside\n", Files.readString(outside));

        Files.delete(file);
        Files.createSymbolicLink(file, outside);
        assertThrows(DisktuneException.class, () -> HostLock.acquire(file, HostLock.PATH, 1));
        assertEquals("precious content of a file outside\n", Files.readString(outside));
    }

    private static void waitForFlock(Path file) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 10_000;
        while (HostLock.lockHolder(file, "FLOCK").equals("unknown") && System.currentTimeMillis() < deadline) {
            Thread.sleep(10);
        }
        assertFalse(HostLock.lockHolder(file, "FLOCK").equals("unknown"), "the program took its flock");
    }
}
