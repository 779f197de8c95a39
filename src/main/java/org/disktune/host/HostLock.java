package org.disktune.host;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;

/**
 * One change of the machine at a time: {@value #PATH} (inside the host's root). On the default
 * file system the file is locked with {@link FileChannel#tryLock()}, so a crashed holder never
 * leaves a stale lock; the holder's pid is written into it for the message. File systems whose
 * locks are not real (Jimfs keeps fake ones) fall back to creating the file exclusively and
 * deleting it on {@link #close()}. Use in try-with-resources, once per process: Linux file locks
 * belong to the process, so a second acquire from the same JVM is refused but also weakens the
 * first (code that already holds the lock passes it on instead, as UndoExecutor does).
 */
public final class HostLock implements AutoCloseable {
    /** The machine path of the lock file. */
    public static final String PATH = "/run/disktune.lock";

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private HostLock(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /** Takes the lock of {@code host} for this process, or throws ENVIRONMENT naming the holder. */
    public static HostLock acquire(Host host) {
        return acquire(host.path(PATH), PATH, ProcessHandle.current().pid());
    }

    static HostLock acquire(Path file, String shownPath, long pid) {
        byte[] pidLine = (pid + "\n").getBytes(StandardCharsets.US_ASCII);
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            if (file.getFileSystem() != FileSystems.getDefault()) {
                try {
                    Files.write(file, pidLine, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                } catch (FileAlreadyExistsException e) {
                    throw heldByFile(shownPath, holderOf(Files.readAllBytes(file)));
                }
                return new HostLock(file, null, null);
            }
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;
            }
            if (lock == null) {
                String holder = holderOf(readAll(channel));
                channel.close();
                throw held(shownPath, holder);
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(pidLine), 0);
            channel.force(false);
            return new HostLock(file, channel, lock);
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT,
                    "cannot take the lock " + shownPath + ": " + AtomicFileWriter.describe(e), e);
        }
    }

    @Override
    public void close() {
        try {
            if (channel == null) {
                Files.deleteIfExists(file);
            } else {
                lock.release();
                channel.close();
            }
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT,
                    "cannot release the lock " + file + ": " + AtomicFileWriter.describe(e), e);
        }
    }

    private static byte[] readAll(FileChannel channel) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(64);
        channel.read(buffer, 0);
        buffer.flip();
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return bytes;
    }

    private static String holderOf(byte[] content) {
        String text = new String(content, StandardCharsets.US_ASCII).strip();
        return text.matches("[0-9]{1,10}") ? text : "unknown";
    }

    /**
     * The lock is an flock(2)-style lock: the kernel drops it when its holder exits, however it exits, so it cannot
     * go stale, and deleting the file while a run holds it would let a second run lock a new file and write the
     * same files at once. Say who holds it and to wait; never suggest deleting it.
     */
    private static DisktuneException held(String shownPath, String pid) {
        return new DisktuneException(ExitCode.ENVIRONMENT, "another disktune is changing this machine: pid " + pid + describe(pid)
                + " holds the lock " + shownPath + "; wait for it to finish (the lock is freed when that process exits; do not delete "
                + shownPath + ")");
    }

    /** On a file system without real locks (Jimfs) the file itself is the lock, and a crashed holder does leave it. */
    private static DisktuneException heldByFile(String shownPath, String pid) {
        return new DisktuneException(ExitCode.ENVIRONMENT, "another disktune is changing this machine (lock " + shownPath
                + " held by pid " + pid + "); wait, or remove " + shownPath + " if no disktune runs (this file system has no real locks)");
    }

    /** " (COMMAND LINE)" of a running process, or "" when it is gone or cannot be seen. */
    private static String describe(String pid) {
        if (!pid.matches("[0-9]{1,10}")) {
            return "";
        }
        return ProcessHandle.of(Long.parseLong(pid)).flatMap(h -> h.info().commandLine())
                .map(c -> " (" + (c.length() > 120 ? c.substring(0, 117) + "..." : c) + ")").orElse("");
    }
}
