package org.disktune.initramfs;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;

import org.disktune.host.ToolRun;
import org.disktune.initramfs.RealDebianRoots.DebianRoot;

/**
 * A throw-away copy of a cached {@link RealDebianRoots} root, for tests that change a real root
 * (write /etc, rebuild /boot images, journal under /var/lib/disktune): the cache other tests share
 * stays pristine. The copy ({@code cp -a --reflink=auto}, about 400 MB and a few seconds on ext4)
 * lives under /var/tmp, not in a JUnit @TempDir, because /proc may be mounted inside it and a
 * @TempDir is deleted by walking it. {@link #close()} unmounts everything under the copy (newest
 * first), refuses to delete while anything is still mounted there, then removes the copy with
 * {@code rm -rf --one-file-system}. The cached root's own /tmp (where other tests unpack images at
 * the same time) is not copied: the copy gets an empty one.
 */
public final class DisposableDebianRoot implements AutoCloseable {
    private static final Path PARENT = Path.of("/var/tmp");

    private final DebianRoot root;
    private final Duration copyTime;
    private final List<Path> mounted = new ArrayList<>();

    private DisposableDebianRoot(DebianRoot root, Duration copyTime) {
        this.root = root;
        this.copyTime = copyTime;
    }

    /** A fresh copy of {@code cached}; fails the test (after removing what was copied) when copying fails. */
    public static DisposableDebianRoot copyOf(DebianRoot cached) {
        long start = System.nanoTime();
        Path dir;
        try {
            dir = Files.createTempDirectory(PARENT, "disktune-e2e-");
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        DisposableDebianRoot copy = new DisposableDebianRoot(new DebianRoot(dir, cached.kernel(), cached.microcode()), Duration.ZERO);
        try (Stream<Path> top = Files.list(cached.dir())) {
            List<String> argv = new ArrayList<>(List.of("cp", "-a", "--reflink=auto"));
            top.filter(p -> !p.getFileName().toString().equals("tmp")).sorted().forEach(p -> argv.add(p.toString()));
            argv.add(dir + "/");
            ToolRun cp = ToolRun.run(dir, null, null, argv);
            if (cp.exitCode() != 0) {
                copy.close();
                fail("cannot copy " + cached.dir() + " to " + dir + ": " + cp.stderr().strip().lines().reduce((a, b) -> b).orElse("cp failed"));
            }
            run(List.of("chmod", "1777", Files.createDirectory(dir.resolve("tmp")).toString()));
        } catch (IOException e) {
            copy.close();
            throw new UncheckedIOException(e);
        }
        return new DisposableDebianRoot(copy.root, Duration.ofNanos(System.nanoTime() - start));
    }

    public DebianRoot root() {
        return root;
    }

    public Path dir() {
        return root.dir();
    }

    public Duration copyTime() {
        return copyTime;
    }

    /** Bytes used by the copy on disk (du -sb). */
    public long size() {
        try {
            Path out = Files.createTempFile("du", ".out");
            try {
                ToolRun du = ToolRun.run(dir(), null, out, List.of("du", "-sb", "--one-file-system", dir().toString()));
                if (du.exitCode() != 0) {
                    return -1;
                }
                return Long.parseLong(Files.readString(out).split("\\s+")[0]);
            } finally {
                Files.deleteIfExists(out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Mounts a fresh proc at /proc inside the copy, as chroot maintenance needs (dracut reads
     * /proc/cmdline and /proc/self/mountinfo); {@link #close()} unmounts it.
     */
    public void mountProc() {
        Path target = root.path("/proc");
        run(List.of("mount", "-t", "proc", "proc", target.toString()));
        mounted.add(target);
    }

    /** Unmounts what this copy mounted (and anything else mounted under it), then deletes it. */
    @Override
    public void close() {
        List<String> problems = new ArrayList<>();
        List<Path> newestFirst = new ArrayList<>(mounted);
        Collections.reverse(newestFirst);
        for (Path target : newestFirst) {
            ToolRun umount = ToolRun.run(dir(), null, null, List.of("umount", target.toString()));
            if (umount.exitCode() != 0) {
                problems.add("umount " + target + ": " + umount.stderr().strip());
            }
        }
        mounted.clear();
        List<String> strays = new ArrayList<>(mountsUnder(dir()));
        Collections.reverse(strays);
        for (String stray : strays) {
            ToolRun umount = ToolRun.run(PARENT, null, null, List.of("umount", "-l", stray));
            if (umount.exitCode() != 0) {
                problems.add("umount -l " + stray + ": " + umount.stderr().strip());
            }
        }
        List<String> left = mountsUnder(dir());
        if (!left.isEmpty()) {
            fail("still mounted under the disposable root, so it is kept: " + left + (problems.isEmpty() ? "" : " (" + problems + ")"));
        }
        ToolRun rm = ToolRun.run(PARENT, null, null, List.of("rm", "-rf", "--one-file-system", dir().toString()));
        if (rm.exitCode() != 0) {
            problems.add("rm -rf " + dir() + ": " + rm.stderr().strip());
        }
        if (!problems.isEmpty()) {
            fail("cleaning up the disposable root: " + String.join("; ", problems));
        }
    }

    /** Mount points at or under dir, from /proc/self/mounts, in the order they were mounted. */
    public static List<String> mountsUnder(Path dir) {
        String prefix = dir.toAbsolutePath().normalize().toString();
        try {
            List<String> found = new ArrayList<>();
            for (String line : Files.readAllLines(Path.of("/proc/self/mounts"), StandardCharsets.UTF_8)) {
                String[] fields = line.split(" ");
                if (fields.length > 1) {
                    String point = fields[1].replace("\\040", " ").replace("\\011", "\t").replace("\\012", "\n").replace("\\134", "\\");
                    if (point.equals(prefix) || point.startsWith(prefix + "/")) {
                        found.add(point);
                    }
                }
            }
            return found;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void run(List<String> argv) {
        ToolRun run = ToolRun.run(PARENT, null, null, argv);
        if (run.exitCode() != 0) {
            fail(String.join(" ", argv) + " exited " + run.exitCode() + ": " + run.stderr().strip());
        }
    }
}
