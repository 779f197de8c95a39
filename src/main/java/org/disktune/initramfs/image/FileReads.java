package org.disktune.initramfs.image;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** The image file's own bytes: its read failures become {@link Failure}, so they are not reported as corrupt data. */
final class FileReads extends FilterInputStream {
    FileReads(InputStream in) {
        super(in);
    }

    @Override
    public int read() {
        try {
            return in.read();
        } catch (IOException e) {
            throw new Failure(e);
        }
    }

    @Override
    public int read(byte[] b, int off, int len) {
        try {
            return in.read(b, off, len);
        } catch (IOException e) {
            throw new Failure(e);
        }
    }

    @Override
    public long skip(long n) {
        try {
            return in.skip(n);
        } catch (IOException e) {
            throw new Failure(e);
        }
    }

    /** A read of the image file itself failed. */
    static final class Failure extends UncheckedIOException {
        private static final long serialVersionUID = 1L;

        Failure(IOException cause) {
            super(cause);
        }
    }
}
