package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Line ends and the line cap where reads end at any point: a CR LF split between reads, a line over many reads. */
class TextKernelLogReaderTest {
    /** Hands out at most {@code chunk} characters a read, as a pipe or a decompressor may. */
    private static Reader chunked(String text, int chunk) {
        return new Reader() {
            private final StringReader in = new StringReader(text);

            @Override
            public int read(char[] buffer, int off, int len) throws IOException {
                return in.read(buffer, off, Math.min(len, chunk));
            }

            @Override
            public void close() {
                in.close();
            }
        };
    }

    private static List<String> lines(String text, int chunk) throws IOException {
        List<String> lines = new ArrayList<>();
        try (TextKernelLogReader reader = new TextKernelLogReader("t", List.of(), chunked(text, chunk))) {
            for (String line; (line = reader.readLine()) != null; ) {
                lines.add(line);
            }
        }
        return lines;
    }

    @Test
    void lineEndsAndTheCapHoldWhereverAReadEnds() throws IOException {
        String longLine = "y".repeat(TextKernelLogReader.MAX_LINE * 5 + 7);
        String text = "a\r\nb\rc\n\r\n" + longLine + "\r\nd\re";
        List<String> expected = List.of("a", "b", "c", "", "y".repeat(TextKernelLogReader.MAX_LINE), "d", "e");
        for (int chunk : new int[] {1, 2, 3, 7, 4096, 100_000}) {
            assertEquals(expected, lines(text, chunk), "reads of at most " + chunk + " characters");
        }
    }

    @Test
    void aTextWithoutLineEndIsOneLineAndAnEmptyTextNone() throws IOException {
        assertEquals(List.of("only"), lines("only", 3));
        assertEquals(List.of(), lines("", 3));
        assertEquals(List.of(""), lines("\r", 1));
    }
}
