package org.disktune.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.disktune.core.FileMode;
import org.disktune.host.AtomicFileWriter.Faults;
import org.disktune.host.AtomicFileWriter.Step;

/**
 * The removals and mode changes of an {@link AtomicFileWriter}: each a single system call that is itself atomic,
 * made under the writer's {@link ContainedRoots}, followed by an fsync of the directory; failures as
 * {@link IoFailures}.
 */
final class FileRemovals {
    private final Faults faults;
    private final ContainedRoots roots;

    FileRemovals(Faults faults, ContainedRoots roots) {
        this.faults = faults;
        this.roots = roots;
    }

    /**
     * Removes {@code target} (a single unlink, itself atomic) and fsyncs its directory. A target
     * that does not exist is not an error: the result is the same.
     */
    void delete(Path target) {
        try (ContainedRoots.Place place = roots.place(target, false)) {
            Path entry = place.entry();
            FileSteps.refuseLink(entry);
            if (Files.exists(entry, LinkOption.NOFOLLOW_LINKS)) {
                faults.check(Step.UNLINK, target);
            }
            if (Files.deleteIfExists(entry)) {
                FileSteps.syncDirectory(place.directory());
            }
        } catch (NoSuchFileException e) {
            // the directory is gone, and the file with it
        } catch (IOException e) {
            throw IoFailures.failure("cannot delete " + target, e);
        }
    }

    /**
     * Gives the existing regular file {@code target} the permission bits {@code mode} (chmod(2), itself atomic), and
     * fsyncs its directory. A link is refused, as for a write.
     */
    void setMode(Path target, FileMode mode) {
        try (ContainedRoots.Place place = roots.place(target, false)) {
            Path entry = place.entry();
            FileSteps.refuseLink(entry);
            Files.setPosixFilePermissions(entry, mode.permissions());
            FileSteps.syncDirectory(place.directory());
        } catch (IOException | UnsupportedOperationException e) {
            throw IoFailures.failure("cannot change the mode of " + target + " to " + mode, e);
        }
    }

    /** Removes a directory if it is empty (used to undo {@code createParents}); false if it was kept. */
    boolean deleteEmptyDirectory(Path directory) {
        try (ContainedRoots.Place place = roots.place(directory, false)) {
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
            FileSteps.syncDirectory(place.directory());
            return true;
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            throw IoFailures.failure("cannot remove directory " + directory, e);
        }
    }

    /**
     * Removes the temporary files a killed writer left in {@code directory} ({@code .disktune.tmp.*}; never
     * the target, which a rename replaces whole). Call it only while holding the host lock, when no other
     * writer can be half way. A missing directory has none. Returns the files removed.
     */
    List<Path> removeStrayTemporaries(Path directory) {
        if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        List<Path> removed = new ArrayList<>();
        try (ContainedRoots.Place place = roots.place(directory.resolve(AtomicFileWriter.TEMP_PREFIX), false); var entries = Files.list(place.directory())) {
            for (Path p : entries.filter(p -> p.getFileName().toString().startsWith(AtomicFileWriter.TEMP_PREFIX)).toList()) {
                if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) && Files.deleteIfExists(p)) {
                    removed.add(directory.resolve(p.getFileName().toString()));
                }
            }
            if (!removed.isEmpty()) {
                FileSteps.syncDirectory(place.directory());
            }
        } catch (NoSuchFileException e) {
            return removed;
        } catch (IOException e) {
            throw IoFailures.failure("cannot clean temporary files in " + directory, e);
        }
        return removed;
    }

    /** Removes {@code directory} and everything in it (symbolic links are removed, never followed); missing is fine. */
    void deleteTree(Path directory) {
        Beneath beneath = roots.rootOf(directory, true);
        if (beneath != null) {
            try {
                if (beneath.removeTree(directory)) {
                    FileSteps.syncDirectory(directory.toAbsolutePath().getParent());
                }
            } catch (IOException e) {
                throw IoFailures.failure("cannot remove " + directory, e);
            }
            return;
        }
        if (!Files.exists(directory, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (var walk = Files.walk(directory)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
            FileSteps.syncDirectory(directory.toAbsolutePath().getParent());
        } catch (IOException e) {
            throw IoFailures.failure("cannot remove " + directory, e);
        }
    }
}
