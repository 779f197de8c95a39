package org.disktune.apply;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A stand-in for update-initramfs in a --root tree: a shell script that, like update-initramfs running
 * mkinitramfs, starts a second process of itself, which keeps the old image as {@link #IMAGE}{@code .dpkg-bak} (a hard
 * link, as update-initramfs's backup_initramfs), creates {@code /var/tmp/mkinitramfs_PID}, writes
 * {@link #IMAGE}{@code .new} slowly (chunks with sleeps), renames it over {@link #IMAGE}, optionally sleeps (the hooks
 * update-initramfs runs after the rename), and removes the temporary directory and the backup. Both processes carry {@link #marker} in their command lines, so a test can look for
 * survivors in /proc.
 */
final class FakeGenerator {
    static final String IMAGE = "/boot/initrd.img-6.1.0-fake";

    final Path script;
    final String marker;

    private FakeGenerator(Path script, String marker) {
        this.script = script;
        this.marker = marker;
    }

    /** Writes the script to {@code dir} for the tree {@code root}; {@code chunks} of 4 KiB with 20 ms sleeps between. */
    static FakeGenerator write(Path dir, Path root, int chunks) throws IOException {
        return write(dir, root, chunks, 0);
    }

    /** As {@link #write(Path, Path, int)}, sleeping {@code afterRenameMillis} after the rename before it cleans up. */
    static FakeGenerator write(Path dir, Path root, int chunks, int afterRenameMillis) throws IOException {
        String marker = "disktune-fake-generator-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        Path script = dir.resolve("fake-update-initramfs");
        Files.writeString(script, String.join("\n",
                "#!/bin/sh",
                "set -e",
                "root='" + root + "'",
                "if [ \"$1\" != inner ]; then",
                "  \"$0\" inner \"$1\"",
                "  exit $?",
                "fi",
                "tmp=\"$root/var/tmp/mkinitramfs_$$\"",
                "mkdir -p \"$tmp\" \"$root/boot\"",
                "out=\"$root" + IMAGE + "\"",
                "ln -f \"$out\" \"$out.dpkg-bak\"",
                ": > \"$out.new\"",
                "i=0",
                "while [ $i -lt " + chunks + " ]; do",
                "  head -c 4096 /dev/zero | tr '\\0' \"$((i % 10))\" >> \"$tmp/image\"",
                "  cat \"$tmp/image\" > \"$out.new\"",
                "  sleep 0.02",
                "  i=$((i + 1))",
                "done",
                "mv \"$out.new\" \"$out\"",
                "sleep " + afterRenameMillis / 1000.0,
                "rm -rf \"$tmp\"",
                "rm -f \"$out.dpkg-bak\"",
                ""), StandardCharsets.US_ASCII);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return new FakeGenerator(script, marker);
    }

    List<String> argv() {
        return List.of(script.toString(), marker);
    }

    /** The change that runs it, producing {@link #IMAGE}. */
    RunProgram step() {
        return new RunProgram(argv(), "rebuild the initramfs", List.of(IMAGE));
    }

    /** The pids of live processes whose command line holds the marker (zombies have an empty one). */
    List<Long> survivors() {
        List<Long> found = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path proc : procs.filter(p -> p.getFileName().toString().matches("[0-9]+")).toList()) {
                try {
                    String cmdline = new String(Files.readAllBytes(proc.resolve("cmdline")), StandardCharsets.UTF_8);
                    if (cmdline.contains(marker)) {
                        found.add(Long.parseLong(proc.getFileName().toString()));
                    }
                } catch (IOException e) {
                    // gone meanwhile
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return found;
    }

    /** The survivors after waiting up to {@code millis} for them to go (a kill cascades through the kernel in steps). */
    List<Long> survivorsAfter(long millis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        List<Long> left = survivors();
        while (!left.isEmpty() && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
            left = survivors();
        }
        return left;
    }

    /** Kills whatever survived, so that a failing test leaves no process behind. */
    void killSurvivors() {
        for (long pid : survivors()) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }
}
