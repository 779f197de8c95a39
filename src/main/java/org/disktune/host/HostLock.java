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
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;

/**
 * One change of the machine at a time: {@value #PATH} (inside the host's root). On the default
 * file system the file is locked with {@link FileChannel#tryLock()}, so a crashed holder never
 * leaves a stale lock. Only root can open it, so no other user can hold it: its directory is 0700 and
 * the file 0600, both owned by this process's user; it is opened without following a link and refused when it
 * is not a regular file or has another link (a hard link would make the pid written into it land in a file
 * outside). The holder named in a refusal is the process the kernel lists in /proc/locks, not the pid in the file. File systems whose
 * locks are not real (Jimfs keeps fake ones) fall back to creating the file exclusively and
 * deleting it on {@link #close()}. Use in try-with-resources, once per process: Linux file locks
 * belong to the process, so a second acquire from the same JVM is refused but also weakens the
 * first (code that already holds the lock passes it on instead, as UndoExecutor does).
 *
 * <p>The programs disktune runs while it holds the lock hold the same file with flock(2) ({@code flock --shared},
 * see {@link ProcessCommandRunner}): fcntl and flock locks do not conflict on Linux (flock(2), "NOTES"), and a
 * flock lock belongs to the open file, which every descendant inherits, so it is held until the last process of
 * the program's tree exits. After taking the fcntl lock, {@link #acquire} waits (up to {@value #WAIT_SECONDS} s)
 * until no such flock is held: a generator of a killed run that is still dying, or one that could not be killed
 * (no PID namespace), finishes before recovery reads or restores the files it writes; past the wait it refuses,
 * naming the process from /proc/locks (proc(5)).
 */
public final class HostLock implements AutoCloseable {
    /** The machine path of the lock file. */
    public static final String PATH = "/run/disktune/lock";
    static final int WAIT_SECONDS = 30;

    /** The lock file this process holds on the default file system, for the programs it runs. */
    private static volatile Path heldFile;

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private final LibC libc;
    private final int flockFd;

