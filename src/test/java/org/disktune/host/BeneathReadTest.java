package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Beneath's reads (a file's content, a directory's names) under a root: what lies in the tree is read, a link or
 * anything else in a directory's or the file's place is refused with an error naming the path in the tree, and a read
 * binds no libc through JNA (a read-only command such as {@code verify} never starts it).
 */
class BeneathReadTest {
    @TempDir
    Path temp;

    private Path root;
    private Path outside;
    private Beneath beneath;

    private void tree() throws IOException {
        root = Files.createDirectories(temp.resolve("root"));
        outside = Files.createDirectories(temp.resolve("outside"));
        Files.writeString(outside.resolve("disktune.conf"), "outside\n");
        beneath = new Beneath(root);
    }

    private static String read(Beneath beneath, Path file) throws IOException {
        try (InputStream in = beneath.newInputStream(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void readsAFileAndListsADirectoryOfTheTree() throws IOException {
        tree();
        Path conf = Files.createDirectories(root.resolve("etc/disktune")).resolve("disktune.conf");
        Files.writeString(conf, "[module inside]\n");
        Files.writeString(conf.resolveSibling("other.conf"), "");

        assertEquals("[module inside]\n", read(beneath, conf));
        assertEquals(List.of("disktune.conf", "other.conf"), beneath.names(conf.getParent()).stream().sorted().toList());
        assertEquals(List.of("etc"), beneath.names(root));
    }

    @Test
    void aLinkInADirectorysPlaceIsRefusedNotFollowed() throws IOException {
        tree();
        Files.createDirectories(root.resolve("etc"));
        Files.createSymbolicLink(root.resolve("etc/disktune"), outside);

        FileSystemException read = assertThrows(FileSystemException.class,
                () -> read(beneath, root.resolve("etc/disktune/disktune.conf")));
        FileSystemException listed = assertThrows(FileSystemException.class, () -> beneath.names(root.resolve("etc/disktune")));

        for (FileSystemException e : List.of(read, listed)) {
            assertEquals(root.resolve("etc/disktune").toString(), e.getFile(), e.getMessage());
            assertTrue(e.getMessage().contains("is not a directory under the root any more"), e.getMessage());
        }
    }

    @Test
    void aFileInADirectorysPlaceIsRefused() throws IOException {
        tree();
        Files.createDirectories(root.resolve("etc"));
        Files.writeString(root.resolve("etc/disktune"), "a file\n");

        FileSystemException e = assertThrows(FileSystemException.class, () -> read(beneath, root.resolve("etc/disktune/disktune.conf")));

        assertEquals(root.resolve("etc/disktune").toString(), e.getFile(), e.getMessage());
        assertTrue(e.getMessage().contains("is not a directory under the root any more"), e.getMessage());
    }

    @Test
    void aFifoInADirectorysPlaceIsRefusedWithoutBlocking() throws Exception {
        tree();
        Files.createDirectories(root.resolve("etc"));
        Process mkfifo = new ProcessBuilder("mkfifo", root.resolve("etc/disktune").toString()).inheritIO().start();
        assertTrue(mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "mkfifo");

        FileSystemException e = assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> assertThrows(FileSystemException.class, () -> read(beneath, root.resolve("etc/disktune/disktune.conf"))));

        assertEquals(root.resolve("etc/disktune").toString(), e.getFile(), e.getMessage());
    }

    @Test
    void aLinkAtTheFileItselfIsRefused() throws IOException {
        tree();
        Path conf = Files.createDirectories(root.resolve("etc/disktune")).resolve("disktune.conf");
        Files.createSymbolicLink(conf, outside.resolve("disktune.conf"));

        FileSystemException e = assertThrows(FileSystemException.class, () -> read(beneath, conf));

        assertEquals(conf.toString(), e.getFile(), e.getMessage());
        assertTrue(e.getMessage().contains("is not a directory under the root any more"), e.getMessage());
        assertFalse(e.getMessage().contains("/proc/self/fd"), e.getMessage());
    }

    @Test
    void aMissingFileOrDirectoryIsNoSuchFileNamingItsPathInTheTree() throws IOException {
        tree();
        Files.createDirectories(root.resolve("etc/disktune"));

        NoSuchFileException file = assertThrows(NoSuchFileException.class, () -> read(beneath, root.resolve("etc/disktune/disktune.conf")));
        NoSuchFileException directory = assertThrows(NoSuchFileException.class, () -> beneath.names(root.resolve("etc/modprobe.d")));

        assertEquals(root.resolve("etc/disktune/disktune.conf").toString(), file.getFile());
        assertEquals(root.resolve("etc/modprobe.d").toString(), directory.getFile());
    }

    @Test
    void aPathOutsideTheRootIsRefused() throws IOException {
        tree();

        FileSystemException e = assertThrows(FileSystemException.class, () -> read(beneath, outside.resolve("disktune.conf")));

        assertTrue(e.getMessage().contains("is not under " + root), e.getMessage());
    }

    /** In a JVM of its own (this one may have started JNA for another test): reads, then lists the classes it loaded. */
    @Test
    void readingUnderTheRootStartsNoJna() throws Exception {
        tree();
        Path conf = Files.createDirectories(root.resolve("etc/disktune")).resolve("disktune.conf");
        Files.writeString(conf, "[module inside]\n");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-Xshare:off", "-Xlog:class+load=info:stdout",
                "-cp", System.getProperty("java.class.path"), ReadOnce.class.getName(), root.toString(), conf.toString()));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "child JVM");

        assertEquals(0, child.exitValue(), output);
        assertTrue(output.contains("read: [module inside]"), output);
        assertTrue(output.contains("org.disktune.host.Beneath "), "the child loaded Beneath: " + output);
        assertFalse(output.contains("com.sun.jna."), "a read started JNA");
        assertFalse(output.contains("java.util.logging."), "a read started java.util.logging");
    }

    /** The child of {@link #readingUnderTheRootStartsNoJna}: reads FILE and lists its directory under ROOT. */
    static final class ReadOnce {
        public static void main(String[] args) throws IOException {
            Beneath beneath = new Beneath(Path.of(args[0]));
            Path file = Path.of(args[1]);
            System.out.println("read: " + read(beneath, file).strip() + " names: " + beneath.names(file.getParent()));
        }
    }
}
