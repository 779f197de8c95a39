package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.apache.commons.compress.compressors.lzma.LZMACompressorInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.LZMAOutputStream;
import org.tukaani.xz.XZ;
import org.tukaani.xz.XZOutputStream;

/**
 * liblzma through {@link NativeXz} against xz-java (through Commons Compress, as the initramfs scanner uses it) on
 * streams made by the real xz and lzma programs (xz-utils) and by xz-java: the same bytes, the source left at the same
 * byte after the stream, the same errors for cut and corrupt streams and for a stream over the memory limit.
 */
class NativeXzTest {
    private static final byte[] AFTER = "after the stream".getBytes(StandardCharsets.US_ASCII);

    @TempDir
    static Path dir;

    private static byte[] text;
    private static byte[] mixed;

    @BeforeAll
    static void data() {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; lines.length() < 3 << 20; i++) {
            lines.append("options module").append(i % 977).append(" parameter=").append(i * 31L % 10007).append('\n');
        }
        text = lines.toString().getBytes(StandardCharsets.US_ASCII);
        // half random, half a pattern: compresses to several 128 KiB input chunks
        mixed = new byte[1 << 20];
        new Random(13).nextBytes(mixed);
        for (int i = 0; i < mixed.length; i += 2) {
            mixed[i] = (byte) (i % 11);
        }
    }

    @Test
    void liblzmaLoadsOnThisMachine() {
        // Debian: liblzma5 is Priority: required (dpkg, apt and systemd depend on it)
        assertTrue(NativeXz.available());
        assertTrue(NativeXz.version().startsWith("5."), NativeXz.version());
    }

    /** Compresses data with a program of xz-utils reading stdin, as a user's initramfs generator does. */
    private static byte[] program(List<String> argv, byte[] data) throws IOException {
        return ToolRun.filter(dir, argv, data, "xz-utils");
    }

    private interface Encoder {
        OutputStream open(OutputStream out) throws IOException;
    }

    private static byte[] java(byte[] data, Encoder encoder) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStream c = encoder.open(out)) {
            c.write(data);
        }
        return out.toByteArray();
    }

    /** Every xz stream of the comparison: xz-utils' presets and checks, and xz-java's encoder. */
    private static List<byte[]> xzStreams() throws IOException {
        List<byte[]> streams = new ArrayList<>();
        for (byte[] data : List.of(new byte[0], "x".getBytes(StandardCharsets.US_ASCII), text, mixed)) {
            for (List<String> argv : List.of(List.of("xz", "-c"), List.of("xz", "-0", "--check=crc32", "-c"),
                    List.of("xz", "-1", "--check=sha256", "-c"), List.of("xz", "-6e", "--check=none", "-c"),
                    List.of("xz", "-3", "--block-size=100000", "-c"))) {
                streams.add(program(argv, data));
            }
            streams.add(java(data, out -> new XZOutputStream(out, new LZMA2Options(2), XZ.CHECK_CRC64)));
        }
        return streams;
    }

    /** Every .lzma stream: the lzma program (end marker, unknown size) and xz-java with a known size. */
    private static List<byte[]> lzmaStreams() throws IOException {
        List<byte[]> streams = new ArrayList<>();
        for (byte[] data : List.of(new byte[0], "x".getBytes(StandardCharsets.US_ASCII), text, mixed)) {
            streams.add(program(List.of("lzma", "-c"), data));
            streams.add(program(List.of("lzma", "-1", "-c"), data));
            streams.add(java(data, out -> new LZMAOutputStream(out, new LZMA2Options(1), data.length)));
            streams.add(java(data, out -> new LZMAOutputStream(out, new LZMA2Options(1), -1)));
        }
        return streams;
    }

    /** A source that supports mark/reset, as the scanner's ImageInput, and counts what its readers consumed. */
    private static final class Source extends BufferedInputStream {
        private final int length;

        Source(byte[] bytes) {
            super(new ByteArrayInputStream(bytes), 64 * 1024);
            length = bytes.length;
        }

        long position() throws IOException {
            return length - available();
        }
    }

    private record Decoded(byte[] bytes, long position, byte[] rest) {
    }

    private static Decoded decode(byte[] stream, boolean xz, boolean nativeDecoder) throws IOException {
        return decode(stream, AFTER, xz, nativeDecoder);
    }

    /** Decodes stream, followed in its source by after, to its end; the bytes, where the source was left and the rest. */
    private static Decoded decode(byte[] stream, byte[] after, boolean xz, boolean nativeDecoder) throws IOException {
        Source source = new Source(concat(stream, after));
        InputStream decoder = nativeDecoder ? xz ? NativeXz.xz(source, 1L << 30) : NativeXz.lzma(source, 1L << 30)
                : xz ? XZCompressorInputStream.builder().setInputStream(source).setDecompressConcatenated(false).get()
                : LZMACompressorInputStream.builder().setInputStream(source).get();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[65536];
        for (int r; (r = decoder.read(buffer, 0, buffer.length)) >= 0;) {
            out.write(buffer, 0, r);
        }
        long position = source.position();
        byte[] rest = source.readAllBytes();
        if (nativeDecoder) {
            decoder.close();
        }
        return new Decoded(out.toByteArray(), position, rest);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void theSameBytesAsXzJavaAndTheSourceLeftRightAfterTheStream(boolean xz) throws IOException {
        List<byte[]> streams = xz ? xzStreams() : lzmaStreams();
        for (int i = 0; i < streams.size(); i++) {
            byte[] stream = streams.get(i);
            Decoded java = decode(stream, xz, false);
            Decoded liblzma = decode(stream, xz, true);
            assertArrayEquals(java.bytes(), liblzma.bytes(), "stream " + i);
            assertEquals(stream.length, java.position(), "xz-java reads exactly the stream, stream " + i);
            assertEquals(stream.length, liblzma.position(), "stream " + i);
            assertArrayEquals(AFTER, liblzma.rest(), "stream " + i);
        }
    }

    @Test
    void theBytesTheXzProgramDecodes() throws IOException {
        byte[] stream = program(List.of("xz", "-2", "-c"), mixed);
        assertArrayEquals(program(List.of("xz", "-dc"), stream), decode(stream, true, true).bytes());
        byte[] lzma = program(List.of("lzma", "-c"), text);
        assertArrayEquals(text, decode(lzma, false, true).bytes());
    }

    /** What a decoder does with a stream that ends its source: "ok", or the exception's class and message. */
    private static String outcome(byte[] stream, boolean xz, boolean nativeDecoder) {
        try {
            decode(stream, new byte[0], xz, nativeDecoder);
            return "ok";
        } catch (IOException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aCutStreamIsAnEofExceptionWithoutMessageAsWithXzJava(boolean xz) throws IOException {
        byte[] small = program(List.of(xz ? "xz" : "lzma", "-c"), "options ahci mobile_lpm_policy=1\n".repeat(40).getBytes(StandardCharsets.US_ASCII));
        byte[] large = program(List.of(xz ? "xz" : "lzma", "-c"), mixed);
        for (byte[] stream : List.of(small, large)) {
            int step = Math.max(1, stream.length / 97);
            for (int length = xz ? 6 : 1; length < stream.length; length += length < 64 ? 1 : step) {
                byte[] cut = Arrays.copyOf(stream, length);
                String where = "cut to " + length + " of " + stream.length;
                assertEquals("EOFException: null", outcome(cut, xz, false), where + " (xz-java)");
                assertEquals("EOFException: null", outcome(cut, xz, true), where);
            }
        }
    }

    /** The message of a decoder's failure, or "ok". */
    private static String message(byte[] stream, boolean xz, boolean nativeDecoder) {
        String outcome = outcome(stream, xz, nativeDecoder);
        return outcome.equals("ok") ? outcome : outcome.substring(outcome.indexOf(": ") + 2);
    }

    @Test
    void aCorruptXzStreamFailsInXzJavasWords() throws IOException {
        byte[] stream = program(List.of("xz", "-c"), text);
        // the Stream Header's flags, the Block Header, LZMA2 data, the Block's CRC-64, the Index indicator (now the size
        // of a Block Header that runs past the end), the Index's CRC32, the Footer; the Index is 16 bytes here
        int[] at = {7, 14, 40, 1000, stream.length / 2, stream.length - 12 - 16 - 6, stream.length - 12 - 16, stream.length - 12 - 3,
            stream.length - 3};
        List<String> words = new ArrayList<>();
        for (int i : at) {
            byte[] bad = stream.clone();
            bad[i] ^= 0x55;
            String java = message(bad, true, false);
            words.add(java);
            assertEquals(java, message(bad, true, true), "byte " + i);
        }
        assertEquals(List.of("XZ Stream Header is corrupt", "XZ Block Header is corrupt", "Compressed data is corrupt", "Compressed data is corrupt",
                "Compressed data is corrupt", "Integrity check (CRC64) does not match", "null", "XZ Index is corrupt", "XZ Stream Footer is corrupt"), words);
    }

    @Test
    void aCorruptLzmaHeaderFailsInXzJavasWords() throws IOException {
        byte[] stream = program(List.of("lzma", "-c"), text);
        byte[] props = stream.clone();
        props[0] = (byte) 225;
        byte[] dictionary = stream.clone();
        dictionary[4] = (byte) 0x80;
        byte[] size = stream.clone();
        size[8] = 0x7F; // -1 (unknown) becomes a negative size
        byte[] rangeCoder = stream.clone();
        rangeCoder[13] = 1;
        List<String> words = new ArrayList<>();
        for (byte[] bad : List.of(props, dictionary, size, rangeCoder)) {
            String java = message(bad, false, false);
            words.add(java);
            assertEquals(java, message(bad, false, true));
        }
        assertEquals(List.of("Invalid LZMA properties byte", "LZMA dictionary is too big for this implementation", "Uncompressed size is too big",
                "Compressed data is corrupt"), words);
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aStreamOverTheMemoryLimitNamesItsNeedAsXzJavaDoes(boolean xz) throws IOException {
        byte[] stream = program(List.of(xz ? "xz" : "lzma", "-9", "-c"), "x".getBytes(StandardCharsets.US_ASCII));
        NativeXz.MemoryLimitException e = assertThrows(NativeXz.MemoryLimitException.class, () -> {
            try (InputStream in = xz ? NativeXz.xz(new Source(stream), 32L << 20) : NativeXz.lzma(new Source(stream), 32L << 20)) {
                in.read();
            }
        });
        long javaKiB;
        try (InputStream in = xz ? XZCompressorInputStream.builder().setInputStream(new Source(stream)).setMemoryLimitKiB(32 << 10).get()
                : LZMACompressorInputStream.builder().setInputStream(new Source(stream)).setMemoryLimitKiB(32 << 10).get()) {
            in.read();
            throw new AssertionError("xz-java decoded within the limit");
        } catch (org.apache.commons.compress.MemoryLimitException m) {
            javaKiB = m.getMemoryNeededInKb();
        } catch (org.tukaani.xz.MemoryLimitException m) {
            javaKiB = m.getMemoryNeeded();
        }
        // both: the 64 MiB dictionary and some KiB of decoder state, 65 MiB rounded up
        assertEquals((javaKiB + 1023) >> 10, (e.neededKiB() + 1023) >> 10, "xz-java " + javaKiB + " KiB, liblzma " + e.neededKiB() + " KiB");
        assertEquals(65, (e.neededKiB() + 1023) >> 10);
    }

    @Test
    void closedEarlyAndTwiceIsHarmlessAndLeavesTheSourceOpen() throws IOException {
        byte[] stream = program(List.of("xz", "-c"), mixed);
        Source source = new Source(stream);
        NativeXz.Decoder decoder = NativeXz.xz(source, 1L << 30);
        byte[] first = new byte[1000];
        assertEquals(1000, decoder.read(first, 0, first.length));
        assertArrayEquals(Arrays.copyOf(mixed, 1000), first);
        decoder.close();
        decoder.close();
        assertEquals(-1, decoder.read(first, 0, 1));
        assertTrue(source.read() >= 0, "the source is still open");
    }

    /** As xz-java's decoders: the reads before the one that reaches the cut deliver their bytes, that one throws. */
    @Test
    void aCutStreamDeliversTheReadsBeforeTheOneThatReachesTheCut() throws IOException {
        byte[] stream = program(List.of("xz", "-0", "-c"), text);
        byte[] cut = Arrays.copyOf(stream, stream.length / 2);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (NativeXz.Decoder decoder = NativeXz.xz(new Source(cut), 1L << 30)) {
            byte[] buffer = new byte[8192];
            EOFException e = assertThrows(EOFException.class, () -> {
                for (int r; (r = decoder.read(buffer, 0, buffer.length)) >= 0;) {
                    assertEquals(buffer.length, r, "a read fills the buffer");
                    out.write(buffer, 0, r);
                }
            });
            assertEquals(null, e.getMessage());
        }
        assertTrue(out.size() > text.length / 4, out.size() + " bytes");
        assertArrayEquals(Arrays.copyOf(text, out.size()), out.toByteArray());
        try (NativeXz.Decoder decoder = NativeXz.xz(new Source(cut), 1L << 30)) {
            assertThrows(EOFException.class, () -> decoder.read(new byte[text.length], 0, text.length), "one read of everything");
        }
    }
}
