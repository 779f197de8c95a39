package org.disktune.initramfs.image;

import static org.disktune.initramfs.image.SegmentCompressor.compress;
import static org.disktune.initramfs.image.SegmentCompressor.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

import org.apache.commons.compress.compressors.lzma.LZMACompressorInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;
import org.disktune.core.DisktuneException;
import org.disktune.host.NativeXz;
import org.disktune.host.ToolRun;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The scanner with liblzma ({@link NativeXz}, the default where it loads) and with xz-java ({@code -Ddisktune.xz=java}):
 * the same listing, segments and offsets of images with xz and lzma segments between others, and the same error line
 * for the same cut or corrupt image.
 */
class NativeXzImageTest {
    @TempDir
    Path dir;

    private final InitramfsImageReader reader = new InitramfsImageReader();

    @AfterEach
    void defaultDecoder() {
        System.clearProperty(NativeXz.PROPERTY);
    }

    /** What supplier gives with xz-java forced, and with the default (liblzma). */
    private static <T> List<T> both(Supplier<T> supplier) {
        System.setProperty(NativeXz.PROPERTY, "java");
        try {
            T java = supplier.get();
            System.clearProperty(NativeXz.PROPERTY);
            return List.of(java, supplier.get());
        } finally {
            System.clearProperty(NativeXz.PROPERTY);
        }
    }

    private byte[] program(List<String> argv, byte[] data) throws IOException {
        return ToolRun.filter(dir, argv, data, "xz-utils");
    }

    private Path image(byte[] bytes) throws IOException {
        return Files.write(dir.resolve("initrd.img"), bytes);
    }

    /** NUL bytes up to the next multiple of 4 after length bytes (the kernel reads cpio at 4-byte boundaries). */
    private static byte[] pad(int length) {
        return new byte[(4 - length % 4) % 4];
    }

    private static byte[] archive(String tag, int moduleSize) {
        return new CpioNewcWriter().dir("etc").file("etc/" + tag + ".conf", "options " + tag + " x=1\n")
                .symlink("lib", "usr/lib").file("usr/lib/modules/" + tag + ".ko", InitramfsImageReaderTest.module(moduleSize)).finish();
    }

    @Test
    void theDecodersUsedAreLiblzmaByDefaultAndXzJavaWhenAsked() throws IOException {
        assertTrue(NativeXz.enabled(), "liblzma.so.5 loads on this machine");
        byte[] xz = compress(Compression.XZ, archive("a", 10));
        byte[] lzma = compress(Compression.LZMA, archive("a", 10));
        assertInstanceOf(NativeXz.Decoder.class, open(Compression.XZ, xz));
        assertInstanceOf(NativeXz.Decoder.class, open(Compression.LZMA, lzma));
        System.setProperty(NativeXz.PROPERTY, "java");
        assertInstanceOf(XZCompressorInputStream.class, open(Compression.XZ, xz));
        assertInstanceOf(LZMACompressorInputStream.class, open(Compression.LZMA, lzma));
    }

    private static InputStream open(Compression compression, byte[] stream) throws IOException {
        InputStream decoder = ImageScanner.open(compression, new ImageInput(new ByteArrayInputStream(stream)));
        assertTrue(new String(decoder.readAllBytes(), StandardCharsets.US_ASCII).contains("options a x=1\n"));
        return decoder;
    }

    @Test
    void segmentsAroundXzAndLzmaStreamsListTheSameWithBothDecoders() throws IOException {
        byte[] early = archive("early", 100);
        byte[] xz = program(List.of("xz", "--check=crc32", "-c"), archive("xz", 3 << 20));
        byte[] plain = archive("plain", 1000);
        byte[] lzma = program(List.of("lzma", "-c"), archive("lzma", 1 << 20));
        byte[] javaXz = compress(Compression.XZ, archive("javaxz", 200_000));
        byte[] javaLzma = compress(Compression.LZMA, archive("javalzma", 5000));
        byte[] last = archive("last", 10);
        byte[] afterLzma = pad(early.length + xz.length + 8 + plain.length + lzma.length);
        byte[] bytes = concat(early, xz, new byte[8], plain, lzma, afterLzma, javaXz, javaLzma);
        bytes = concat(bytes, pad(bytes.length), last);
        Path img = image(bytes);

        List<ImageListing> listings = both(() -> reader.list(img));

        assertEquals(listings.get(0), listings.get(1));
        ImageListing listing = listings.get(1);
        assertTrue(listing.complete(), String.valueOf(listing.error()));
        assertEquals(List.of(Compression.NONE, Compression.XZ, Compression.NONE, Compression.LZMA, Compression.XZ, Compression.LZMA,
                Compression.NONE), listing.segments().stream().map(ImageSegment::compression).toList());
        // the first byte after each stream is where the next segment starts
        int plainAt = early.length + xz.length + 8;
        assertEquals(plainAt, listing.segments().get(2).offset());
        assertEquals(plainAt + plain.length + lzma.length + afterLzma.length, listing.segments().get(4).offset());
        assertEquals(bytes.length - last.length, listing.segments().get(6).offset());
        assertEquals(InitramfsImageReaderTest.sha(InitramfsImageReaderTest.module(3 << 20)),
                listing.find("usr/lib/modules/xz.ko").orElseThrow().sha256());
        assertEquals(InitramfsImageReaderTest.sha(InitramfsImageReaderTest.module(1 << 20)),
                listing.find("usr/lib/modules/lzma.ko").orElseThrow().sha256());
    }

