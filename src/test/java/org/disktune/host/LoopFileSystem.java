package org.disktune.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * A fresh ext4 file system on a loop device backed by a temporary file, mounted for one test (root only): made with
 * mkfs.ext4 (no reserved blocks, inode tables written at once so that no lazy init writes during a benchmark),
 * unmounted and detached on close.
 */
public final class LoopFileSystem implements AutoCloseable {
    private final LoopDevice loop;
    private final Path mount;

    private LoopFileSystem(LoopDevice loop, Path mount) {
        this.loop = loop;
        this.mount = mount;
    }

    /** A loop device of {@code mib} MiB in {@code dir}, with ext4 made and mounted at {@code dir/mnt-LOOP}. */
    public static LoopFileSystem ext4(Path dir, int mib) throws IOException {
        LoopDevice loop = LoopDevice.attach(dir, mib);
        try {
            run("mkfs.ext4", "-q", "-m", "0", "-E", "lazy_itable_init=0,lazy_journal_init=0", "/dev/" + loop.name());
            Path mount = Files.createDirectories(dir.resolve("mnt-" + loop.name()));
            run("mount", "/dev/" + loop.name(), mount.toString());
            return new LoopFileSystem(loop, mount);
        } catch (IOException | RuntimeException e) {
            loop.close();
            throw e;
        }
    }

    public LoopDevice loop() {
        return loop;
    }

    /** Where the file system is mounted. */
    public Path mount() {
        return mount;
    }

    /** The names in the file system's top directory, sorted ({@code lost+found} when nothing else is there). */
    public List<String> names() throws IOException {
        try (Stream<Path> list = Files.list(mount)) {
            return list.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** KiB the kernel has written to the file system since it was mounted (ext4's lifetime_write_kbytes). */
    public long writtenKib() throws IOException {
        return Long.parseLong(Files.readString(Path.of("/sys/fs/ext4", loop.name(), "lifetime_write_kbytes")).strip());
    }

    @Override
    public void close() throws IOException {
        try {
            run("umount", mount.toString());
        } finally {
            loop.close();
        }
    }

    /** Runs a program to its end; a non-zero exit is an IOException with its output. */
    public static void run(String... argv) throws IOException {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (p.waitFor() != 0) {
                throw new IOException(List.of(argv) + " failed: " + out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }
}
