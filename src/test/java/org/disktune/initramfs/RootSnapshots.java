package org.disktune.initramfs;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.disktune.core.Sha256;

/**
 * Snapshots of a root: every name under it except those not compared (relative names such as "proc"
 * or "var/lib/disktune", whose subtrees are left out), relative to the root, with its type, mode,
 * owner and, for a regular file, its SHA-256 (a symlink: its target). A file's hash is computed again
 * only when its inode, size, mtime or ctime changed (the kernel sets ctime on every write, and no
 * program can set it back), so repeated snapshots of 350 MB are fast.
 */
public final class RootSnapshots {
    private final Path root;
    private final Set<String> notCompared;
    private final Map<String, String> hashes = new HashMap<>();

    public RootSnapshots(Path root, Set<String> notCompared) {
        this.root = root;
        this.notCompared = Set.copyOf(notCompared);
    }

    public Map<String, String> take() {
        Map<String, String> entries = new TreeMap<>();
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                    String name = root.relativize(dir).toString();
                    if (notCompared.contains(name)) {
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    entries.put(name, "dir " + owner(dir));
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    String name = root.relativize(file).toString();
                    if (!notCompared.contains(name)) {
                        entries.put(name, attrs.isSymbolicLink() ? "link -> " + Files.readSymbolicLink(file)
                                : attrs.isRegularFile() ? "file " + owner(file) + " " + hash(file, attrs) : "other " + owner(file));
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return entries;
    }

    private String hash(Path file, BasicFileAttributes attrs) throws IOException {
        String key = file + "|" + attrs.fileKey() + "|" + attrs.size() + "|" + attrs.lastModifiedTime().toInstant() + "|"
                + Files.getAttribute(file, "unix:ctime", LinkOption.NOFOLLOW_LINKS);
        String known = hashes.get(key);
        if (known == null) {
            known = Sha256.ofFile(file);
            hashes.put(key, known);
        }
        return known;
    }

    private static String owner(Path p) throws IOException {
        return Integer.toOctalString((Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS)) + " "
                + Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS) + ":" + Files.getAttribute(p, "unix:gid", LinkOption.NOFOLLOW_LINKS);
    }

    /** The names whose entry differs (added, removed or changed). */
    public static Set<String> differences(Map<String, String> a, Map<String, String> b) {
        Set<String> names = new TreeSet<>(a.keySet());
        names.addAll(b.keySet());
        names.removeIf(n -> Objects.equals(a.get(n), b.get(n)));
        return names;
    }

    /** Fails naming up to 20 names that differ between the snapshots. */
    public static void assertSame(Map<String, String> expected, Map<String, String> actual, String when) {
        Set<String> differ = differences(expected, actual);
        if (!differ.isEmpty()) {
            StringBuilder shown = new StringBuilder();
            differ.stream().limit(20).forEach(n -> shown.append("\n  ").append(n).append(": ").append(expected.get(n)).append(" -> ")
                    .append(actual.get(n)));
            fail(when + ", " + differ.size() + " name(s) differ from before:" + shown);
        }
    }
}
