package org.disktune.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;

/** {@link Trees}: copies keep links as links and files with their mode and time; removal never follows a link. */
class TreesTest {
    @TempDir
    Path temp;

    /** A tree of files, nested directories, an empty one, a relative and an absolute link (both to directories holding a file). */
    private static void fill(Path root, Path absoluteTarget) throws IOException {
        Files.createDirectories(root.resolve("etc/modprobe.d"));
        Files.writeString(root.resolve("etc/fstab"), "/dev/sda1 / ext4 defaults 0 1\n");
        Files.writeString(root.resolve("etc/modprobe.d/disktune.conf"), "options libata force=noncq\n");
        Files.createDirectories(root.resolve("var/lib/empty"));
        Files.createDirectories(root.resolve("usr/share/hooks"));
        Files.writeString(root.resolve("usr/share/hooks/hook"), "#!/bin/sh\n");
        Files.createSymbolicLink(root.resolve("etc/hooks"), root.getFileSystem().getPath("../usr/share/hooks"));
        Files.createSymbolicLink(root.resolve("etc/elsewhere"), absoluteTarget);
    }

    @Test
    void copiesFilesDirectoriesAndLinksAsLinks() throws IOException {
        Path from = Files.createDirectory(temp.resolve("from"));
        Path outside = Files.createDirectory(temp.resolve("outside"));
        Files.writeString(outside.resolve("secret"), "not to be copied\n");
        fill(from, outside);
        Path hook = from.resolve("usr/share/hooks/hook");
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwxr-x---"));
        Files.setLastModifiedTime(hook, FileTime.fromMillis(1_000_000_000_000L));

        Path to = temp.resolve("to");
        Trees.copy(from, to);

        Map<String, String> expected = new TreeMap<>();
        expected.put("etc/", "dir");
        expected.put("etc/elsewhere", "-> " + outside);
        expected.put("etc/fstab", "/dev/sda1 / ext4 defaults 0 1\n");
        expected.put("etc/hooks", "-> ../usr/share/hooks");
        expected.put("etc/modprobe.d/", "dir");
        expected.put("etc/modprobe.d/disktune.conf", "options libata force=noncq\n");
        expected.put("usr/", "dir");
        expected.put("usr/share/", "dir");
        expected.put("usr/share/hooks/", "dir");
        expected.put("usr/share/hooks/hook", "#!/bin/sh\n");
        expected.put("var/", "dir");
        expected.put("var/lib/", "dir");
        expected.put("var/lib/empty/", "dir");
        assertEquals(expected, listing(to), "links kept as links (the absolute one's directory not copied), the empty directory copied");
        Path copied = to.resolve("usr/share/hooks/hook");
        assertEquals("rwxr-x---", PosixFilePermissions.toString(Files.getPosixFilePermissions(copied)), "the mode is kept");
        assertEquals(FileTime.fromMillis(1_000_000_000_000L), Files.getLastModifiedTime(copied), "the time is kept");
        assertEquals(Files.readSymbolicLink(from.resolve("etc/elsewhere")), Files.readSymbolicLink(to.resolve("etc/elsewhere")));
    }

    @Test
    void copiesIntoAnExistingDirectoryAndASingleFile() throws IOException {
        Path from = Files.createDirectory(temp.resolve("from"));
        fill(from, Path.of("/nonexistent/target"));
        Path to = Files.createDirectory(temp.resolve("to"));
        Trees.copy(from, to);
        assertEquals(listing(from), listing(to));
        assertEquals("-> /nonexistent/target", listing(to).get("etc/elsewhere"), "a dangling link is copied too");

        Path file = temp.resolve("fstab");
        Trees.copy(from.resolve("etc/fstab"), file);
        assertEquals("/dev/sda1 / ext4 defaults 0 1\n", Files.readString(file));
        Path link = temp.resolve("hooks");
        Trees.copy(from.resolve("etc/hooks"), link);
        assertEquals("../usr/share/hooks", Files.readSymbolicLink(link).toString(), "a link given as the tree stays a link");
    }

    /** A sample machine on Jimfs written to disk, as the command-line tests do: the links keep their target text. */
    @Test
    void copiesFromAnotherFileSystem() throws IOException {
        try (FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix())) {
            Path from = jimfs.getPath("/machine");
            Files.createDirectories(from);
            fill(from, jimfs.getPath("/sys/devices/pci0000:00"));
            Path to = Files.createDirectory(temp.resolve("to"));
            Trees.copy(from, to);
            assertEquals(listing(from), listing(to));
            assertEquals("-> /sys/devices/pci0000:00", listing(to).get("etc/elsewhere"));
            assertEquals("-> ../usr/share/hooks", listing(to).get("etc/hooks"));
        }
    }

    @Test
    void deleteRemovesLinksNotWhatTheyNameAndToleratesAbsence() throws IOException {
        Path tree = Files.createDirectory(temp.resolve("tree"));
        Path outside = Files.createDirectory(temp.resolve("outside"));
        Files.writeString(outside.resolve("keep"), "kept\n");
        fill(tree, outside);
        Files.createSymbolicLink(tree.resolve("relative-out"), Path.of("../outside"));
        Trees.delete(tree);
        assertFalse(Files.exists(tree, LinkOption.NOFOLLOW_LINKS));
        assertEquals("kept\n", Files.readString(outside.resolve("keep")), "what a link names is left alone");
        Trees.delete(tree);
        Path link = temp.resolve("link");
        Files.createSymbolicLink(link, outside);
        Trees.delete(link);
        assertFalse(Files.exists(link, LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.exists(outside.resolve("keep")));
    }

    /** Every entry below {@code root}: directories as "dir", links by target, files by content. */
    private static Map<String, String> listing(Path root) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                String name = root.relativize(p).toString();
                if (name.isEmpty()) {
                    continue;
                }
                if (Files.isSymbolicLink(p)) {
                    out.put(name, "-> " + Files.readSymbolicLink(p));
                } else if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    out.put(name + "/", "dir");
                } else {
                    out.put(name, Files.readString(p));
                }
            }
        }
        return out;
    }
}
