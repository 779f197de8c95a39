package org.disktune.host;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.core.FileMode;

/**
 * Replaces files so that a reader (or a crash) sees either the old bytes or the new ones, never a
 * half file: a temporary file in the same directory ({@code .disktune.tmp.<random>}), written and
 * fsynced, given the mode and owner of the file it replaces (0644 for a new file, or the mode of
 * the source for {@link #copy}), renamed over the target, then the directory fsynced. Where the
 * file system cannot fsync a directory (Jimfs, some network file systems) that last step is
 * skipped. Symbolic links are refused rather than replaced by a regular file. Missing parent directories are made
 * 0700 under {@code /var/lib/disktune} and 0755 elsewhere, whatever the umask.
 *
 * <p>A writer {@link #containedIn} a root on the real file system (a --root tree; disktune's state directory on the
 * machine) does every write, copy and removal under it through the descriptor of its directory, opened from the root
 * without following links ({@link Beneath}), so the check that a path is inside the root holds when it is used.
 *
 * <p>Every failure is a {@link DisktuneException} (ENVIRONMENT) naming the path and the cause; the
 * temporary file is removed and the target is left as it was.
 *
 * <p>{@link Faults} is the seam through which tests make a step fail as the kernel can make it fail (write(2)
 * with ENOSPC or EIO, fsync(2) with EIO, rename(2) failing, unlink(2) failing); the writer a {@link Host} hands out
 * ({@link Host#files()}) is the one every journaled change goes through.
 */
public final class AtomicFileWriter {
    /** rw-r--r--, made on first write (EnumSet's set-up is a percent of a warm verify, which writes nothing). */
    private static final class NewFileMode {
        static final Set<PosixFilePermission> MODE = PosixFilePermissions.fromString("rw-r--r--");
    }
    private static final String TEMP_PREFIX = ".disktune.tmp.";

    /** The writer without injected faults. */
    public static final AtomicFileWriter STANDARD = new AtomicFileWriter();

    /** The system calls of a replacement or removal that can fail on a real file system. */
    public enum Step {
        /** write(2) of the temporary file's content (ENOSPC, EIO, EDQUOT). */
        WRITE,
        /** fsync(2) of the temporary file (EIO: the data did not reach the disk). */
        FSYNC,
        /** rename(2) of the temporary file over the target. */
        RENAME,
        /** unlink(2) of a file being removed. */
        UNLINK
    }

    /** Called before each {@link Step} with the file it is about; throwing makes that step fail with the exception. */
    @FunctionalInterface
    public interface Faults {
        /** No fault; a class, not a lambda: every host makes a writer, and a lambda's linking costs a command that only reads. */
        Faults NONE = new Faults() {
            @Override
            public void check(Step step, Path file) {
            }
        };

        void check(Step step, Path file) throws IOException;
    }

    /** Made on the first write: the security providers it initializes cost a command that only reads ~5 ms. */
    private SecureRandom random;
    private final Faults faults;
    /** The roots every change under them is contained in at the moment of use; none: path-based (Jimfs). */
    private final List<Beneath> roots;

    public AtomicFileWriter() {
        this(Faults.NONE);
    }

    /** A writer whose steps first ask {@code faults} (tests inject I/O errors through it). */
    public AtomicFileWriter(Faults faults) {
        this(faults, List.of());
    }

    private AtomicFileWriter(Faults faults, List<Beneath> roots) {
        this.faults = java.util.Objects.requireNonNull(faults);
        this.roots = List.copyOf(roots);
    }

    /**
     * This writer, with every change to a path under {@code root} made through directory descriptors opened from
     * the root without following links ({@link Beneath}): a directory swapped for a link while disktune runs is an
     * error, never a way out of the root. A root on another file system than the default one (Jimfs samples and
     * tests) keeps path-based operations.
     */
    public AtomicFileWriter containedIn(Path root) {
        return containedIn(List.of(root));
    }

    /**
     * This writer, contained as {@link #containedIn(Path)} in each of {@code roots}: a path is contained in the
     * deepest root above it, and the links on the way to that root are the kernel's to follow (a mount point, or a
     * /boot that is a link on purpose), those below it are refused. Paths under none of them stay path-based.
     */
    public AtomicFileWriter containedIn(List<Path> roots) {
        List<Beneath> contained = roots.stream().filter(r -> r.getFileSystem().equals(java.nio.file.FileSystems.getDefault()))
                .map(Beneath::new).toList();
        return contained.isEmpty() ? this : new AtomicFileWriter(faults, contained);
    }