    private HostLock(Path file, FileChannel channel, FileLock lock, LibC libc, int flockFd) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
        this.libc = libc;
        this.flockFd = flockFd;
    }

    /** Takes the lock of {@code host} for this process, or throws ENVIRONMENT naming the holder. */
    public static HostLock acquire(Host host) {
        Path file = host.path(PATH);
        long pid = ProcessHandle.current().pid();
        // under a root on this machine, the lock's directory is reached without following links ({@link Beneath})
        try (Beneath.Directory pinned = host.files().pinned(file.toAbsolutePath().getParent())) {
            if (pinned == null) {
                return acquire(file, PATH, pid);
            }
            return acquire(pinned.entry(file.getFileName().toString()), pinned.path().resolve("."), file, PATH, pid,
                    java.time.Duration.ofSeconds(WAIT_SECONDS));
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot take the lock " + PATH + ": " + IoFailures.describe(e), e);
        }
    }

    static HostLock acquire(Path file, String shownPath, long pid) {
        return acquire(file, shownPath, pid, java.time.Duration.ofSeconds(WAIT_SECONDS));
    }

    /** The lock file this process holds now (on the default file system), if any. */
    static java.util.Optional<Path> heldFile() {
        return java.util.Optional.ofNullable(heldFile);
    }

    static HostLock acquire(Path file, String shownPath, long pid, java.time.Duration programWait) {
        return acquire(file, file.toAbsolutePath().getParent(), file, shownPath, pid, programWait);
    }

    /**
     * Takes the lock through {@code file}, whose directory is {@code directory} (both may be the descriptor paths of a
     * directory opened under a root); {@code held} is the lock file's own path, handed to the programs disktune runs.
     */
    private static HostLock acquire(Path file, Path directory, Path held, String shownPath, long pid, java.time.Duration programWait) {
        byte[] pidLine = (pid + "\n").getBytes(StandardCharsets.US_ASCII);
        try {
            if (file.getFileSystem() != FileSystems.getDefault()) {
                Path parent = file.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                try {
                    Files.write(file, pidLine, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                } catch (FileAlreadyExistsException e) {
                    throw heldByFile(shownPath, holderOf(Files.readAllBytes(file)));
                }
                return new HostLock(file, null, null, null, -1);
            }
            LibC libc = LibC.load();
            LockFileChecks.directory(directory, shownPath, libc.geteuid());
            FileChannel channel = FileChannel.open(file, Set.of(StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS), PosixFilePermissions.asFileAttribute(LockFileChecks.OWNER_ONLY_FILE));
            try {
                LockFileChecks.file(file, shownPath, libc.geteuid());
            } catch (RuntimeException | IOException e) {
                channel.close();
                throw e;
            }
            // opened before the fcntl lock is taken and kept open as long as it is held: closing any descriptor of
            // the file would release the process's fcntl locks on it (fcntl(2), "Advisory record locking")
            int flockFd = libc.open(file.toString(), LibC.O_RDONLY | LibC.O_CLOEXEC);
            if (flockFd < 0) {
                channel.close();
                throw new IOException("cannot open " + file + " to check for running programs");
            }
            try {
                HostLock taken = lockAndWait(file, held, shownPath, pidLine, channel, libc, flockFd, programWait);
                flockFd = -1;
                return taken;
            } finally {
                if (flockFd >= 0) {
                    channel.close();
                    libc.close(flockFd);
                }
            }
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT,
                    "cannot take the lock " + shownPath + ": " + IoFailures.describe(e), e);
        }
    }

    private static HostLock lockAndWait(Path file, Path held, String shownPath, byte[] pidLine, FileChannel channel, LibC libc, int flockFd,
            java.time.Duration programWait) throws IOException {
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;
        }
        if (lock == null) {
            throw held(shownPath, lockHolder(file, "POSIX"));
        }
        awaitPrograms(libc, flockFd, file, shownPath, programWait);
        channel.truncate(0);
        channel.write(ByteBuffer.wrap(pidLine), 0);
        channel.force(false);
        heldFile = held.toAbsolutePath();
        return new HostLock(held, channel, lock, libc, flockFd);
    }

    @Override
    public void close() {
        try {
            if (channel == null) {
                Files.deleteIfExists(file);
            } else {
                heldFile = null;
                lock.release();
                channel.close();
                libc.close(flockFd);
            }
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT,
                    "cannot release the lock " + file + ": " + IoFailures.describe(e), e);
        }
    }

    /** Waits until no process holds a flock(2) lock on {@code file} (see the class comment), or throws naming one. */
    private static void awaitPrograms(LibC libc, int fd, Path file, String shownPath, java.time.Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        while (libc.flock(fd, LibC.LOCK_EX | LibC.LOCK_NB) != 0) {
            if (System.nanoTime() > deadline) {
                String holder = lockHolder(file, "FLOCK");
                throw new DisktuneException(ExitCode.ENVIRONMENT, "a program started by a disktune that was killed is still running: "
                        + (holder.equals("unknown") ? "a process" : "pid " + holder + describe(holder)) + " holds the lock " + shownPath
                        + "; wait for it to finish and run again (the lock is freed when it exits; do not delete " + shownPath + ")");
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DisktuneException(ExitCode.ENVIRONMENT, "interrupted while waiting for the lock " + shownPath, e);
            }
        }
        libc.flock(fd, LibC.LOCK_UN);
    }

    /**
     * The pid /proc/locks gives for a lock of {@code type} (FLOCK or POSIX) on {@code file}
     * ("1: FLOCK ADVISORY READ PID MAJ:MIN:INODE 0 EOF"), or "unknown".
     */
    static String lockHolder(Path file, String type) {
        try {
            Object inode = Files.getAttribute(file, "unix:ino");
            for (String line : Files.readAllLines(Path.of("/proc/locks"))) {
                String[] f = line.trim().split("\\s+");
                if (f.length >= 6 && f[1].equals(type) && f[5].endsWith(":" + inode)) {
                    return f[4];
                }
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            // the message then names no pid
        }
        return "unknown";
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
