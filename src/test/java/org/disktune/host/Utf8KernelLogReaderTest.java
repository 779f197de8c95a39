package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.disktune.fuzz.Fuzz;
import org.junit.jupiter.api.Test;

/**
 * The byte reader of saved logs gives the lines the char reader gives over the same bytes decoded as UTF-8 with
 * replacement (what {@code kernel-log FILE} read before): wherever a block ends (inside a CR LF, inside a UTF-8
 * sequence, inside a long line), with invalid UTF-8, without a last line end, and with lines over the cap.
 */
class Utf8KernelLogReaderTest {
    private static final int[] BLOCKS = {1, 2, 3, 5, 64, 4096, Utf8KernelLogReader.BLOCK};

    /** The lines, each tagged "A:" when it came as ASCII bytes and "S:" when as a String. */
    private static List<String> byteLines(byte[] log, int block) throws IOException {
        List<String> lines = new ArrayList<>();
        try (Utf8KernelLogReader reader = new Utf8KernelLogReader("t", List.of(), new ByteArrayInputStream(log), block)) {
            reader.forEachLine(new KernelLogLineSink() {
                @Override
                public void line(String line) {
                    lines.add("S:" + line);
                }

                @Override
                public void asciiLine(byte[] bytes, int from, int to) {
                    for (int i = from; i < to; i++) {
                        if (bytes[i] < 0) {
                            throw new AssertionError("byte over 0x7f handed as ASCII at " + i);
                        }
                    }
                    lines.add("A:" + new String(bytes, from, to - from, StandardCharsets.ISO_8859_1));
                }
            });
        }
        return lines;
    }

    private static List<String> untagged(List<String> tagged) {
        return tagged.stream().map(l -> l.substring(2)).toList();
    }

