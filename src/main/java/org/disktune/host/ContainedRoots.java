package org.disktune.host;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The roots an {@link AtomicFileWriter} is contained in: which one covers a path, and where a change to a path
 * happens (its directory pinned by a descriptor opened from that root without following links, {@link Beneath}).
 */
final class ContainedRoots {
    private final List<Beneath> roots;

    ContainedRoots(List<Beneath> roots) {
        this.roots = List.copyOf(roots);
    }

    boolean isEmpty() {
        return roots.isEmpty();
    }

    /** The deepest root that covers {@code path} (with {@code itself}, also the root itself), or null. */
    Beneath rootOf(Path path, boolean itself) {
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
    boolean contains(Path path) {
        return rootOf(path, false) != null;
    }

    /** Where a change to {@code target} happens: its directory and entry, pinned by a descriptor when contained. */
    record Place(Path directory, Path entry, List<Path> created, Beneath.Directory pinned) implements AutoCloseable {
        @Override
        public void close() {
            if (pinned != null) {
                pinned.close();
            }
        }
    }

    Place place(Path target, boolean createParents) throws IOException {
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
            made = FileSteps.createDirectories(beneath.root(), true, target);
        }
        Beneath.Directory pinned = beneath.open(directory, createParents);
        List<Path> created = new ArrayList<>(made);
        created.addAll(pinned.created());
        return new Place(pinned.path(), pinned.entry(absolute.getFileName().toString()), List.copyOf(created), pinned);
    }
}
