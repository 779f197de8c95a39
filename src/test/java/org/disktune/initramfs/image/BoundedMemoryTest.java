package org.disktune.initramfs.image;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

import org.disktune.host.ToolRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A 100 MiB image (one 100 MiB file, then a small one) lists and hashes in a separate JVM with a 24 MiB heap. */
class BoundedMemoryTest {
    @TempDir
    Path dir;

    @Test
    void aHundredMebibyteImageNeedsNoHundredMebibyteHeap() throws IOException, NoSuchAlgorithmException {
        Path image = dir.resolve("big.img");
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        int size = 100 << 20;
        try (OutputStream out = Files.newOutputStream(image)) {
            CpioNewcWriter header = new CpioNewcWriter().entry("big", 0100644, 1, 1, new byte[0], size);
            out.write(header.bytes());
            byte[] chunk = new byte[1 << 20];
            for (int i = 0; i < 100; i++) {
                Arrays.fill(chunk, (byte) i);
                digest.update(chunk);
                out.write(chunk);
            }
            out.write(new CpioNewcWriter().file("small", "s").finish());
        }
        Path output = dir.resolve("out.txt");
        String java = dir.getFileSystem().getPath(System.getProperty("java.home"), "bin", "java").toString();
        ToolRun run = ToolRun.run(dir, null, output, List.of(java, "-Xmx24m", "-cp", System.getProperty("java.class.path"),
                ListingProbe.class.getName(), image.toString()));
        assertEquals(0, run.exitCode(), run.stderr());
        assertEquals(List.of("big " + size + " " + HexFormat.of().formatHex(digest.digest()),
                "small 1 043a718774c572bd8a25adbeb1bfcd5c0256ae11cecf9f9c3f925d0e52beaf89"),
                Files.readAllLines(output, StandardCharsets.UTF_8));
    }
}