    /** What the char reader (decoding the whole stream, as FileKernelLog did before) gives. */
    private static List<String> charLines(byte[] log) throws IOException {
        InputStreamReader chars = new InputStreamReader(new ByteArrayInputStream(log), StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE));
        List<String> lines = new ArrayList<>();
        try (TextKernelLogReader reader = new TextKernelLogReader("t", List.of(), chars)) {
            for (String line; (line = reader.readLine()) != null; ) {
                lines.add(line);
            }
        }
        return lines;
    }

    private static void assertSameLines(byte[] log, String what) throws IOException {
        List<String> expected = charLines(log);
        for (int block : BLOCKS) {
            assertEquals(expected, untagged(byteLines(log, block)), what + ", blocks of " + block + " bytes");
        }
    }

    private static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
    }

    @Test
    void lineEndsWhereverABlockEnds() throws IOException {
        byte[] log = "a\r\nb\rc\n\r\nd\r\r\ne".getBytes(StandardCharsets.US_ASCII);
        for (int block : BLOCKS) {
            assertEquals(List.of("A:a", "A:b", "A:c", "A:", "A:d", "A:", "A:e"), byteLines(log, block), "blocks of " + block);
        }
        assertSameLines(log, "CR, LF, CR LF");
    }

    @Test
    void noLastLineEndAndEmptyInput() throws IOException {
        assertEquals(List.of("A:only"), byteLines("only".getBytes(StandardCharsets.US_ASCII), 3));
        assertEquals(List.of(), byteLines(new byte[0], 3));
        assertEquals(List.of("A:"), byteLines("\r".getBytes(StandardCharsets.US_ASCII), 1));
        assertEquals(List.of("A:x"), byteLines("x\r".getBytes(StandardCharsets.US_ASCII), 1));
    }

    @Test
    void invalidUtf8IsReplacedAsTheStreamDecoderDoes() throws IOException {
        List<byte[]> cases = List.of(
                bytes(0x61, 0xff, 0x62, '\n'),               // a byte that never starts a sequence
                bytes(0xc3, 0x28, '\n', 0x41),               // a lead byte without its continuation
                bytes(0xe2, 0x82, '\n', 0xe2, 0x82, 0xac),   // a 3-byte sequence cut by LF, then a whole one
                bytes(0xe2, 0x82, '\r', '\n', 0x41),         // ... cut by CR LF
                bytes(0xf0, 0x90, 0x80, '\n', 0xf0, 0x9f, 0x98, 0x80, '\n'), // 4-byte: cut, whole
                bytes(0xed, 0xa0, 0x80, '\n'),               // an encoded surrogate
                bytes(0xc0, 0xaf, '\n'),                     // an overlong form
                bytes(0x41, 0xe2, 0x82));                    // a sequence cut by the end of the file
        for (byte[] log : cases) {
            assertSameLines(log, "bytes " + java.util.HexFormat.ofDelimiter(" ").formatHex(log));
        }
        assertEquals(List.of("S:a\ufffdb"), byteLines(bytes(0x61, 0xff, 0x62, '\n'), 2));
    }

    @Test
    void aLongLineIsCutAtTheCapInCharsWhateverItsBytes() throws IOException {
        int cap = TextKernelLogReader.MAX_LINE;
        String ascii = "y".repeat(cap * 5 + 7);
        String euro = "\u20ac".repeat(cap + 3);                     // 3 bytes a char
        String face = "\ud83d\ude00".repeat(cap);                     // 4 bytes, 2 chars
        String mixed = "x".repeat(cap - 1) + "\u20ac\u20ac";
        byte[] log = (ascii + "\n" + euro + "\r\n" + face + "\n" + mixed + "\nz").getBytes(StandardCharsets.UTF_8);
        for (int block : new int[] {7, 4096, Utf8KernelLogReader.BLOCK}) {
            List<String> lines = untagged(byteLines(log, block));
            assertEquals(List.of(ascii.substring(0, cap), euro.substring(0, cap), face.substring(0, cap), mixed.substring(0, cap), "z"),
                    lines, "blocks of " + block);
        }
        assertSameLines(log, "long lines");
        byte[] garbage = new byte[cap * 8];
        new Random(7).nextBytes(garbage);
        for (int i = 0; i < garbage.length; i++) {
            if (garbage[i] == '\n' || garbage[i] == '\r') {
                garbage[i] = (byte) 0x80;
            }
        }
        assertSameLines(garbage, "binary garbage without a line end");
    }

    @Test
    void mutatedRealLogsGiveTheSameLines() throws IOException {
        List<byte[]> seeds = kernelResources();
        List<String> tokens = List.of("\r\n", "\n", "\r", "\u00e9", "\u20ac", "\ud83d\ude00", "[    0.000000] ", "ata1: ");
        Random random = new Random(Fuzz.seed());
        for (int n = 0; n < 60; n++) {
            byte[] a = seeds.get(random.nextInt(seeds.size()));
            byte[] log = Fuzz.mutate(a, seeds.get(random.nextInt(seeds.size())), 1 + random.nextInt(8), tokens, random);
            // invalid UTF-8 too: a few bytes with the high bit set
            for (int k = random.nextInt(4); k > 0 && log.length > 0; k--) {
                log[random.nextInt(log.length)] = (byte) (0x80 | random.nextInt(0x80));
            }
            List<String> expected = charLines(log);
            for (int block : new int[] {1 + random.nextInt(300), Utf8KernelLogReader.BLOCK}) {
                assertEquals(expected, untagged(byteLines(log, block)), "mutated log " + n + " (seed " + Fuzz.seed() + "), blocks of " + block);
            }
        }
    }

    @Test
    void readLineGivesTheSameLinesAsForEachLine() throws IOException {
        byte[] log = "[    1.000000] ata1: x\r\n\u00e9t\u00e9\nlast".getBytes(StandardCharsets.UTF_8);
        List<String> read = new ArrayList<>();
        try (Utf8KernelLogReader reader = new Utf8KernelLogReader("t", List.of(), new ByteArrayInputStream(log), 4)) {
            for (String line; (line = reader.readLine()) != null; ) {
                read.add(line);
            }
        }
        assertEquals(List.of("[    1.000000] ata1: x", "\u00e9t\u00e9", "last"), read);
        assertEquals(read, untagged(byteLines(log, 4)));
    }

    static List<byte[]> kernelResources() {
        try (Stream<Path> files = Files.walk(Path.of(Utf8KernelLogReaderTest.class.getResource("/kernel").toURI()))) {
            return files.filter(Files::isRegularFile).filter(p -> !p.toString().endsWith(".json")).sorted().map(p -> {
                try (InputStream in = Files.newInputStream(p)) {
                    return in.readAllBytes();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
