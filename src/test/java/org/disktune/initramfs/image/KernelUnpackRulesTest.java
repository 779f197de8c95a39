package org.disktune.initramfs.image;

import static org.disktune.initramfs.image.InitramfsImageReaderTest.sha;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.ToolRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rules of the kernel's unpacker, init/initramfs.c (torvalds/linux, v6.x), on images built here by
 * the real GNU cpio, gzip and xz. Each test names the lines of the kernel it relies on.
 */
class KernelUnpackRulesTest {
    private static final String CONF = "options sata_nv adma=0\n";

    @TempDir
    Path dir;

    private final InitramfsImageReader reader = new InitramfsImageReader();

    private void run(Path stdin, Path stdout, String... argv) {
        assertTrue(ToolRun.onPath(argv[0]), argv[0] + " is missing: apt-get install -y " + argv[0]);
        ToolRun result = ToolRun.run(dir, stdin, stdout, List.of(argv));
        assertEquals(0, result.exitCode(), List.of(argv) + ": " + result.stderr());
    }

    /** find . | cpio -o -H FORMAT in a fresh tree holding etc/modprobe.d/disktune.conf, a symlink and name. */
    private byte[] cpio(String format, String name, String content) throws IOException {
        Path tree = Files.createTempDirectory(dir, "tree");
        Files.createDirectories(tree.resolve("etc/modprobe.d"));
        Files.writeString(tree.resolve("etc/modprobe.d/disktune.conf"), CONF);
        Files.createSymbolicLink(tree.resolve("lib"), tree.getFileSystem().getPath("usr/lib"));
        Files.writeString(tree.resolve(name), content);
        List<String> names = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(tree)) {
            walk.sorted().forEach(p -> names.add(tree.relativize(p).toString().isEmpty() ? "." : tree.relativize(p).toString()));
        }
        Path list = Files.createTempFile(dir, "names", ".txt");
        Files.write(list, names, StandardCharsets.UTF_8);
        Path archive = Files.createTempFile(dir, "archive", ".cpio");
        ToolRun result = ToolRun.run(tree, list, archive, List.of("cpio", "--quiet", "-o", "-H", format));
        assertEquals(0, result.exitCode(), result.stderr());
        return Files.readAllBytes(archive);
    }

    private byte[] compress(byte[] data, String... program) throws IOException {
        Path in = Files.createTempFile(dir, "in", ".bin");
        Files.write(in, data);
        Path out = Files.createTempFile(dir, "out", ".bin");
        String[] argv = Arrays.copyOf(program, program.length + 2);
        argv[program.length] = "-c";
        argv[program.length + 1] = in.toString();
        run(null, out, argv);
        return Files.readAllBytes(out);
    }

    private Path image(byte[]... parts) throws IOException {
        Path image = dir.resolve("initrd.img");
        Files.write(image, SegmentCompressor.concat(parts));
        return image;
    }

    private static List<String> paths(ImageListing listing) {
        return listing.entries().stream().map(ImageEntry::path).toList();
    }

    /**
     * unpack_to_rootfs: {@code if (*buf == '0' && !(this_header & 3))} starts cpio; after a compressed
     * stream {@code this_header = saved_offset + my_inptr}, the image offset where it ends; NULs only
     * advance it ({@code this_header++}). At any other offset the '0' goes to decompress_method(), which
     * knows no such magic: error("invalid magic at start of compressed archive"). The files of the gzip
     * part stay (the kernel logs "Initramfs unpacking failed" and boots on).
     */
    @Test
    void aCpioArchiveCountsOnlyAtAMultipleOfFourAfterACompressedOne() throws IOException {
        byte[] gz = compress(cpio("newc", "first", "1"), "gzip", "-n", "-9");
        byte[] second = cpio("newc", "second", "2");
        int misaligned = (gz.length & 3) == 0 ? 1 : 0; // NULs that put the second archive off a 4-byte boundary
        ImageListing listing = reader.list(image(gz, new byte[misaligned], second));

        assertTrue(paths(listing).contains("first"), paths(listing).toString());
        assertFalse(paths(listing).contains("second"));
        ImageError error = listing.error();
        assertEquals(2, error.archive());
        assertEquals(gz.length + misaligned, error.offset());
        assertEquals("initrd.img: archive 2 at offset " + error.offset() + ": invalid magic at start of compressed archive: "
                + "a cpio header at byte " + error.offset() + ", not a multiple of 4 (the kernel reads cpio only at 4-byte "
                + "boundaries: pad the part before it with NULs)", error.message());

        byte[] pad = new byte[-gz.length & 3];
        ImageListing aligned = reader.list(image(gz, pad, second));
        assertTrue(aligned.complete(), String.valueOf(aligned.error()));
        assertEquals(sha("2".getBytes(StandardCharsets.UTF_8)), aligned.find("second").orElseThrow().sha256());
        assertEquals(new ImageSegment(2, Compression.NONE, gz.length + pad.length), aligned.segments().get(1));
    }

    /**
     * do_reset: after an uncompressed entry any NULs are eaten, then {@code if (byte_count && (this_header
     * & 3)) error("broken padding")}: a compressed stream after an uncompressed archive must start at a
     * multiple of 4 too.
     */
    @Test
    void aCompressedStreamAfterAnUncompressedArchiveNeedsFourByteAlignment() throws IOException {
        byte[] early = cpio("newc", "early", "e");
        byte[] gz = compress(cpio("newc", "main", "m"), "gzip", "-n");
        ImageListing listing = reader.list(image(early, new byte[3], gz));
        assertEquals("initrd.img: archive 1 (uncompressed) at offset 0: broken padding: the data after the entry before it starts at byte "
                + (early.length + 3) + ", not at a multiple of 4", listing.error().message());
        assertTrue(paths(listing).contains("early"));

        assertTrue(reader.list(image(early, new byte[4], gz)).find("main").isPresent());
    }

    /**
     * TRAILER!!! is optional: an uncompressed archive that simply ends after a complete entry leaves the
     * kernel between entries with no message (write_buffer consumes the rest; unpack_to_rootfs ends with
     * "free any hardlink state collected without optional TRAILER!!!"). Cut inside a file, the file
     * could not hold its bytes: that is an error, and the files before it still count.
     */
    @Test
    void theTrailerIsOptionalAtTheEndOfTheImage() throws IOException {
        byte[] archive = cpio("newc", "zlast", "the last file");
        int trailer = new String(archive, StandardCharsets.ISO_8859_1).lastIndexOf("070701");
        assertEquals("TRAILER!!!", new String(archive, trailer + 110, 10, StandardCharsets.US_ASCII));

        ImageListing noTrailer = reader.list(image(Arrays.copyOf(archive, trailer)));
        assertNull(noTrailer.error());
        assertEquals(List.of("etc", "etc/modprobe.d", "etc/modprobe.d/disktune.conf", "lib", "zlast"), paths(noTrailer));
        assertEquals(sha("the last file".getBytes(StandardCharsets.UTF_8)), noTrailer.find("zlast").orElseThrow().sha256());

        int lastData = new String(archive, StandardCharsets.ISO_8859_1).indexOf("the last file");
        ImageListing cut = reader.list(image(Arrays.copyOf(archive, lastData + 4)));
        assertEquals(List.of("etc", "etc/modprobe.d", "etc/modprobe.d/disktune.conf", "lib"), paths(cut));
        assertTrue(cut.error().message().endsWith(": truncated the data of 'zlast'"), cut.error().message());
    }

    /**
     * The crc format (070702): do_header sets csum_present; xwrite sums only what do_copy writes, i.e.
     * regular files' data, and do_copy alone compares it ("bad data checksum"). GNU cpio writes 0 as the
     * symlink's check field, so a valid crc archive with a symlink is accepted; a changed byte in a file
     * stops the kernel after that file.
     */
    @Test
    void crcArchivesCheckOnlyRegularFiles() throws IOException {
        byte[] archive = cpio("crc", "data", "checked");
        int symlink = new String(archive, StandardCharsets.ISO_8859_1).indexOf("lib\0");
        assertTrue(symlink > 0);
        ImageListing listing = reader.list(image(archive));
        assertNull(listing.error());
        assertEquals("usr/lib", listing.find("lib").orElseThrow().linkTarget());
        assertEquals(sha(CONF.getBytes(StandardCharsets.UTF_8)), listing.find("etc/modprobe.d/disktune.conf").orElseThrow().sha256());

        int data = new String(archive, StandardCharsets.ISO_8859_1).indexOf("checked");
        archive[data] = 'C';
        ImageListing bad = reader.list(image(archive));
        assertTrue(bad.find("data").isPresent(), "the kernel writes the file before it compares the sum");
        assertTrue(bad.error().message().contains("bad data checksum of 'data'"), bad.error().message());
    }

    /** An image where the kernel fails before unpacking anything is a bad image: one USAGE line. */
    @Test
    void anErrorBeforeTheFirstFileIsABadImage() throws IOException {
        byte[] gz = compress(cpio("newc", "x", "y"), "gzip", "-n");
        // a '0' at offset 0 starts a header (do_start takes the next 110 bytes): do_header finds no magic
        Path image = image(new byte[] {'0'}, new byte[3], gz);
        DisktuneException e = assertThrows(DisktuneException.class, () -> reader.list(image));
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertEquals("initrd.img: archive 1 (uncompressed) at offset 0: not a cpio newc header at byte 0 (the kernel: \"no cpio magic\")",
                e.getMessage());
    }
}
