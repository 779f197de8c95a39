package org.disktune.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Directory trees for tests: a copy that keeps symbolic links as links (a root's absolute links name paths inside that
 * root, never this machine's), and a removal that never follows them. Both work across file systems, e.g. a Jimfs
 * sample machine copied to disk.
 */
public final class Trees {
    private Trees() {
    }

    /**
     * Copies {@code from} (a directory tree or a single file) to {@code to}, as {@code cp -a} does: a symbolic link is
     * copied as a link with the same target text, never followed (also when {@code from} is one); a directory is
     * created, or reused when {@code to} already is one; any other file is copied with its attributes
     * ({@link StandardCopyOption#COPY_ATTRIBUTES}: its times, and on the same file system its mode and, as root, owner;
     * a directory's too, except its times, which its new entries change). Parents of {@code to} must exist.
     */
    public static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isSymbolicLink(p)) {
                    Files.createSymbolicLink(target, to.getFileSystem().getPath(Files.readSymbolicLink(p).toString()));
                } else if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) && Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
                    continue;
                } else {
                    Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
                }
            }
        }
    }

    /** Removes {@code tree} (a directory tree or a single file or link) and all below it; links are removed, not followed; absent: nothing. */
    public static void delete(Path tree) throws IOException {
        if (!Files.exists(tree, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        List<Path> all;
        try (Stream<Path> walk = Files.walk(tree)) {
            all = walk.sorted(Comparator.reverseOrder()).toList();
        }
        for (Path p : all) {
            Files.delete(p);
        }
    }
}
