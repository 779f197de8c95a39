package org.disktune.host;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A loop device backed by a temporary file, for tests that need a real block device of the running kernel
 * (its queue attributes accept writes like a disk's). Detached and its file deleted on close. Needs root.
 * Lives in org.disktune.host because only this package may start processes.
 */
public final class LoopDevice implements AutoCloseable {
    private final Path backing;
    private final String name;

    private LoopDevice(Path backing, String name) {
        this.backing = backing;
        this.name = name;
    }

    /** Attaches a new sparse file of {@code mib} MiB in {@code dir} to the first free loop device. */
    public static LoopDevice attach(Path dir, int mib) throws IOException {
        return attach(dir, mib, List.of("losetup", "--find", "--show"), null);
    }

    /** Attaches a new sparse file to the loop device {@code name} (from {@link #freeName}), as a disk plugged in later. */
    public static LoopDevice attachAt(Path dir, int mib, String name) throws IOException {
        if (!name.matches("loop[0-9]+")) {
            throw new IllegalArgumentException(name);
        }
        return attach(dir, mib, List.of("losetup", "/dev/" + name), name);
    }

    /**
     * The name of a loop device the kernel does not have yet ("loop8" when loop0-7 exist, attached or not), which
     * {@link #attachAt} creates: a disk that appears only later.
     */
    public static String absentName() {
        for (int n = 0; n < 1024; n++) {
            if (!Files.exists(Path.of("/sys/block/loop" + n))) {
                return "loop" + n;
            }
        }
        throw new IllegalStateException("no unused loop device number below 1024");
    }

    private static LoopDevice attach(Path dir, int mib, List<String> losetup, String name) throws IOException {
        Path file = Files.createTempFile(dir, "loop", ".img");
        try (var channel = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
            channel.truncate(0).position((long) mib << 20).write(java.nio.ByteBuffer.wrap(new byte[] {0}));
        }
        Path out = Files.createTempFile(dir, "losetup", ".out");
        List<String> argv = new java.util.ArrayList<>(losetup);
        argv.add(file.toString());
        ToolRun run = ToolRun.run(dir, null, out, argv);
        String device = name != null ? "/dev/" + name : Files.readString(out, StandardCharsets.UTF_8).strip();
        Files.delete(out);
        if (run.exitCode() != 0 || !device.startsWith("/dev/loop")) {
            Files.delete(file);
            throw new IllegalStateException(String.join(" ", argv) + " failed (" + run.exitCode() + "): " + run.stderr()
                    + "; these tests need root and the loop driver");
        }
        return new LoopDevice(file, device.substring("/dev/".length()));
    }

    /** The kernel name, e.g. loop3. */
    public String name() {
        return name;
    }

    /** A queue attribute of the device as sysfs shows it now (stripped). */
    public String queue(String attribute) {
        try {
            return Files.readString(Path.of("/sys/block", name, "queue", attribute)).strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes a queue attribute behind disktune's back, as an admin or another tool would. */
    public void setQueue(String attribute, String value) {
        try {
            Files.writeString(Path.of("/sys/block", name, "queue", attribute), value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        ToolRun run = ToolRun.run(backing.getParent(), null, null, List.of("losetup", "--detach", "/dev/" + name));
        Files.deleteIfExists(backing);
        if (run.exitCode() != 0) {
            throw new IllegalStateException("losetup --detach /dev/" + name + " failed: " + run.stderr());
        }
    }
}
