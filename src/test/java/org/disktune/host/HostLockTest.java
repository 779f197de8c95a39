package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostLockTest {
    private static final String HELD_BY_US_IN_JIMFS = "another disktune is changing this machine (lock /run/disktune.lock held by pid "
            + ProcessHandle.current().pid() + "); wait, or remove /run/disktune.lock if no disktune runs (this file system has no real locks)";

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
            assertEquals(ProcessHandle.current().pid() + "\n", Files.readString(root.resolve("run/disktune.lock")));

            DisktuneException e = assertThrows(DisktuneException.class, () -> HostLock.acquire(host));
            assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
            // an flock cannot go stale: name the holder (pid and command line) and say to wait, never to delete the file
            String command = ProcessHandle.current().info().commandLine().orElseThrow();
            assertTrue(e.getMessage().startsWith("another disktune is changing this machine: pid " + ProcessHandle.current().pid() + " ("
                    + command.substring(0, Math.min(40, command.length()))), e.getMessage());
            assertTrue(e.getMessage().endsWith(" holds the lock /run/disktune.lock; wait for it to finish (the lock is freed when that "
                    + "process exits; do not delete /run/disktune.lock)"), e.getMessage());
            assertFalse(e.getMessage().contains("stale"), e.getMessage());
        }
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
                assertTrue(Files.exists(root.resolve("run/disktune.lock")));
                DisktuneException e = assertThrows(DisktuneException.class, () -> HostLock.acquire(host));
                assertEquals(HELD_BY_US_IN_JIMFS, e.getMessage());
            }
            assertFalse(Files.exists(root.resolve("run/disktune.lock")));

            Files.writeString(root.resolve("run/disktune.lock"), "not a pid");
            DisktuneException stale = assertThrows(DisktuneException.class, () -> HostLock.acquire(host));
            assertEquals("another disktune is changing this machine (lock /run/disktune.lock held by pid unknown); "
                    + "wait, or remove /run/disktune.lock if no disktune runs (this file system has no real locks)", stale.getMessage());
        }
    }

    /** A program of a killed run still holds its flock on the lock file: acquire waits for it, then refuses naming it. */
    @Test
    void waitsForAProgramOfAKilledRunAndRefusesNamingItWhenItLasts(@TempDir Path root) throws Exception {
        Path file = root.resolve("run/disktune.lock");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "");
        Process program = new ProcessBuilder("flock", "--shared", "--no-fork", file.toString(), "sleep", "30").start();
        try {
            waitForFlock(file);
            DisktuneException e = assertThrows(DisktuneException.class,
                    () -> HostLock.acquire(file, HostLock.PATH, 1, java.time.Duration.ofMillis(300)));
            assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
            assertTrue(e.getMessage().startsWith("a program started by a disktune that was killed is still running: pid " + program.pid()
                    + " ("), e.getMessage());
            assertTrue(e.getMessage().endsWith(" holds the lock /run/disktune.lock; wait for it to finish and run again (the lock is "
                    + "freed when it exits; do not delete /run/disktune.lock)"), e.getMessage());
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

    private static void waitForFlock(Path file) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 10_000;
        while (HostLock.flockHolder(file).equals("unknown") && System.currentTimeMillis() < deadline) {
            Thread.sleep(10);
        }
        assertFalse(HostLock.flockHolder(file).equals("unknown"), "the program took its flock");
    }
}
