package org.disktune.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NotLinkException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;

/**
 * The one side-effect boundary. Every read of the machine (sysfs, procfs, /etc, /boot, the kernel
 * log), every program run and every block-device ioctl goes through a Host. The real host has root
 * "/"; tests and sample machines use a temporary or in-memory (Jimfs) root.
 */
public interface Host {
    /**
     * Resolves an absolute machine path such as "/sys/block" inside this host's root, following symbolic
     * links as the kernel does for a process chrooted there: an absolute link target and {@code ..} stay
     * inside the root, so nothing read or written through the result lies outside it ({@link InRoot}). On
     * the machine itself (root "/") the kernel does this when the path is opened, and the path is returned
     * as written.
     */
    default Path path(String absolute) {
        return isFileSystemRoot(root()) ? lexical(absolute) : InRoot.resolve(root(), absolute, true);
    }

    /**
     * As {@link #path}, but a symbolic link as the last component is not followed: the path of the directory
     * entry itself, for lstat, readlink, unlink and rename (writing a file replaces the entry, never the file a
     * link points to).
     */
    default Path node(String absolute) {
        return isFileSystemRoot(root()) ? lexical(absolute) : InRoot.resolve(root(), absolute, false);
    }

    /**
     * A path found below this host's root by listing a directory (a name joined to {@link #path}'s result),
     * resolved inside the root like {@link #path}: a link among the names of /etc/modprobe.d or /sys/block
     * cannot lead out of the root. A path not below the root is returned unchanged.
     */
    default Path contain(Path found) {
        Path root = root();
        if (isFileSystemRoot(root) || !found.startsWith(root)) {
            return found;
        }
        return InRoot.resolve(root, "/" + root.relativize(found), true);
    }

    private static boolean isFileSystemRoot(Path root) {
        return root.getParent() == null && root.getFileSystem().equals(java.nio.file.FileSystems.getDefault());
    }

    private Path lexical(String absolute) {
        if (!absolute.startsWith("/")) {
            throw new IllegalArgumentException("machine path must be absolute: " + absolute);
        }
        return root().resolve(absolute.substring(1));
    }

    /**
     * The atomic writer every journaled change of this host goes through (plans, journal entries, backups,
     * emulated sysfs writes of a tree). Tests hand out one with injected I/O faults ({@link AtomicFileWriter.Faults}).
     */
    default AtomicFileWriter files() {
        return AtomicFileWriter.STANDARD;
    }

    /**
     * Opens a file this host resolved ({@link #path}, {@link #node}, {@link #contain}) for reading, contained at the
     * moment of use: under a root on this machine's file system (a --root tree, and /var/lib/disktune on the machine)
     * its directory is reached from the root one name at a time without following links and the file is opened with
     * {@code O_NOFOLLOW}, so a directory swapped for a link since {@link #path} resolved it is an error, never a read of
     * a file outside ({@link AtomicFileWriter#newInputStream}). Every read of disktune's state and of the files it
     * plans from goes through here.
     */
    default java.io.InputStream newInputStream(Path resolved) throws IOException {
        return files().newInputStream(resolved);
    }

    /** The whole content of a file this host resolved, read as {@link #newInputStream}. */
    default byte[] readAllBytes(Path resolved) throws IOException {
        try (java.io.InputStream in = newInputStream(resolved)) {
            return in.readAllBytes();
        }
    }

    /** The names in a directory this host resolved, sorted, listed as contained as {@link #newInputStream}. */
    default java.util.List<String> list(Path resolved) throws IOException {
        return files().names(resolved).stream().sorted().toList();
    }

