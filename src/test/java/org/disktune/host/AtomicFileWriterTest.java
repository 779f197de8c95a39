package org.disktune.host;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.core.FileMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFileWriterTest {
    private final AtomicFileWriter writer = new AtomicFileWriter();

    @TempDir
    Path dir;

    @Test
    void replacesAFileOnTheDefaultFileSystemKeepingItsMode() throws IOException {
        Path target = dir.resolve("mkinitcpio.conf");
        Files.writeString(target, "FILES=\"\"\n");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r-----"));
        Object inodeBefore = Files.readAttributes(target, "unix:ino").get("ino");

        List<Path> created = writer.write(target, "FILES=\"/etc/modprobe.d/disktune.conf\"\n".getBytes(UTF_8), false);

        assertEquals("FILES=\"/etc/modprobe.d/disktune.conf\"\n", Files.readString(target));
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
        assertFalse(inodeBefore.equals(Files.readAttributes(target, "unix:ino").get("ino")),
                "a new inode renamed over the old one, not an in-place rewrite");
        assertEquals(List.of(), created);
        assertEquals(List.of("mkinitcpio.conf"), names(dir));
    }

    @Test
    void aWriteWithAModeGivesItInTheRenameAndAModeChangeRefusesALinkOnARootOfTheRealFileSystem() throws IOException {
        AtomicFileWriter contained = writer.containedIn(dir);
        Path rcLocal = dir.resolve("etc/rc.local");
        Files.createDirectories(rcLocal.getParent());
        Files.writeString(rcLocal, "#!/bin/sh\n");
        Files.setPosixFilePermissions(rcLocal, PosixFilePermissions.fromString("rw-r-----"));
        Object inodeBefore = Files.readAttributes(rcLocal, "unix:ino").get("ino");

        contained.write(rcLocal, "#!/bin/sh\nhdparm -d1 /dev/hde\n".getBytes(UTF_8), false, new FileMode(0750));
        assertEquals("rwxr-x---", PosixFilePermissions.toString(Files.getPosixFilePermissions(rcLocal)));
        assertEquals("#!/bin/sh\nhdparm -d1 /dev/hde\n", Files.readString(rcLocal));
        assertFalse(inodeBefore.equals(Files.readAttributes(rcLocal, "unix:ino").get("ino")), "renamed over, with its mode");

        contained.setMode(rcLocal, new FileMode(0640));
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(rcLocal)));

        Path link = dir.resolve("etc/link");
        Files.createSymbolicLink(link, rcLocal);
        DisktuneException refused = assertThrows(DisktuneException.class, () -> contained.setMode(link, new FileMode(0755)));
        assertEquals(ExitCode.ENVIRONMENT, refused.exitCode());
        assertTrue(refused.getMessage().startsWith("cannot change the mode of " + link + " to 0755: "), refused.getMessage());
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(rcLocal)), "the link's target kept its mode");
    }

    @Test
    void newFileIs0644AndParentsAreCreatedOnlyWhenAsked() throws IOException {
        Path target = dir.resolve("etc/modprobe.d/disktune.conf");

        DisktuneException refused = assertThrows(DisktuneException.class,
                () -> writer.write(target, new byte[] {'x'}, false));
        assertEquals(ExitCode.ENVIRONMENT, refused.exitCode());
        assertEquals("cannot write " + target + ": directory does not exist", refused.getMessage());
        assertFalse(Files.exists(dir.resolve("etc")));

        List<Path> created = writer.write(target, "options sata_nv adma=1\n".getBytes(UTF_8), true);

        assertEquals(List.of(dir.resolve("etc"), dir.resolve("etc/modprobe.d")), created);
        assertEquals("options sata_nv adma=1\n", Files.readString(target));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
    }

    @Test
    void failedReplaceLeavesTheTargetAndNoTemporaryFile() throws IOException {
        Path target = dir.resolve("busy");
        Files.createDirectories(target.resolve("inside"));

        DisktuneException e = assertThrows(DisktuneException.class, () -> writer.write(target, new byte[] {1}, false));

        assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
        assertTrue(e.getMessage().startsWith("cannot write " + target + ": "), e.getMessage());
        assertTrue(Files.isDirectory(target.resolve("inside")));
        assertEquals(List.of("busy"), names(dir));
    }

    @Test
    void symbolicLinksAreRefusedNotReplaced() throws IOException {
        Path real = dir.resolve("initrd.img-6.1.0-13-amd64");
        Files.write(real, new byte[] {1, 2});
        Path link = Files.createSymbolicLink(dir.resolve("initrd.img"), real.getFileName());

        DisktuneException e = assertThrows(DisktuneException.class, () -> writer.write(link, new byte[] {3}, false));

        assertEquals("cannot write " + link + ": is a symbolic link; disktune does not replace links", e.getMessage());
        assertTrue(Files.isSymbolicLink(link));
        assertArrayEquals(new byte[] {1, 2}, Files.readAllBytes(real));
    }

    @Test
    void copyStreamsAndGivesANewTargetTheSourceMode() throws IOException {
        Path image = dir.resolve("initramfs-linux.img");
        byte[] bytes = new byte[300_000];
        new java.util.Random(7).nextBytes(bytes);
        Files.write(image, bytes);
        Files.setPosixFilePermissions(image, PosixFilePermissions.fromString("rw-------"));
        Path backup = dir.resolve("backups/0001/boot/initramfs-linux.img");

        writer.copy(image, backup, true);

        assertArrayEquals(bytes, Files.readAllBytes(backup));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(backup)));
    }

    @Test
    void deleteRemovesAndToleratesAbsence() throws IOException {
        Path target = dir.resolve("disktune.conf");
        Files.writeString(target, "x");

        writer.delete(target);
        writer.delete(target);

        assertFalse(Files.exists(target));
        assertEquals(List.of(), names(dir));
    }

    @Test
    void deleteEmptyDirectoryKeepsNonEmptyOnes() throws IOException {
        Path full = Files.createDirectories(dir.resolve("full"));
        Files.writeString(full.resolve("f"), "x");
        Path empty = Files.createDirectories(dir.resolve("empty"));

        assertFalse(writer.deleteEmptyDirectory(full));
        assertTrue(writer.deleteEmptyDirectory(empty));
        assertEquals(List.of("full"), names(dir));
    }

    @Test
    void worksOnJimfsWhereDirectoriesCannotBeSynced() throws IOException {
        try (FileSystem fs = Jimfs.newFileSystem(Configuration.unix().toBuilder().setAttributeViews("basic", "posix").build())) {
            Path target = fs.getPath("/etc/modprobe.d/disktune.conf");
            Files.createDirectories(target.getParent());
            Files.writeString(target, "old\n");
            Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-------"));

            writer.write(target, "new\n".getBytes(UTF_8), false);

            assertEquals("new\n", Files.readString(target));
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
            assertEquals(List.of("disktune.conf"), names(target.getParent()));
        }
    }

    private static List<String> names(Path directory) throws IOException {
        try (Stream<Path> list = Files.list(directory)) {
            return list.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