    /** The deepest root that covers {@code path} (with {@code itself}, also the root itself), or null. */
    private Beneath rootOf(Path path, boolean itself) {
        Beneath found = null;
        for (Beneath b : roots) {
            if (b.covers(path) && (itself || !path.toAbsolutePath().normalize().equals(b.root()))
                    && (found == null || b.root().startsWith(found.root()))) {
                found = b;
            }
        }
        return found;
    }

    /** True when an operation on {@code path} goes through {@link Beneath}: it lies below the root this writer is contained in. */
    private boolean contains(Path path) {
        return rootOf(path, false) != null;
    }

    /**
     * Opens {@code file} for reading. Under the root this writer is contained in, its directory is reached from the
     * root without following links and the file is opened with {@code O_NOFOLLOW} ({@link Beneath}): a directory
     * swapped for a link since the path was resolved is an error, never a read of a file outside.
     */
    public InputStream newInputStream(Path file) throws IOException {
        return contains(file) ? rootOf(file, false).newInputStream(file) : Files.newInputStream(file);
    }

    /**
     * {@code directory} opened under the root this writer is contained in (made, with its explicit mode, when missing),
     * for the caller to work in through its descriptor; null when the directory is not contained.
     */
    Beneath.Directory pinned(Path directory) throws IOException {
        return contains(directory) ? rootOf(directory, false).open(directory, true) : null;
    }

    /** The names in {@code directory}, unsorted; contained as {@link #newInputStream}. */
    public List<String> names(Path directory) throws IOException {
        if (contains(directory)) {
            return rootOf(directory, false).names(directory);
        }
        try (var listing = Files.list(directory)) {
            return listing.map(p -> p.getFileName().toString()).toList();
        }
    }

    /** Where a change to {@code target} happens: its directory and entry, pinned by a descriptor when contained. */
    private record Place(Path directory, Path entry, List<Path> created, Beneath.Directory pinned) implements AutoCloseable {
        @Override
        public void close() {
            if (pinned != null) {
                pinned.close();
            }
        }
    }

