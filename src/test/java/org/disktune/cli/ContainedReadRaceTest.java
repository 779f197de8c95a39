package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.stream.Stream;

import com.sun.jna.Library;
import com.sun.jna.Native;
import org.disktune.apply.Journal;
import org.disktune.apply.JournalEntry;
import org.disktune.config.DesiredStateReader;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.FileKernelLog;
import org.disktune.host.Host;
import org.disktune.host.HostLock;
import org.disktune.host.RecordingCommandRunner;
import org.disktune.host.RootedHost;
import org.disktune.modprobe.ModprobeConfigReader;
import org.disktune.modprobe.ModprobeDirective;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads under {@code --root} hold at the moment of use: while a thread keeps exchanging a directory of the tree with a
 * symbolic link to a directory outside ({@code renameat2(RENAME_EXCHANGE)}), what disktune reads from it (the
 * modprobe.d files it plans from, its configuration, its journal) is the tree's or a clean ENVIRONMENT error, never what
 * lies outside; and taking the lock never makes its directory outside. Bounded to a few seconds each.
 */
@Tag("fuzz")
class ContainedReadRaceTest {
    private static final long MILLIS = 2_500;
    private static final int AT_FDCWD = -100;
    private static final int RENAME_EXCHANGE = 2;

    interface Rename extends Library {
        int renameat2(int olddirfd, String oldpath, int newdirfd, String newpath, int flags);
    }

    @TempDir
    Path temp;

    private Path root;
    private Path outside;
    private Host host;

    private void tree() throws IOException {
        root = Files.createDirectory(temp.resolve("root"));
        outside = Files.createDirectory(temp.resolve("outside"));
        host = new RootedHost(root, new RecordingCommandRunner(), new FileKernelLog(root.resolve("var/log/dmesg")), Clock.systemUTC(), true);
    }

    /**
     * Keeps exchanging the tree's {@code directory} with a link to {@code target} outside while {@code read} runs again
     * and again; each result must pass {@code inside}, or the read must fail with one ENVIRONMENT line.
     */
    private <T> int race(String directory, Path target, Supplier<T> reader, java.util.function.Predicate<T> inside) throws Exception {
        Path link = Files.createSymbolicLink(root.resolve(directory + ".link"), target);
        Rename calls = Native.load("c", Rename.class);
        AtomicBoolean stop = new AtomicBoolean();
        Thread swapper = new Thread(() -> {
            while (!stop.get()) {
                calls.renameat2(AT_FDCWD, root.resolve(directory).toString(), AT_FDCWD, link.toString(), RENAME_EXCHANGE);
            }
        });
        swapper.setDaemon(true);
        swapper.start();
        int read = 0;
        try {
            long end = System.currentTimeMillis() + MILLIS;
            while (System.currentTimeMillis() < end) {
                try {
                    T result = reader.get();
                    assertTrue(inside.test(result), "read from outside the root: " + result);
                    read++;
                } catch (DisktuneException e) {
                    assertEquals(ExitCode.ENVIRONMENT, e.exitCode(), e.getMessage());
                    assertFalse(e.getMessage().contains("\n") || e.getMessage().contains("/proc/self/fd"), e.getMessage());
                }
            }
        } finally {
            stop.set(true);
            swapper.join();
        }
        return read;
    }

    @Test
    void modprobeFilesAreReadFromTheTreeOnly() throws Exception {
        tree();
        Files.createDirectories(root.resolve("etc/modprobe.d"));
        Files.writeString(root.resolve("etc/modprobe.d/mine.conf"), "options inside x=1\n");
        Files.writeString(outside.resolve("evil.conf"), "install ahci /bin/sh -c 'touch /pwned'\noptions outside x=1\n");
        int reads = race("etc/modprobe.d", outside, () -> new ModprobeConfigReader(host).read().directives(),
                (List<ModprobeDirective> d) -> d.stream().noneMatch(x -> x.module().equals("outside") || x.module().equals("ahci")));
        assertTrue(reads > 0, "some reads met no swap");
    }

    @Test
    void theConfigurationIsReadFromTheTreeOnly() throws Exception {
        tree();
        Files.createDirectories(root.resolve("etc/disktune"));
        Files.writeString(root.resolve("etc/disktune/disktune.conf"), "[module inside]\nx = 1\n");
        Files.writeString(outside.resolve("disktune.conf"), "[module outside]\nx = 1\n");
        race("etc/disktune", outside, () -> new DesiredStateReader(host).loadDefault().map(l -> new String(l.bytes())).orElse(""),
                (String text) -> !text.contains("outside"));
    }

    @Test
    void theJournalIsReadFromTheTreeOnly() throws Exception {
        tree();
        Files.createDirectories(root.resolve("var/lib/disktune/journal"));
        Path forged = Files.createDirectories(outside.resolve("journal")).resolve("20990101T000000Z-0001.json");
        Files.writeString(forged, "{\"id\":\"20990101T000000Z-0001\",\"description\":\"forged\",\"state\":\"applied\"}\n");
        int reads = race("var/lib/disktune", outside, () -> new Journal(host).entries(),
                (List<JournalEntry> entries) -> entries.stream().noneMatch(e -> e.id().startsWith("2099")));
        assertTrue(reads > 0, "some reads met no swap");
    }

    @Test
    void theLockNeverMakesItsDirectoryOutside() throws Exception {
        tree();
        Files.createDirectories(root.resolve("run"));
        race("run", outside, () -> {
            HostLock.acquire(host).close();
            return outside;
        }, (Path dir) -> {
            try (Stream<Path> listing = Files.list(dir)) {
                return listing.findAny().isEmpty();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        try (Stream<Path> listing = Files.list(outside)) {
            assertEquals(List.of(), listing.toList());
        }
    }
}
