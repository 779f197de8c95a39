package org.disktune.host;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;

import org.disktune.core.DisktuneException;
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
    static final String TEMP_PREFIX = ".disktune.tmp.";

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
        /** No fault. */
        Faults NONE = (step, file) -> { };

        void check(Step step, Path file) throws IOException;
    }

    /** Made on the first write, so that a command that only reads does not initialize the security providers. */
    private SecureRandom random;
    private final Faults faults;
    /** The roots every change under them is contained in at the moment of use; none: path-based (Jimfs). */
    private final ContainedRoots roots;
    private final FileRemovals removals;

    public AtomicFileWriter() {
        this(Faults.NONE);
    }

    /** A writer whose steps first ask {@code faults} (tests inject I/O errors through it). */
    public AtomicFileWriter(Faults faults) {
        this(faults, List.of());
    }

    private AtomicFileWriter(Faults faults, List<Beneath> roots) {
        this.faults = java.util.Objects.requireNonNull(faults);
        this.roots = new ContainedRoots(roots);
        this.removals = new FileRemovals(this.faults, this.roots);
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


    /**
     * Opens {@code file} for reading. Under the root this writer is contained in, its directory is reached from the
     * root without following links and the file is opened with {@code O_NOFOLLOW} ({@link Beneath}): a directory
     * swapped for a link since the path was resolved is an error, never a read of a file outside.
     */
    public InputStream newInputStream(Path file) throws IOException {
        return roots.contains(file) ? roots.rootOf(file, false).newInputStream(file) : Files.newInputStream(file);
    }

    /**
     * {@code directory} opened under the root this writer is contained in (made, with its explicit mode, when missing),
     * for the caller to work in through its descriptor; null when the directory is not contained.
     */
    Beneath.Directory pinned(Path directory) throws IOException {
        return roots.contains(directory) ? roots.rootOf(directory, false).open(directory, true) : null;
    }

    /** The names in {@code directory}, unsorted; contained as {@link #newInputStream}. */
    public List<String> names(Path directory) throws IOException {
        if (roots.contains(directory)) {
            return roots.rootOf(directory, false).names(directory);
        }
        try (var listing = Files.list(directory)) {
            return listing.map(p -> p.getFileName().toString()).toList();
        }
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
            throw IoFailures.failure("cannot copy " + source + " to " + target, new NoSuchFileException(source.toString()));
        }
        return replace(target, source, null, createParents, channel -> {
            try (InputStream in = newInputStream(source)) {
                OutputStream out = Channels.newOutputStream(channel);
                in.transferTo(out);
                out.flush();
            }
        });
    }

    /** Removes {@code target} and fsyncs its directory; a missing target is not an error. */
    public void delete(Path target) {
        removals.delete(target);
    }

    /** Gives the existing regular file {@code target} the permission bits {@code mode}; a link is refused. */
    public void setMode(Path target, FileMode mode) {
        removals.setMode(target, mode);
    }

    /** Removes a directory if it is empty (used to undo {@code createParents}); false if it was kept. */
    public boolean deleteEmptyDirectory(Path directory) {
        return removals.deleteEmptyDirectory(directory);
    }

    /** Removes the temporary files a killed writer left in {@code directory}; only while holding the host lock. */
    public List<Path> removeStrayTemporaries(Path directory) {
        return removals.removeStrayTemporaries(directory);
    }

    /** Removes {@code directory} and everything in it (symbolic links are removed, never followed); missing is fine. */
    public void deleteTree(Path directory) {
        removals.deleteTree(directory);
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
        try (ContainedRoots.Place place = roots.place(target, createParents)) {
            Path absolute = place.entry();
            Path directory = place.directory();
            FileSteps.refuseLink(absolute);
            List<Path> created = place.created() != null ? place.created() : FileSteps.createDirectories(directory, createParents, target);
            Path temp = directory.resolve(TEMP_PREFIX + HexFormat.of().formatHex(nextBytes()));
            try {
                try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                    content.writeTo(channel);
                    faults.check(Step.WRITE, shown);
                    faults.check(Step.FSYNC, shown);
                    channel.force(true);
                }
                FileSteps.copyOwnershipAndMode(Files.exists(absolute, LinkOption.NOFOLLOW_LINKS) ? absolute : modeSource, temp,
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
            FileSteps.syncDirectory(directory);
            return created;
        } catch (IOException | UnsupportedOperationException e) {
            throw IoFailures.failure("cannot write " + target, e);
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





}
