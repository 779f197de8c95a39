package org.disktune.host;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import com.sun.jna.Native;

/**
 * File operations that stay under a root directory at the moment they happen, not only at a check before: a
 * directory is reached from the root's descriptor one name at a time with {@code openat(O_DIRECTORY | O_NOFOLLOW)},
 * so a directory swapped for a symbolic link between the {@link InRoot} resolution and the use (a local user's
 * {@code renameat2(RENAME_EXCHANGE)} race) fails with ELOOP or ENOTDIR instead of being followed. The path given is
 * {@link InRoot}'s result, whose existing directories contain no link, so the walk follows none of its own accord;
 * a link met during the walk is a change made while disktune ran, an ENVIRONMENT error.
 *
 * <p>What is done in the directory reached goes through its descriptor: removals with {@code unlinkat}, directory
 * creation with {@code mkdirat} and an explicit {@code fchmod} (the umask does not apply), and the atomic writer's
 * temporary file, rename and fsync through {@code /proc/self/fd/N/NAME}. That path is sound: the kernel resolves
 * {@code /proc/self/fd/N} to the open directory itself (a "magic link", fs/proc/base.c, proc_fd_link and
 * nd_jump_link), not to a path it re-reads, and NAME is one component without a slash whose last-component rules are
 * the system call's own (create-exclusive, rename and unlink never follow a final link). Listing a directory for a
 * recursive removal reads the same {@code /proc/self/fd/N}; each name found is removed with {@code unlinkat}, and
 * a name that is a directory is opened with {@code O_NOFOLLOW} before its own names are, so a link at any depth is
 * removed as a link and never followed.
 *
 * <p>What this cannot prevent, and {@code openat2(RESOLVE_IN_ROOT)} cannot either, is the owner of a directory
 * moving that directory elsewhere after it was opened: the write then lands in that same directory, wherever its
 * owner put it, which that owner could do with the file anyway.
 */
final class Beneath {
    private static final int O_RDONLY = 0;
    private static final int O_DIRECTORY = 0200000;
    private static final int O_NOFOLLOW = 0400000;
    private static final int O_CLOEXEC = 02000000;
    private static final int AT_REMOVEDIR = 0x200;
    private static final int ENOENT = 2;
    private static final int EEXIST = 17;
    private static final int ENOTDIR = 20;
    private static final int EISDIR = 21;
    private static final int ELOOP = 40;

    /** The calls of this class, bound through JNA on first use (errno is read with Native.getLastError). */
    interface Calls extends com.sun.jna.Library {
        int open(String path, int flags);

        int openat(int dirfd, String name, int flags);

        int mkdirat(int dirfd, String name, int mode);

        int unlinkat(int dirfd, String name, int flags);

        int fchmod(int fd, int mode);

        int close(int fd);
    }

    private static final class Bound {
        static final Calls CALLS = Jna.load("c", Calls.class);
    }

    /** Mode of a directory disktune creates for its own state ({@code /var/lib/disktune} and below). */
    static final int STATE_DIRECTORY = 0700;
    /** Mode of any other directory it creates, as the packages that own them make them. */
    static final int SYSTEM_DIRECTORY = 0755;

    private final Path root;

