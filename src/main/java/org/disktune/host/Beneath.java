package org.disktune.host;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
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

    /** The names of the directories from the root down to {@code directory}, which must be under the root (none for the root). */
    private List<Path> namesFromRoot(Path directory) throws FileSystemException {
        Path absolute = directory.toAbsolutePath().normalize();
        if (!absolute.startsWith(root)) {
            throw new FileSystemException(directory.toString(), null, "is not under " + root);
        }
        List<Path> names = new ArrayList<>();
        root.relativize(absolute).forEach(name -> {
            if (!name.toString().isEmpty()) {
                names.add(name);
            }
        });
        return names;
    }

    /**
     * Opens {@code directory} (under the root) by walking its names from the root without following links. Missing
     * directories are made, with their explicit mode, only if {@code create}; they are returned, outermost first, as
     * paths under the root.
     */
    Directory open(Path directory, boolean create) throws IOException {
        List<Path> names = namesFromRoot(directory);
        int fd = Bound.CALLS.open(root.toString(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0) {
            throw error(root, Native.getLastError());
        }
        List<Path> created = new ArrayList<>();
        Path reached = root;
        try {
            for (Path name : names) {
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
     * an error, never a read of what the link points to. Errors name {@code file}, never a descriptor's path.
     */
    InputStream newInputStream(Path file) throws IOException {
        Path absolute = file.toAbsolutePath().normalize();
        Path name = absolute.getFileName();
        try (SecureDirectoryStream<Path> directory = openForReading(absolute.getParent())) {
            try {
                return Channels.newInputStream(directory.newByteChannel(name, Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)));
            } catch (FileSystemException e) {
                throw renamed(e, absolute);
            } catch (IOException e) { // the JDK's ELOOP of O_NOFOLLOW is a plain IOException that names nothing
                if (isLink(directory, name)) {
                    throw error(absolute, ELOOP);
                }
                throw e;
            }
        }
    }

    private static boolean isLink(SecureDirectoryStream<Path> directory, Path name) {
        try {
            return directory.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                    .readAttributes().isSymbolicLink();
        } catch (IOException e) {
            return false;
        }
    }

    /** The names in {@code directory} (under the root), reached from the root without following links. */
    List<String> names(Path directory) throws IOException {
        Path absolute = directory.toAbsolutePath().normalize();
        List<String> names = new ArrayList<>();
        try (SecureDirectoryStream<Path> opened = openForReading(absolute)) {
            for (Path entry : opened) {
                names.add(entry.getFileName().toString());
            }
            return names;
        } catch (DirectoryIteratorException e) {
            throw renamed(e.getCause(), absolute);
        }
    }

    /**
     * {@code directory} (under the root) opened for reading the way {@link #open} opens it, through the JDK's
     * descriptor-relative directory stream instead of libc bound through JNA: a read-only command then never starts
     * JNA (its classes, its {@code java.util.logging} set-up and its proxy were a sixth of a warm {@code verify}).
     * Each name is looked at without following it ({@code fstatat(AT_SYMLINK_NOFOLLOW)}) and then opened with
     * {@code openat(O_NOFOLLOW)} from the directory before it, so a link in a directory's place is never followed, by
     * the check or by the open: the open fails with ELOOP, and a file opened in a directory's place fails the JDK's
     * {@code fdopendir} with ENOTDIR. Without {@code O_DIRECTORY} (the JDK does not pass it) a FIFO swapped in between
     * the check and the open would block the read; whoever can swap that directory can as well put a FIFO at the file
     * this reads, which the open of the file itself blocks on in either version, so this allows nothing new.
     */
    SecureDirectoryStream<Path> openForReading(Path directory) throws IOException {
        List<Path> names = namesFromRoot(directory);
        DirectoryStream<Path> top;
        try {
            top = Files.newDirectoryStream(root);
        } catch (IOException e) {
            throw renamed(e, root);
        }
        if (!(top instanceof SecureDirectoryStream<Path> opened)) {
            top.close();
            throw new FileSystemException(root.toString(), null, "has no descriptor-relative access on this system");
        }
        Path reached = root;
        try {
            for (Path name : names) {
                reached = reached.resolve(name);
                SecureDirectoryStream<Path> next;
                try {
                    if (!opened.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                            .readAttributes().isDirectory()) {
                        throw error(reached, ENOTDIR);
                    }
                    next = opened.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS);
                } catch (NotDirectoryException e) {
                    throw error(reached, ENOTDIR);
                } catch (IOException e) {
                    throw renamed(e, reached);
                }
                opened.close();
                opened = next;
            }
            SecureDirectoryStream<Path> result = opened;
            opened = null;
            return result;
        } finally {
            if (opened != null) {
                opened.close();
            }
        }
    }

    /** {@code e} about {@code shown} instead of a {@code /proc/self/fd} path, as the same kind of exception. */
    private static IOException named(IOException e, Path shown) {
        if (!(e instanceof FileSystemException f) || f.getFile() == null || !f.getFile().startsWith("/proc/self/fd/")) {
            return e;
        }
        return renamed(e, shown);
    }

    /** {@code e} about {@code shown} instead of the name or descriptor path it was raised for, as the same kind of exception. */
    private static IOException renamed(IOException e, Path shown) {
        if (!(e instanceof FileSystemException f) || shown.toString().equals(f.getFile())) {
            return e;
        }
        String reason = f.getReason();
        if (e instanceof NoSuchFileException) {
            return new NoSuchFileException(shown.toString());
        }
        if (e instanceof AccessDeniedException) {
            return new AccessDeniedException(shown.toString());
        }
        if (e instanceof NotDirectoryException || reason != null && reason.contains("symbolic link")) {
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
