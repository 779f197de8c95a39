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
}
