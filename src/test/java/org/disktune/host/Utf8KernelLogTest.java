package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.FilterInputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.disktune.fuzz.Fuzz;
import org.junit.jupiter.api.Test;

/**
 * A saved log's bytes become the lines of the whole text decoded as UTF-8 with malformed bytes replaced, cut at CR LF,
 * LF or a lone CR, each capped at {@link TextKernelLogReader#MAX_LINE} chars ({@link FileKernelLog#utf8}): wherever a
 * read of the stream ends (inside a CR LF, inside a UTF-8 sequence, inside a long line), with invalid UTF-8, without a
 * last line end, and with lines over the cap.
 */
class Utf8KernelLogTest {
    private static final int[] BLOCKS = {1, 2, 3, 5, 64, 4096, 131_072};

    /** The lines the reader gives when the stream hands out at most {@code block} bytes a read. */
    private static List<String> readerLines(byte[] log, int block) throws IOException {
        InputStream chunked = new FilterInputStream(new ByteArrayInputStream(log)) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return super.read(b, off, Math.min(len, block));
            }
        };
        List<String> lines = new ArrayList<>();
        try (TextKernelLogReader reader = FileKernelLog.utf8("t", List.of(), chunked)) {
            for (String line; (line = reader.readLine()) != null; ) {
                lines.add(line);
            }
        }
        return lines;
    }

    /** The oracle: the whole text decoded at once, cut at its line ends, each line capped. */
    private static List<String> wholeTextLines(byte[] log) {
        String text = new String(log, StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>();
        Matcher end = Pattern.compile("\r\n|\r|\n").matcher(text);
        int start = 0;
        while (end.find()) {
            lines.add(capped(text.substring(start, end.start())));
            start = end.end();
        }
        if (start < text.length()) {
            lines.add(capped(text.substring(start)));
        }
        return lines;
    }

    private static String capped(String line) {
        return line.length() > TextKernelLogReader.MAX_LINE ? line.substring(0, TextKernelLogReader.MAX_LINE) : line;
    }

    private static void assertSameLines(byte[] log, String what) throws IOException {
        List<String> expected = wholeTextLines(log);
        for (int block : BLOCKS) {
            assertEquals(expected, readerLines(log, block), what + ", reads of " + block + " bytes");
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
            assertEquals(List.of("a", "b", "c", "", "d", "", "e"), readerLines(log, block), "reads of " + block);
        }
        assertSameLines(log, "CR, LF, CR LF");
    }

    @Test
    void noLastLineEndAndEmptyInput() throws IOException {
        assertEquals(List.of("only"), readerLines("only".getBytes(StandardCharsets.US_ASCII), 3));
        assertEquals(List.of(), readerLines(new byte[0], 3));
        assertEquals(List.of(""), readerLines("\r".getBytes(StandardCharsets.US_ASCII), 1));
        assertEquals(List.of("x"), readerLines("x\r".getBytes(StandardCharsets.US_ASCII), 1));
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
        assertEquals(List.of("a\ufffdb"), readerLines(bytes(0x61, 0xff, 0x62, '\n'), 2));
    }

    @Test
    void aLongLineIsCutAtTheCapInCharsWhateverItsBytes() throws IOException {
        int cap = TextKernelLogReader.MAX_LINE;
        String ascii = "y".repeat(cap * 5 + 7);
        String euro = "\u20ac".repeat(cap + 3);                     // 3 bytes a char
        String face = "\ud83d\ude00".repeat(cap);                     // 4 bytes, 2 chars
        String mixed = "x".repeat(cap - 1) + "\u20ac\u20ac";
        byte[] log = (ascii + "\n" + euro + "\r\n" + face + "\n" + mixed + "\nz").getBytes(StandardCharsets.UTF_8);
        for (int block : new int[] {7, 4096, 131_072}) {
            List<String> lines = readerLines(log, block);
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
            List<String> expected = wholeTextLines(log);
            for (int block : new int[] {1 + random.nextInt(300), 131_072}) {
                assertEquals(expected, readerLines(log, block), "mutated log " + n + " (seed " + Fuzz.seed() + "), reads of " + block);
            }
        }
    }

    @Test
    void forEachLineGivesTheLinesOfReadLine() throws IOException {
        byte[] log = "[    1.000000] ata1: x\r\n\u00e9t\u00e9\nlast".getBytes(StandardCharsets.UTF_8);
        List<String> each = new ArrayList<>();
        try (TextKernelLogReader reader = FileKernelLog.utf8("t", List.of(), new ByteArrayInputStream(log))) {
            reader.forEachLine(each::add);
        }
        assertEquals(List.of("[    1.000000] ata1: x", "\u00e9t\u00e9", "last"), each);
        assertEquals(each, readerLines(log, 4));
    }

    static List<byte[]> kernelResources() {
        try (Stream<Path> files = Files.walk(Path.of(Utf8KernelLogTest.class.getResource("/kernel").toURI()))) {
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