    /** The scan's outcome as the user sees it: the error line (thrown or after entries) and the entries listed. */
    private String outcome(byte[] bytes) {
        try {
            Path img = image(bytes);
            return String.join("\n", both(() -> {
                try {
                    ImageListing listing = reader.list(img);
                    return listing.entries().size() + " entries; " + (listing.error() == null ? "complete" : listing.error().message());
                } catch (DisktuneException e) {
                    return "thrown: " + e.getMessage();
                }
            }));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void assertSame(String both, String what) {
        String[] outcomes = both.split("\n");
        assertEquals(outcomes[0], outcomes[1], what + " (xz-java, then liblzma)");
    }

    /**
     * A cut stream is "truncated" with both decoders. xz-java reads an LZMA2 chunk (up to 64 KiB of input) whole before
     * it decodes any of it, so it stops at the last whole chunk; liblzma decodes up to the cut, as the kernel's own xz
     * decoder (lib/xz, multi-call mode) does: it may list more entries, never other ones. The LZMA1 of .lzma streams is
     * read byte by byte by both: the same line.
     */
    @ParameterizedTest
    @EnumSource(value = Compression.class, names = {"XZ", "LZMA"})
    void aCutImageIsTheSameErrorWithBothDecoders(Compression compression) throws IOException {
        byte[] early = archive("early", 100);
        byte[] stream = program(List.of(compression == Compression.XZ ? "xz" : "lzma", "-c"), archive("main", 300_000));
        byte[] image = concat(early, stream);
        int step = Math.max(1, stream.length / 50);
        int later = 0;
        for (int length = early.length + 1; length < image.length; length += length < early.length + 64 ? 1 : step) {
            String[] outcome = outcome(Arrays.copyOf(image, length)).split("\n");
            String what = "cut to " + length + " of " + image.length + ": " + outcome[0] + " | " + outcome[1];
            if (length < early.length + 6) {
                assertEquals(outcome[0], outcome[1], what); // not yet a whole magic: "unknown magic" alike
                continue;
            }
            String where = ": archive 2 (" + compression.kernelName() + ") at offset " + early.length + ": truncated";
            assertTrue(outcome[0].contains(where) && outcome[1].contains(where), what);
            if (compression == Compression.LZMA || outcome[0].equals(outcome[1])) {
                assertEquals(outcome[0], outcome[1], what);
                continue;
            }
            later++;
            assertTrue(entries(outcome[1]) > entries(outcome[0]), what);
        }
        System.out.println("NativeXzImageTest: " + compression + ": " + later + " cuts noticed at a later entry by liblzma");
    }

    private static int entries(String outcome) {
        return Integer.parseInt(outcome.substring(0, outcome.indexOf(' ')));
    }

    /**
     * A byte flipped anywhere in the stream's first and last 64 bytes (headers, Index, Footer) and at 100 places between:
     * the same outcome with both decoders, the same words where xz-java names the corrupt part (liblzma reports every
     * corrupt part as LZMA_DATA_ERROR; NativeXz names it from its position), for streams of one Block and of many
     * (xz --block-size); except a few flips in an LZMA2 chunk header, which liblzma reports at a later entry.
     */
    @ParameterizedTest
    @EnumSource(value = Compression.class, names = {"XZ", "LZMA"})
    void aCorruptImageIsTheSameErrorWithBothDecoders(Compression compression) throws IOException {
        byte[] early = archive("early", 100);
        List<List<String>> programs = compression == Compression.XZ ? List.of(List.of("xz", "-c"), List.of("xz", "--block-size=65536", "-c"))
                : List.of(List.of("lzma", "-c"));
        List<String> later = new ArrayList<>();
        int flips = 0;
        for (List<String> program : programs) {
            byte[] stream = program(program, archive("main", 300_000));
            int step = Math.max(1, stream.length / 100);
            for (int at = 0; at < stream.length; at += at < 64 || at >= stream.length - 64 ? 1 : step) {
                byte[] bad = concat(early, stream);
                bad[early.length + at] ^= 0x10;
                String[] outcomes = outcome(bad).split("\n");
                flips++;
                if (outcomes[0].equals(outcomes[1])) {
                    continue;
                }
                String what = program + " byte " + at + ":\n  xz-java: " + outcomes[0] + "\n  liblzma: " + outcomes[1];
                // a flip in an LZMA2 chunk's header (its sizes): xz-java decodes the whole chunk before it delivers any
                // of it and fails there; liblzma delivers what it decoded before it fails: later, in the same words
                assertTrue(outcomes[0].endsWith(": Compressed data is corrupt") && outcomes[1].endsWith(": Compressed data is corrupt")
                        && entries(outcomes[1]) > entries(outcomes[0]), what);
                later.add(what);
            }
        }
        System.out.println("NativeXzImageTest: " + compression + ": " + flips + " flips, " + later.size() + " noticed at a later entry"
                + " by liblzma:\n" + String.join("\n", later));
        assertTrue(later.size() * 20 <= flips, later.size() + " of " + flips);
    }
}
