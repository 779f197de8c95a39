package org.disktune.initramfs.image;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A buffered stream that knows its position (bytes handed out so far) and can peek ahead and skip
 * NUL padding without consuming what follows. Used over the image file and over each unpacked
 * stream; it supports mark/reset, so gzip leaves it exactly at the end of a member.
 */
final class ImageInput extends BufferedInputStream {
    private static final int BUFFER_SIZE = 64 * 1024;
    private final Counter counter;

    ImageInput(InputStream source) {
        this(new Counter(source));
    }

    private ImageInput(Counter counter) {
        super(counter, BUFFER_SIZE);
        this.counter = counter;
    }

    /** Bytes consumed by readers of this stream so far. */
    synchronized long position() {
        return counter.count - (count - pos);
    }

    /** Copies up to n (at most the buffer size) upcoming bytes into target without consuming them; returns how many. */
    synchronized int peek(byte[] target, int n) throws IOException {
        mark(n);
        int got = 0;
        try {
            while (got < n) {
                int r = read(target, got, n - got);
                if (r < 0) {
                    break;
                }
                got += r;
            }
        } finally {
            reset();
        }
        return got;
    }

    /** Consumes a run of NUL bytes; returns how many were skipped. */
    synchronized long skipZeros() throws IOException {
        long skipped = 0;
        while (true) {
            if (pos >= count) {
                int b = read();
                if (b < 0) {
                    return skipped;
                }
                if (b != 0) {
                    pos--;
                    return skipped;
                }
                skipped++;
                continue;
            }
            if (buf[pos] != 0) {
                return skipped;
            }
            pos++;
            skipped++;
        }
    }

    /** Reads exactly n bytes into target, or throws EOFException naming what was being read. */
    void readFully(byte[] target, int off, int n, String what) throws IOException {
        int got = 0;
        while (got < n) {
            int r = read(target, off + got, n - got);
            if (r < 0) {
                throw new java.io.EOFException("truncated " + what);
            }
            got += r;
        }
    }

    /** Counts the bytes read from the source. */
    private static final class Counter extends FilterInputStream {
        private long count;

        Counter(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long s = in.skip(n);
            count += s;
            return s;
        }
    }
}
