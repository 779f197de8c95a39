package org.disktune.host;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.List;

/**
 * A kernel log read from text: a file, a program's output, or a string in a test. Lines end at LF,
 * CR LF or a lone CR (serial captures); a line longer than {@value #MAX_LINE} characters is cut there
 * and the rest of it skipped, so binary garbage without line ends cannot exhaust memory.
 */
public final class TextKernelLogReader implements KernelLogReader {
    static final int MAX_LINE = 16_384;

    private final String source;
    private final List<String> notes;
    private final Reader in;
    private final char[] buffer = new char[8192];
    private int pos;
    private int limit;
    private boolean eof;
    private boolean skipLf;

    public TextKernelLogReader(String source, List<String> notes, Reader in) {
        this.source = source;
        this.notes = List.copyOf(notes);
        this.in = in;
    }

    /** A reader over text held in memory (program output, tests). */
    public static TextKernelLogReader of(String source, List<String> notes, String text) {
        return new TextKernelLogReader(source, notes, new StringReader(text));
    }

    @Override
    public String source() {
        return source;
    }

    @Override
    public List<String> notes() {
        return notes;
    }

    @Override
    public String readLine() throws IOException {
        StringBuilder line = null;
        while (true) {
            if (pos >= limit) {
                if (eof || !fill()) {
                    return line == null ? null : line.toString();
                }
            }
            char c = buffer[pos++];
            if (skipLf) {
                skipLf = false;
                if (c == '\n') {
                    continue;
                }
            }
            if (line == null) {
                line = new StringBuilder(128);
            }
            if (c == '\n') {
                return line.toString();
            }
            if (c == '\r') {
                skipLf = true;
                return line.toString();
            }
            if (line.length() < MAX_LINE) {
                line.append(c);
            }
        }
    }

    private boolean fill() throws IOException {
        int n;
        do {
            n = in.read(buffer, 0, buffer.length);
        } while (n == 0);
        if (n < 0) {
            eof = true;
            return false;
        }
        pos = 0;
        limit = n;
        return true;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
