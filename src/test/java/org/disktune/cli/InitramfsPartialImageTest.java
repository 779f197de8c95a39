package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An image where the kernel stops part way: a gzip archive holding /etc/modprobe.d/a.conf, then an
 * uncompressed archive holding /etc/modprobe.d/b.conf at an offset that is not a multiple of 4.
 * init/initramfs.c unpacks a.conf, then fails with "invalid magic at start of compressed archive",
 * logs "Initramfs unpacking failed" and boots on with a.conf only.
 */
class InitramfsPartialImageTest {
    @TempDir
    Path dir;

    private Path image;
    private Path hostA;
    private Path hostB;
    private long errorOffset;

    private static byte[] newc(String name, String content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        entry(out, name, 0100644, content.getBytes(StandardCharsets.UTF_8));
        entry(out, "TRAILER!!!", 0, new byte[0]);
        return out.toByteArray();
    }

    private static void entry(ByteArrayOutputStream out, String name, int mode, byte[] data) {
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        StringBuilder h = new StringBuilder("070701");
        long[] fields = {1, mode, 0, 0, 1, 0, data.length, 0, 0, 0, 0, n.length + 1, 0};
        for (long f : fields) {
            h.append(String.format("%08X", f));
        }
        out.writeBytes(h.toString().getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(n);
        out.write(0);
        while (out.size() % 4 != 0) {
            out.write(0);
        }
        out.writeBytes(data);
        while (out.size() % 4 != 0) {
            out.write(0);
        }
    }

    @BeforeEach
    void image() throws IOException {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (OutputStream z = new GZIPOutputStream(gz)) {
            z.write(newc("etc/modprobe.d/a.conf", "options a x=1\n"));
        }
        int misaligned = (gz.size() & 3) == 0 ? 1 : 0;
        errorOffset = gz.size() + misaligned;
        image = dir.resolve("initrd.img");
        try (OutputStream out = Files.newOutputStream(image)) {
            gz.writeTo(out);
            out.write(new byte[misaligned]);
            out.write(newc("etc/modprobe.d/b.conf", "options b y=2\n"));
        }
        hostA = Files.writeString(dir.resolve("a.conf"), "options a x=1\n");
        hostB = Files.writeString(dir.resolve("b.conf"), "options b y=2\n");
    }

    @Test
    void listShowsTheFilesBeforeTheErrorAndTheErrorWithItsOffset() {
        CliRun run = CliRun.run("initramfs", "list", image.toString());
        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.out().contains("etc/modprobe.d/a.conf"), run.out());
        assertFalse(run.out().contains("b.conf"), run.out());
        assertTrue(run.out().contains("error: the kernel unpacks the 1 entries above and stops at archive 2 (offset " + errorOffset
                + "): invalid magic at start of compressed archive"), run.out());
        assertEquals("disktune: " + image + ": archive 2 at offset " + errorOffset + ": invalid magic at start of compressed archive: "
                + "a cpio header at byte " + errorOffset + ", not a multiple of 4 (the kernel reads cpio only at 4-byte boundaries: "
                + "pad the part before it with NULs)\n", run.err());
    }

    @Test
    void listJsonCarriesTheError() throws IOException {
        CliRun run = CliRun.run("--json", "initramfs", "list", image.toString());
        assertEquals(2, run.exitCode(), run.err());
        JsonNode json = new ObjectMapper().readTree(run.out());
        assertEquals(1, json.get("entries").size());
        assertEquals(2, json.get("error").get("archive").asInt());
        assertEquals(errorOffset, json.get("error").get("offset").asLong());
        assertTrue(json.get("error").get("problem").asText().startsWith("invalid magic at start of compressed archive"));
    }

    @Test
    void verifyCountsOnlyTheFilesBeforeTheError() throws IOException {
        CliRun before = CliRun.run("initramfs", "verify", image.toString(), "/etc/modprobe.d/a.conf=" + hostA);
        assertEquals(1, before.exitCode(), "a.conf is there, but b.conf after it is lost at boot: " + before.out() + before.err());
        assertTrue(before.out().startsWith("error    the kernel stops unpacking " + image + " at offset " + errorOffset
                + " (archive 2): invalid magic"), before.out());
        assertTrue(before.out().contains("lost at boot: " + (Files.size(image) - errorOffset) + " of the image's " + Files.size(image)
                + " bytes, from offset " + errorOffset + " to its end, everything after 'etc/modprobe.d/a.conf'"), before.out());
        assertTrue(before.out().contains("ok       " + image + ": /etc/modprobe.d/a.conf: same bytes as " + hostA), before.out());

        CliRun after = CliRun.run("initramfs", "verify", image.toString(), "/etc/modprobe.d/b.conf=" + hostB);
        assertEquals(1, after.exitCode(), after.out() + after.err());
        assertTrue(after.out().contains("/etc/modprobe.d/b.conf: not in the image (the kernel stops unpacking before it: " + image + ": "
                + "archive 2 at offset " + errorOffset + ": invalid magic"), after.out());

        CliRun json = CliRun.run("--json", "initramfs", "verify", image.toString(), "/etc/modprobe.d/b.conf=" + hostB);
        assertEquals(1, json.exitCode());
        JsonNode check = new ObjectMapper().readTree(json.out()).get("images").get(0);
        assertEquals(errorOffset, check.get("unpack_error").get("offset").asLong());
        assertEquals(errorOffset, check.get("unpack_error").get("stops_at").asLong());
        assertFalse(check.get("unpack_error").get("in_stream").asBoolean());
        assertEquals("etc/modprobe.d/a.conf", check.get("unpack_error").get("last_file").asText());
        assertEquals(Files.size(image), check.get("unpack_error").get("image_size").asLong());
        assertEquals("MISSING_IN_IMAGE", check.get("files").get(0).get("status").asText());
    }
}
