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
    private final char[] buffer = new char[65_536];
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
            if (skipLf) {
                skipLf = false;
                if (buffer[pos] == '\n') {
                    pos++;
                    continue;
                }
            }
            // the run up to the line end is taken in one piece: no per-character call on a million-line log
            int start = pos;
            int end = start;
            while (end < limit && buffer[end] != '\n' && buffer[end] != '\r') {
                end++;
            }
            if (end < limit) {
                pos = end + 1;
                skipLf = buffer[end] == '\r';
                if (line == null) {
                    return new String(buffer, start, Math.min(end - start, MAX_LINE));
                }
                appendCapped(line, start, end);
                return line.toString();
            }
            if (line == null) {
                line = new StringBuilder(Math.max(128, end - start));
            }
            appendCapped(line, start, end);
            pos = end;
        }
    }

    /** Appends buffer[start, end) up to {@value #MAX_LINE} characters in all; the rest of a longer line is dropped. */
    private void appendCapped(StringBuilder line, int start, int end) {
        int room = MAX_LINE - line.length();
        if (room > 0) {
            line.append(buffer, start, Math.min(room, end - start));
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