    private Place place(Path target, boolean createParents) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path directory = absolute.getParent();
        if (directory == null) {
            throw new FileSystemException(target.toString(), null, "not a file path");
        }
        Beneath beneath = rootOf(absolute, false);
        if (beneath == null) {
            return new Place(directory, absolute, null, null);
        }
        List<Path> made = List.of();
        if (createParents && !Files.isDirectory(beneath.root())) {
            made = createDirectories(beneath.root(), true, target);
        }
        Beneath.Directory pinned = beneath.open(directory, createParents);
        List<Path> created = new ArrayList<>(made);
        created.addAll(pinned.created());
        return new Place(pinned.path(), pinned.entry(absolute.getFileName().toString()), List.copyOf(created), pinned);
    }

    /**
     * Writes {@code bytes} to {@code target}. When the parent directory is missing it is created
     * only if {@code createParents}; the directories created are returned, outermost first, so
     * that a caller can remove them again on rollback.
     */
    public List<Path> write(Path target, byte[] bytes, boolean createParents) {
        return write(target, bytes, createParents, null);
    }

    /**
     * {@link #write(Path, byte[], boolean)}, the file getting {@code mode} (null: the mode of the file it replaces, 0644
     * for a new one) in the same atomic rename: no reader sees the new bytes with the old mode.
     */
    public List<Path> write(Path target, byte[] bytes, boolean createParents, FileMode mode) {
        return replace(target, null, mode, createParents, channel -> {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        });
    }

    /**
     * Copies {@code source} to {@code target} as a stream (images may be large). A new target gets
     * the mode and owner of the source, an existing one keeps its own.
     */
    public List<Path> copy(Path source, Path target, boolean createParents) {
        if (!Files.isRegularFile(source)) {
            throw failure("cannot copy " + source + " to " + target, new NoSuchFileException(source.toString()));
        }
        return replace(target, source, null, createParents, channel -> {
            try (InputStream in = newInputStream(source)) {
                OutputStream out = Channels.newOutputStream(channel);
                in.transferTo(out);
                out.flush();
            }
        });
    }

    /**
     * Removes {@code target} (a single unlink, itself atomic) and fsyncs its directory. A target
     * that does not exist is not an error: the result is the same.
     */
    public void delete(Path target) {
        try (Place place = place(target, false)) {
            Path entry = place.entry();
            refuseLink(entry);
            if (Files.exists(entry, LinkOption.NOFOLLOW_LINKS)) {
                faults.check(Step.UNLINK, target);
            }
            if (Files.deleteIfExists(entry)) {
                syncDirectory(place.directory());
            }
        } catch (NoSuchFileException e) {
            // the directory is gone, and the file with it
        } catch (IOException e) {
            throw failure("cannot delete " + target, e);
        }
    }

    /**
     * Gives the existing regular file {@code target} the permission bits {@code mode} (chmod(2), itself atomic), and
     * fsyncs its directory. A link is refused, as for a write.
     */
    public void setMode(Path target, FileMode mode) {
        try (Place place = place(target, false)) {
            Path entry = place.entry();
            refuseLink(entry);
            Files.setPosixFilePermissions(entry, mode.permissions());
            syncDirectory(place.directory());
        } catch (IOException | UnsupportedOperationException e) {
            throw failure("cannot change the mode of " + target + " to " + mode, e);
        }
    }

    /** Removes a directory if it is empty (used to undo {@code createParents}); false if it was kept. */
    public boolean deleteEmptyDirectory(Path directory) {
        try (Place place = place(directory, false)) {
            Path entry = place.entry();
            if (!Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
                return false;
            }
            try (var entries = Files.list(entry)) {
                if (entries.findAny().isPresent()) {
                    return false;
                }
            }
            Files.delete(entry);
            syncDirectory(place.directory());
            return true;
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            throw failure("cannot remove directory " + directory, e);
        }
    }

    /**
     * Removes the temporary files a killed writer left in {@code directory} ({@code .disktune.tmp.*}; never
     * the target, which a rename replaces whole). Call it only while holding the host lock, when no other
     * writer can be half way. A missing directory has none. Returns the files removed.
     */
    public List<Path> removeStrayTemporaries(Path directory) {
        if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        List<Path> removed = new ArrayList<>();
        try (Place place = place(directory.resolve(TEMP_PREFIX), false); var entries = Files.list(place.directory())) {
            for (Path p : entries.filter(p -> p.getFileName().toString().startsWith(TEMP_PREFIX)).toList()) {
                if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) && Files.deleteIfExists(p)) {
                    removed.add(directory.resolve(p.getFileName().toString()));
                }
            }
            if (!removed.isEmpty()) {
                syncDirectory(place.directory());
            }
        } catch (NoSuchFileException e) {
            return removed;
        } catch (IOException e) {
            throw failure("cannot clean temporary files in " + directory, e);
        }
        return removed;
    }

    /** Removes {@code directory} and everything in it (symbolic links are removed, never followed); missing is fine. */
    public void deleteTree(Path directory) {
        Beneath beneath = rootOf(directory, true);
        if (beneath != null) {
            try {
                if (beneath.removeTree(directory)) {
                    syncDirectory(directory.toAbsolutePath().getParent());
                }
            } catch (IOException e) {
                throw failure("cannot remove " + directory, e);
            }
            return;
        }
        if (!Files.exists(directory, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (var walk = Files.walk(directory)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
            syncDirectory(directory.toAbsolutePath().getParent());
        } catch (IOException e) {
            throw failure("cannot remove " + directory, e);
        }
    }

    /** True when {@code file} is a temporary file of this writer (a leftover after a crash). */
    public static boolean isTemporary(Path file) {
        Path name = file.getFileName();
        return name != null && name.toString().startsWith(TEMP_PREFIX);
    }

    private interface Content {
        void writeTo(FileChannel channel) throws IOException;
    }

    private List<Path> replace(Path target, Path modeSource, FileMode mode, boolean createParents, Content content) {
        Path shown = target.toAbsolutePath();
        try (Place place = place(target, createParents)) {
            Path absolute = place.entry();
            Path directory = place.directory();
            refuseLink(absolute);
            List<Path> created = place.created() != null ? place.created() : createDirectories(directory, createParents, target);
            Path temp = directory.resolve(TEMP_PREFIX + HexFormat.of().formatHex(nextBytes()));
            try {
                try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                    content.writeTo(channel);
                    faults.check(Step.WRITE, shown);
                    faults.check(Step.FSYNC, shown);
                    channel.force(true);
                }
                copyOwnershipAndMode(Files.exists(absolute, LinkOption.NOFOLLOW_LINKS) ? absolute : modeSource, temp,
                        shown.getParent() != null && Beneath.modeOf(shown.getParent()) == Beneath.STATE_DIRECTORY);
                if (mode != null) {
                    Files.setPosixFilePermissions(temp, mode.permissions());
                }
                faults.check(Step.RENAME, shown);
                Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                temp = null;
            } finally {
                if (temp != null) { // while the directory's descriptor is open: the temporary path goes through it
                    try {
                        Files.deleteIfExists(temp);
                    } catch (IOException ignored) {
                        // the write already failed; that failure is the one to report
                    }
                }
            }
            syncDirectory(directory);
            return created;
        } catch (IOException | UnsupportedOperationException e) {
            throw failure("cannot write " + target, e);
        }
    }

    private byte[] nextBytes() {
        byte[] bytes = new byte[8];
        synchronized (this) {
            if (random == null) {
                random = new SecureRandom();
            }
            random.nextBytes(bytes);
        }
        return bytes;
    }

    private static List<Path> createDirectories(Path directory, boolean createParents, Path target) throws IOException {
        if (Files.isDirectory(directory)) {
            return List.of();
        }
        if (!createParents) {
            throw new NoSuchFileException(directory.toString(), null, "directory does not exist");
        }
        List<Path> missing = new ArrayList<>();
        for (Path p = directory; p != null && !Files.exists(p); p = p.getParent()) {
            missing.add(0, p);
        }
        for (Path p : missing) {
            Files.createDirectory(p);
            if (Files.getFileAttributeView(p, PosixFileAttributeView.class) != null) { // explicit, whatever the umask
                Files.setPosixFilePermissions(p, Beneath.modeOf(p) == Beneath.STATE_DIRECTORY
                        ? PosixFilePermissions.fromString("rwx------") : PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
        syncDirectory(missing.isEmpty() ? directory : missing.get(0).getParent());
        return List.copyOf(missing);
    }

    private static void refuseLink(Path target) throws IOException {
        if (Files.isSymbolicLink(target)) {
            throw new FileSystemException(target.toString(), null, "is a symbolic link; disktune does not replace links");
        }
    }

    /**
     * Gives {@code temp} the mode, owner and group of {@code model}, or 0644 when there is none. A file of disktune's
     * state ({@code state}: a backup, a journal entry) keeps its creator (root) as owner and is never writable by group
     * or others, whatever the file it copies: only such state is trusted when it is read back ({@link TrustedState}).
     */
    private static void copyOwnershipAndMode(Path model, Path temp, boolean state) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(temp, PosixFileAttributeView.class);
        if (view == null) {
            return;
        }
        if (model == null) {
            view.setPermissions(NewFileMode.MODE);
            return;
        }
        PosixFileAttributes wanted = Files.readAttributes(model, PosixFileAttributes.class);
        Set<PosixFilePermission> permissions = java.util.EnumSet.noneOf(PosixFilePermission.class);
        permissions.addAll(wanted.permissions());
        if (state) {
            permissions.remove(PosixFilePermission.GROUP_WRITE);
            permissions.remove(PosixFilePermission.OTHERS_WRITE);
            view.setPermissions(permissions);
            return;
        }
        PosixFileAttributes now = view.readAttributes();
        UserPrincipal owner = wanted.owner();
        GroupPrincipal group = wanted.group();
        if (!owner.equals(now.owner())) {
            view.setOwner(owner);
        }
        if (!group.equals(now.group())) {
            view.setGroup(group);
        }
        view.setPermissions(permissions);
    }

    /** fsync of a directory, so that a rename survives a crash; skipped where unsupported. */
    private static void syncDirectory(Path directory) {
        if (directory == null) {
            return;
        }
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // Jimfs and some network file systems cannot open or fsync a directory
        }
    }

    private static DisktuneException failure(String what, Exception e) {
        return new DisktuneException(ExitCode.ENVIRONMENT, what + ": " + describe(e), e);
    }

    /** A short cause for a one-line message: "permission denied", "no such file", "No space left on device". */
    static String describe(Exception e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException fse && fse.getReason() != null) {
            return fse.getReason();
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof java.nio.file.FileAlreadyExistsException) {
            return "already exists";
        }
        String message = e.getMessage();
        return message == null ? e.getClass().getSimpleName() : message.lines().findFirst().orElse(message);
    }
}