    /**
     * The names in the machine directory {@code directory} that end in {@code suffix}, hidden names (a leading dot,
     * such as an atomic writer's temporary file) left out, sorted; empty when the directory does not exist. Used for
     * disktune's own state directories (the journal, stored benchmark results). An unreadable directory is an
     * ENVIRONMENT error naming it.
     */
    default java.util.List<String> names(String directory, String suffix) {
        Path dir = path(directory);
        if (!Files.isDirectory(dir)) {
            return java.util.List.of();
        }
        try {
            return list(dir).stream().filter(n -> n.endsWith(suffix) && !n.startsWith(".")).toList();
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT,
                    "cannot list " + directory + ": " + IoFailures.describe(e), e);
        }
    }

    /**
     * Refuses (ENVIRONMENT, naming it) a file of disktune's state, such as a journal entry or a backup, that is not
     * owned by root or is writable by group or others, or any directory above it up to /var/lib/disktune that is
     * ({@link TrustedState}). {@code what} names the kind of file in the message ("journal entry", "backup").
     */
    default void requireTrusted(String machinePath, String what) {
        TrustedState.require(this, machinePath, what);
    }

    /**
     * True when the entry {@code machinePath} (a last link not followed) is owned by root or by the user disktune runs
     * as: made by a privileged process, never planted by another user. Always true where the file system has no owners
     * (Jimfs samples).
     */
    default boolean ownedByRoot(String machinePath) {
        return TrustedState.ownedByRoot(this, machinePath);
    }

    /**
     * Where {@code name} is installed in this machine's tree: the first of /usr/bin, /usr/sbin, /bin and /sbin that
     * holds a regular file of that name (what a distribution's package puts there), as a machine path.
     */
    default Optional<String> installedProgram(String name) {
        return java.util.stream.Stream.of("/usr/bin/", "/usr/sbin/", "/bin/", "/sbin/").map(d -> d + name)
                .filter(p -> Files.isRegularFile(path(p))).findFirst();
    }

    /**
     * The bytes of the machine file {@code machinePath}, null when there is none: what a planner compares its new bytes
     * with. A directory in its place, or a file that cannot be read, is an ENVIRONMENT error naming it.
     */
    default byte[] fileBytesOrNull(String machinePath) {
        Path p = path(machinePath);
        try {
            if (Files.isDirectory(p)) {
                throw new DisktuneException(ExitCode.ENVIRONMENT, machinePath
                        + " is a directory; move it away so that disktune can write the file");
            }
            return Files.exists(p) ? Files.readAllBytes(p) : null;
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot read " + machinePath + ": "
                    + e.getMessage() + "; run as root", e);
        }
    }

    /** The root directory all machine paths are resolved against. */
    Path root();

    /** The machine path ("/etc/fstab") of a path this host resolved ({@link #path}); a path outside the root as it is. */
    default String machinePath(Path resolved) {
        return MachinePathText.machinePath(root(), resolved);
    }

    /** A message with every path below the root named as the machine's path ("/etc/..."), as the user knows it. */
    default String inMachineTerms(String message) {
        return MachinePathText.of(root(), message);
    }

    /** Runs programs (argument lists, never shell strings). */
    CommandRunner commands();

    /** The live kernel log of this host, or the saved one of a root tree. */
    KernelLogSource kernelLog();

    /** ioctls on block devices (size, readahead, flush); unsupported on non-live hosts. */
    BlockDevices blockDevices();

    Clock clock();

    /** True when the effective user may change the machine (uid 0 on a live host). */
    boolean privileged();

    /** True for the machine disktune runs on ("/"), false for --root trees and samples. */
    boolean live();

    /**
     * The active value of a sysfs attribute such as {@code /sys/block/sdb/queue/scheduler}: the bracketed
     * name of a choice list ({@code mq-deadline [none]} reads {@code none}), otherwise the content without
     * surrounding whitespace. {@code machinePath} must be under /sys (else IllegalArgumentException).
     */
    default String readAttribute(String machinePath) throws IOException {
        SysfsAttribute.requireReadable(machinePath);
        return SysfsAttribute.activeValue(java.nio.file.Files.readString(path(machinePath), java.nio.charset.StandardCharsets.US_ASCII));
    }

    /**
     * Writes {@code value} to an existing sysfs attribute as the kernel takes it: one write, no temporary
     * file, no creation. Only the attributes of the settings table are allowed ({@link WritableAttributes}: such as
     * queue/scheduler and device/queue_depth of /sys/block/NAME, md/stripe_cache_size of /sys/block/mdN) and
     * only a plain value (1-64 printable ASCII characters, no whitespace); anything else is an
     * IllegalArgumentException (a bug). A value the kernel refuses is an IOException with its text
     * ("Invalid argument", "Device or resource busy").
     */
    void writeAttribute(String machinePath, String value) throws IOException;

    /**
     * The permission bits of the file at {@code machinePath} (a link followed, as {@code test -x} follows it); empty
     * when there is no such file or its mode cannot be read (a file system without POSIX permissions, an I/O error).
     */
    default Optional<org.disktune.core.FileMode> mode(String machinePath) {
        try {
            return Optional.of(org.disktune.core.FileMode.of(Files.getPosixFilePermissions(path(machinePath))));
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }

    /**
     * The kernel name ("sdb", "md127") that {@code /dev/disk/by-id/IDENTITY} points to now, or empty when
     * there is no such link (the device is gone, or the tree has no /dev). Finds a device after its kernel
     * name moved.
     */
    default Optional<String> deviceByIdentity(String identity) {
        if (identity == null || identity.isEmpty() || identity.contains("/") || identity.equals(".") || identity.equals("..")) {
            return Optional.empty();
        }
        Path link = node("/dev/disk/by-id/" + identity);
        try {
            Path target = Files.readSymbolicLink(link);
            Path name = target.getFileName();
            return name == null ? Optional.empty() : Optional.of(name.toString());
        } catch (NotLinkException e) {
            return Optional.empty();
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }
}
