package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.disktune.host.SampleMachines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** initramfs verify names a bad image by its path as typed (IMAGE) or as detected (the full path under /boot), never only its file name. */
class InitramfsVerifyImagePathTest {
    private static final byte[] JUNK = {(byte) 0xd8, 0x3e, (byte) 0xf3, (byte) 0xd4, 1, 2, 3, 4, 5, 6, 7, 8};

    @TempDir
    Path dir;

    @Test
    void anImageAsTypedIsNamedAsTyped() throws IOException {
        Files.createDirectories(dir.resolve("boot"));
        Files.write(dir.resolve("boot/junk.img"), JUNK);
        String typed = dir + "/boot/../boot/junk.img";
        CliRun run = CliRun.run("initramfs", "verify", typed, "/etc/hostname");
        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().startsWith("disktune: " + typed + ": archive 1 at offset 0: unknown magic d8 3e f3 d4"), run.err());

        String missing = dir + "/boot/./no-such.img";
        CliRun none = CliRun.run("initramfs", "verify", missing);
        assertEquals("disktune: " + missing + ": no such image file; give the path of an initramfs image", none.err().strip());

        Files.createDirectories(dir.resolve("etc"));
        Files.write(dir.resolve("empty.img"), new byte[0]);
        CliRun empty = CliRun.run("--root", dir.toString(), "initramfs", "verify", "/empty.img", "/etc/hostname");
        assertEquals("disktune: /empty.img: empty image", empty.err().strip(), "inside --root, quoted as typed");
    }

    @Test
    void aDetectedImageIsNamedByItsFullPath() throws IOException {
        SampleMachines.createTree(new SampleMachines().entries("seed-nforce4-arch"), dir);
        Path own = dir.resolve("etc/modprobe.d/disktune.conf");
        Files.createDirectories(own.getParent());
        Files.writeString(own, "options sata_nv adma=1\n");
        Path image = dir.resolve("boot/kernel26.img");
        Files.delete(image); // the sample's file may be a link to a shared copy: replace it, never write through it
        Files.write(image, JUNK);
        CliRun run = CliRun.run("--root", dir.toString(), "initramfs", "verify");
        assertTrue(run.err().startsWith("disktune: /boot/kernel26.img: archive 1 at offset 0: unknown magic"), run.out() + run.err());
    }
}
