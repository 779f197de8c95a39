package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live machine's writer ({@link LinuxHost#systemWriter}, here on a temporary "/") refuses a directory component
 * below /etc, /boot or /var/lib/disktune that is a symbolic link, naming it, and writes nothing where the link
 * points; /etc and /boot themselves may be links (or mount points) and are followed.
 */
class LiveSystemWriterTest {
    private static final byte[] OPTIONS = "options ahci x=1\n".getBytes(StandardCharsets.US_ASCII);

    @TempDir
    Path base;

    private Path outside() throws IOException {
        return Files.createDirectories(base.resolve("outside"));
    }

    private static List<Path> listing(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }

    private void assertRefused(String machinePath) throws IOException {
        AtomicFileWriter writer = LinuxHost.systemWriter(base);
        DisktuneException e = assertThrows(DisktuneException.class,
                () -> writer.write(base.resolve(machinePath.substring(1)), OPTIONS, true));
        assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
        assertTrue(e.getMessage().contains("symbolic link"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertEquals(List.of(), listing(base.resolve("outside")), "nothing written where the link points");
    }

    @Test
    void aLinkedModprobeDirectoryIsRefused() throws IOException {
        Files.createDirectories(base.resolve("etc"));
        Files.createSymbolicLink(base.resolve("etc/modprobe.d"), outside());
        assertRefused("/etc/modprobe.d/disktune.conf");
    }

    @Test
    void aLinkedComponentDeeperDownIsRefused() throws IOException {
        Files.createDirectories(base.resolve("etc"));
        Files.createSymbolicLink(base.resolve("etc/udev"), outside());
        assertRefused("/etc/udev/rules.d/90-disktune.rules");
    }

    @Test
    void aLinkedStateDirectoryIsRefused() throws IOException {
        Files.createDirectories(base.resolve("var/lib/disktune"));
        Files.createSymbolicLink(base.resolve("var/lib/disktune/journal"), outside());
        assertRefused("/var/lib/disktune/journal/20261206T000000Z-0001.json");
    }

    @Test
    void aBootThatIsALinkOrAMountIsFollowedAndItsDirectoriesAreNot() throws IOException {
        Path realBoot = Files.createDirectories(base.resolve("boot-partition"));
        Files.createSymbolicLink(base.resolve("boot"), realBoot);
        AtomicFileWriter writer = LinuxHost.systemWriter(base);
        writer.write(base.resolve("boot/initrd.img-6.1.0"), OPTIONS, false);
        assertTrue(Files.exists(realBoot.resolve("initrd.img-6.1.0")));
        Files.createSymbolicLink(realBoot.resolve("efi"), outside());
        assertRefused("/boot/efi/initramfs.img");
    }

    @Test
    void plainDirectoriesAreWrittenAsBefore() throws IOException {
        Files.createDirectories(base.resolve("etc/modprobe.d"));
        AtomicFileWriter writer = LinuxHost.systemWriter(base);
        List<Path> created = writer.write(base.resolve("etc/systemd/system/disktune-apply.service"), OPTIONS, true);
        assertEquals(List.of(base.resolve("etc/systemd"), base.resolve("etc/systemd/system")), created);
        writer.write(base.resolve("etc/modprobe.d/disktune.conf"), OPTIONS, false);
        assertEquals("options ahci x=1\n", Files.readString(base.resolve("etc/modprobe.d/disktune.conf")));
    }
}
