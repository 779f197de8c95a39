package org.disktune.host;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * A kernel log read from UTF-8 bytes (a saved file, plain or decompressed) in 128 KiB blocks. It gives the same
 * lines as {@link TextKernelLogReader} over the same bytes decoded as UTF-8 with malformed input replaced: lines
 * end at LF, CR LF or a lone CR and are cut at {@value TextKernelLogReader#MAX_LINE} chars. A line of bytes below
 * 0x80 (nearly every kernel line) is handed to {@link KernelLogLineSink#asciiLine} as bytes, undecoded; any other
 * line is decoded alone, which gives the chars of decoding the whole stream, since UTF-8 never uses the bytes of
 * LF and CR inside a sequence and the JDK's decoder ends a malformed sequence before a byte that cannot continue
 * it (Utf8KernelLogReaderTest compares both on mutated logs). Of a longer line only its first
 * {@code 3 * MAX_LINE + 3} bytes are kept, enough for {@code MAX_LINE} chars, so memory stays bounded.
 */
public final class Utf8KernelLogReader implements KernelLogReader {
    static final int BLOCK = 131_072;
    private static final int MAX_LINE = TextKernelLogReader.MAX_LINE;
    private static final int MAX_LINE_BYTES = 3 * MAX_LINE + 3;

    private final String source;
    private final List<String> notes;
    private final InputStream in;
    private final byte[] buffer;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE);
    private int pos;
    private int limit;
    private boolean eof;
    private boolean skipLf;
    /** The start of a line that runs past the end of the block, up to MAX_LINE_BYTES. */
    private byte[] carry = new byte[256];
    private int carryLength;
    private String taken;

    public Utf8KernelLogReader(String source, List<String> notes, InputStream in) {
        this(source, notes, in, BLOCK);
    }

    /** With a block size of its own (tests: lines across block ends). */
    Utf8KernelLogReader(String source, List<String> notes, InputStream in, int block) {
        this.source = Objects.requireNonNull(source);
        this.notes = List.copyOf(notes);
        this.in = Objects.requireNonNull(in);
        this.buffer = new byte[block];
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
        taken = null;
        KernelLogLineSink take = line -> taken = line;
        return next(take) ? taken : null;
    }

    @Override
    public void forEachLine(KernelLogLineSink sink) throws IOException {
        while (next(sink)) {
            // each call hands one line to the sink
        }
    }

    /** Hands the next line to the sink; false at the end. */
    private boolean next(KernelLogLineSink sink) throws IOException {
        boolean partial = false;
        boolean ascii = true;
        carryLength = 0;
        while (true) {
            if (pos >= limit && (eof || !fill())) {
                if (partial) {
                    deliver(carry, 0, carryLength, ascii, sink);
                }
                return partial;
            }
            if (skipLf) {
                skipLf = false;
                if (buffer[pos] == '\n') {
                    pos++;
                    continue;
                }
            }
            int start = pos;
            int end = start;
            byte[] b = buffer;
            int lim = limit;
            while (end < lim) {
                byte c = b[end];
                if (c <= '\r') { // one test a byte on the common path: LF, CR and every byte over 0x7f (negative) are below
                    if (c == '\n' || c == '\r') {
                        break;
                    }
                    if (c < 0) {
                        ascii = false;
                    }
                }
                end++;
            }
            if (end < lim) {
                pos = end + 1;
                skipLf = b[end] == '\r';
                if (!partial) {
                    deliver(b, start, Math.min(end, start + MAX_LINE_BYTES), ascii, sink);
                } else {
                    keep(start, end);
                    deliver(carry, 0, carryLength, ascii, sink);
                }
                return true;
            }
            partial = true;
            keep(start, end);
            pos = end;
        }
    }

    /** Appends buffer[start, end) to the carried start of the line, up to MAX_LINE_BYTES in all. */
    private void keep(int start, int end) {
        int n = Math.min(end - start, MAX_LINE_BYTES - carryLength);
        if (n <= 0) {
            return;
        }
        if (carryLength + n > carry.length) {
            carry = java.util.Arrays.copyOf(carry, Math.min(MAX_LINE_BYTES, Math.max(carry.length * 2, carryLength + n)));
        }
        System.arraycopy(buffer, start, carry, carryLength, n);
        carryLength += n;
    }

    private void deliver(byte[] bytes, int from, int to, boolean ascii, KernelLogLineSink sink) {
        if (ascii) {
            sink.asciiLine(bytes, from, Math.min(to, from + MAX_LINE));
            return;
        }
        String line;
        try {
            line = decoder.reset().decode(ByteBuffer.wrap(bytes, from, to - from)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalStateException("a replacing decoder reported " + e, e); // REPLACE never throws
        }
        sink.line(line.length() > MAX_LINE ? line.substring(0, MAX_LINE) : line);
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
