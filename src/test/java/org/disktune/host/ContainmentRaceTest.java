package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import com.sun.jna.Library;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local user's race against disktune under a root: a thread keeps exchanging a directory with a symbolic link to a
 * folder outside the root ({@code renameat2(RENAME_EXCHANGE)}) while disktune removes a tree or writes a file there.
 * Nothing outside may change, over many tries; a write that meets the swap fails with one ENVIRONMENT error.
 * Bounded to a few seconds each.
 */
@Tag("fuzz")
class ContainmentRaceTest {
    private static final int FILES = 200;
    private static final long MILLIS = 3_000;

    interface Rename extends Library {
        int renameat2(int olddirfd, String oldpath, int newdirfd, String newpath, int flags);
    }

    private static final int AT_FDCWD = -100;
    private static final int RENAME_EXCHANGE = 2;

    @TempDir
    Path temp;

    /** Keeps exchanging {@code a} and {@code b} until stopped. */
    private static Thread swapper(Path a, Path b, AtomicBoolean stop) {
        Rename calls = Jna.load("c", Rename.class);
        Thread thread = new Thread(() -> {
            while (!stop.get()) {
                calls.renameat2(AT_FDCWD, a.toString(), AT_FDCWD, b.toString(), RENAME_EXCHANGE);
            }
        });
        thread.setDaemon(true);
        return thread;
    }

    private static long count(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.count();
        }
    }

    @Test
    void removingATreeNeverFollowsASwappedLink() throws Exception {
        Path root = Files.createDirectory(temp.resolve("root"));
        Path outside = Files.createDirectory(temp.resolve("outside"));
        for (int i = 0; i < FILES; i++) {
            Files.writeString(outside.resolve("victim" + i), "keep");
        }
        AtomicFileWriter writer = new RootedHost(root, new RecordingCommandRunner(), new FileKernelLog(root), Clock.systemUTC(), true).files();
        long end = System.currentTimeMillis() + MILLIS;
        int tries = 0;
        while (System.currentTimeMillis() < end) {
            Path leftover = root.resolve("tmp/mkinitcpio.evil");
            Path sub = Files.createDirectories(leftover.resolve("sub"));
            for (int i = 0; i < 50; i++) {
                Files.writeString(sub.resolve("victim" + i), "x");
            }
            Path link = Files.createSymbolicLink(leftover.resolve("link"), outside);
            AtomicBoolean stop = new AtomicBoolean();
            Thread thread = swapper(sub, link, stop);
            thread.start();
            try {
                writer.deleteTree(leftover);
            } catch (DisktuneException e) {
                assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
            } finally {
                stop.set(true);
                thread.join();
            }
            assertEquals(FILES, count(outside), "files outside the root removed on try " + tries);
            if (Files.exists(leftover)) {
                writer.deleteTree(leftover); // no swapper now
            }
            assertFalse(Files.exists(leftover));
            tries++;
        }
        assertTrue(tries > 5, "tries " + tries);
    }

    @Test
    void writingIntoASwappedDirectoryNeverLandsOutside() throws Exception {
        Path root = Files.createDirectory(temp.resolve("root"));
        Path outside = Files.createDirectory(temp.resolve("outside"));
        Path modprobe = Files.createDirectories(root.resolve("etc/modprobe.d"));
        Path link = Files.createSymbolicLink(root.resolve("etc/swap"), outside);
        AtomicFileWriter writer = new RootedHost(root, new RecordingCommandRunner(), new FileKernelLog(root), Clock.systemUTC(), true).files();
        AtomicBoolean stop = new AtomicBoolean();
        Thread thread = swapper(modprobe, link, stop);
        thread.start();
        int failed = 0;
        try {
            long end = System.currentTimeMillis() + MILLIS;
            while (System.currentTimeMillis() < end) {
                try {
                    writer.write(root.resolve("etc/modprobe.d/disktune.conf"), "options x y=1\n".getBytes(StandardCharsets.US_ASCII), false);
                } catch (DisktuneException e) {
                    assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
                    assertFalse(e.getMessage().contains("\n"), e.getMessage());
                    failed++;
                }
                assertEquals(0, count(outside), "a file written outside the root");
            }
        } finally {
            stop.set(true);
            thread.join();
        }
        assertEquals(0, count(outside));
    }
}