    Beneath(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    Path root() {
        return root;
    }

    /** True when {@code path} lies under this root (or is it) on the default file system. */
    boolean covers(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        return absolute.getFileSystem().equals(root.getFileSystem()) && absolute.startsWith(root);
    }

    /** An open directory under the root; {@link #path} names it for NIO calls, through the kernel's handle. */
    record Directory(int fd, List<Path> created) implements AutoCloseable {
        Path path() {
            return Path.of("/proc/self/fd/" + fd);
        }

        Path entry(String name) {
            return path().resolve(name);
        }

        @Override
        public void close() {
            Bound.CALLS.close(fd);
        }
    }

    /**
     * Opens {@code directory} (under the root) by walking its names from the root without following links. Missing
     * directories are made, with their explicit mode, only if {@code create}; they are returned, outermost first, as
     * paths under the root.
     */
    Directory open(Path directory, boolean create) throws IOException {
        Path absolute = directory.toAbsolutePath().normalize();
        if (!absolute.startsWith(root)) {
            throw new FileSystemException(directory.toString(), null, "is not under " + root);
        }
        int fd = Bound.CALLS.open(root.toString(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0) {
            throw error(root, Native.getLastError());
        }
        List<Path> created = new ArrayList<>();
        Path reached = root;
        try {
            for (Path name : root.relativize(absolute)) {
                if (name.toString().isEmpty()) {
                    continue;
                }
                reached = reached.resolve(name);
                int next = Bound.CALLS.openat(fd, name.toString(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                if (next < 0 && Native.getLastError() == ENOENT && create) {
                    if (Bound.CALLS.mkdirat(fd, name.toString(), 0700) < 0 && Native.getLastError() != EEXIST) {
                        throw error(reached, Native.getLastError());
                    }
                    next = Bound.CALLS.openat(fd, name.toString(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                    if (next >= 0) {
                        created.add(reached);
                        if (Bound.CALLS.fchmod(next, modeOf(reached)) < 0) {
                            int errno = Native.getLastError();
                            Bound.CALLS.close(next);
                            throw error(reached, errno);
                        }
                    }
                }
                if (next < 0) {
                    throw error(reached, Native.getLastError());
                }
                Bound.CALLS.close(fd);
                fd = next;
            }
            int opened = fd;
            fd = -1;
            return new Directory(opened, List.copyOf(created));
        } finally {
            if (fd >= 0) {
                Bound.CALLS.close(fd);
            }
        }
    }

    /**
     * 0700 for disktune's state ({@code /var/lib/disktune} and below) and its lock directory ({@code /run/disktune}),
     * under any root; 0755 for every other directory.
     */
    static int modeOf(Path directory) {
        String path = directory.toAbsolutePath().normalize() + "/";
        return path.contains("/var/lib/disktune/") || path.endsWith("/run/disktune/") ? STATE_DIRECTORY : SYSTEM_DIRECTORY;
    }

    /**
     * Opens {@code file} (under the root) for reading: its directory reached from the root without following links,
     * the file itself opened with {@code O_NOFOLLOW}. A directory or file swapped for a link since it was resolved is
     * an error, never a read of what the link points to. Errors name {@code file}, never the descriptor's path.
     */
    InputStream newInputStream(Path file) throws IOException {
        Path absolute = file.toAbsolutePath().normalize();
        try (Directory directory = open(absolute.getParent(), false)) {
            return Files.newInputStream(directory.entry(absolute.getFileName().toString()), LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw named(e, absolute);
        }
    }

    /** The names in {@code directory} (under the root), reached from the root without following links. */
    List<String> names(Path directory) throws IOException {
        Path absolute = directory.toAbsolutePath().normalize();
        try (Directory opened = open(absolute, false); Stream<Path> listing = Files.list(opened.path())) {
            return listing.map(p -> p.getFileName().toString()).toList();
        } catch (IOException e) {
            throw named(e, absolute);
        }
    }

    /** {@code e} about {@code shown} instead of a {@code /proc/self/fd} path, as the same kind of exception. */
    private static IOException named(IOException e, Path shown) {
        if (!(e instanceof FileSystemException f) || f.getFile() == null || !f.getFile().startsWith("/proc/self/fd/")) {
            return e;
        }
        String reason = f.getReason();
        if (e instanceof NoSuchFileException) {
            return new NoSuchFileException(shown.toString());
        }
        if (e instanceof AccessDeniedException) {
            return new AccessDeniedException(shown.toString());
        }
        if (reason != null && reason.contains("symbolic link")) {
            return error(shown, ELOOP);
        }
        return new FileSystemException(shown.toString(), null, reason);
    }

    /**
     * Removes {@code target} (under the root) and, if it is a directory, everything in it, following no link at any
     * depth. A missing target is not an error. Returns true if something was removed.
     */
    boolean removeTree(Path target) throws IOException {
        Path absolute = target.toAbsolutePath().normalize();
        Path parent = absolute.getParent();
        if (parent == null || absolute.equals(root)) {
            throw new FileSystemException(target.toString(), null, "is the root; not removed");
        }
        Directory directory;
        try {
            directory = open(parent, false);
        } catch (NoSuchFileException e) {
            return false;
        }
        try (directory) {
            return removeAt(directory.fd(), absolute.getFileName().toString(), absolute);
        }
    }

    private static boolean removeAt(int dirfd, String name, Path shown) throws IOException {
        if (Bound.CALLS.unlinkat(dirfd, name, 0) == 0) {
            return true;
        }
        int errno = Native.getLastError();
        if (errno == ENOENT) {
            return false;
        }
        if (errno != EISDIR) {
            throw error(shown, errno);
        }
        int child = Bound.CALLS.openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (child < 0) {
            errno = Native.getLastError();
            if (errno == ELOOP || errno == ENOTDIR) { // swapped for a link or a file since: remove that, unfollowed
                return removeAt(dirfd, name, shown);
            }
            throw error(shown, errno);
        }
        try {
            List<String> names;
            try (Stream<Path> listing = Files.list(Path.of("/proc/self/fd/" + child))) {
                names = listing.map(p -> p.getFileName().toString()).toList();
            }
            for (String inner : names) {
                removeAt(child, inner, shown.resolve(inner));
            }
        } finally {
            Bound.CALLS.close(child);
        }
        if (Bound.CALLS.unlinkat(dirfd, name, AT_REMOVEDIR) < 0 && Native.getLastError() != ENOENT) {
            throw error(shown, Native.getLastError());
        }
        return true;
    }

    private static IOException error(Path path, int errno) {
        return switch (errno) {
            case ENOENT -> new NoSuchFileException(path.toString());
            case ELOOP, ENOTDIR -> new FileSystemException(path.toString(), null,
                    "is not a directory under the root any more (a symbolic link or a file took its place during the run);"
                            + " nothing outside the root was touched");
            default -> new FileSystemException(path.toString(), null, "errno " + errno);
        };
    }
}
