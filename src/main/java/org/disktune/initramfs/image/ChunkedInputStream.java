package org.disktune.initramfs.image;

import java.io.IOException;
import java.io.InputStream;

/**
 * A decompressor that produces its output in chunks: subclasses implement {@link #readChunk}, this
 * class gives the single-byte read and the zero-length read that every InputStream must have.
 */
abstract class ChunkedInputStream extends InputStream {
    private final byte[] one = new byte[1];

    @Override
    public final int read() throws IOException {
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public final int read(byte[] b, int off, int len) throws IOException {
        return len == 0 ? 0 : readChunk(b, off, len);
    }

    /** Reads up to {@code len} (at least 1) bytes; -1 at the end of the stream. */
    protected abstract int readChunk(byte[] b, int off, int len) throws IOException;
}
