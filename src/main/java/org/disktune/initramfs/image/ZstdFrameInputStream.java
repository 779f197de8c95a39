package org.disktune.initramfs.image;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * Passes through exactly one zstd frame (RFC 8878 framing: header, blocks, optional checksum) and
 * then reports end of stream, so the native decoder cannot read past the frame. The kernel
 * likewise unpacks one frame per segment and continues after it.
 */
final class ZstdFrameInputStream extends ChunkedInputStream {
    private static final int MAGIC = 0xFD2FB528;

    private enum State { HEADER, BLOCK_HEADER, CHECKSUM, DONE }

    private final InputStream in;
    private final byte[] pending = new byte[32];
    private int pendingPos;
    private int pendingLen;
    private long remaining;
    private State state = State.HEADER;
    private boolean checksum;
    private boolean lastBlock;

    ZstdFrameInputStream(InputStream in) {
        this.in = in;
    }

    @Override
    protected int readChunk(byte[] b, int off, int len) throws IOException {
        while (true) {
            if (pendingPos < pendingLen) {
                int n = Math.min(len, pendingLen - pendingPos);
                System.arraycopy(pending, pendingPos, b, off, n);
                pendingPos += n;
                return n;
            }
            if (remaining > 0) {
                int n = in.read(b, off, (int) Math.min(len, remaining));
                if (n < 0) {
                    throw new EOFException("truncated zstd frame");
                }
                remaining -= n;
                return n;
            }
            if (!advance()) {
                return -1;
            }
        }
    }

    /** Reads the next framing piece into pending (and sets remaining); false at the end of the frame. */
    private boolean advance() throws IOException {
        pendingPos = 0;
        pendingLen = 0;
        switch (state) {
            case HEADER -> {
                take(5, "zstd frame header");
                int magic = (pending[0] & 0xFF) | (pending[1] & 0xFF) << 8 | (pending[2] & 0xFF) << 16 | (pending[3] & 0xFF) << 24;
                if (magic != MAGIC) {
                    throw new ImageFormatException("not a zstd frame");
                }
                int descriptor = pending[4] & 0xFF;
                if ((descriptor & 0x08) != 0) {
                    throw new ImageFormatException("zstd frame header has the reserved bit set");
                }
                boolean singleSegment = (descriptor & 0x20) != 0;
                checksum = (descriptor & 0x04) != 0;
                int[] dictIdSizes = {0, 1, 2, 4};
                int fcsFlag = descriptor >>> 6;
                int fcsSize = fcsFlag == 0 ? (singleSegment ? 1 : 0) : (1 << fcsFlag);
                take((singleSegment ? 0 : 1) + dictIdSizes[descriptor & 0x03] + fcsSize, "zstd frame header");
                state = State.BLOCK_HEADER;
                return true;
            }
            case BLOCK_HEADER -> {
                take(3, "zstd block header");
                int header = (pending[0] & 0xFF) | (pending[1] & 0xFF) << 8 | (pending[2] & 0xFF) << 16;
                lastBlock = (header & 1) != 0;
                int type = (header >>> 1) & 3;
                int size = header >>> 3;
                if (type == 3) {
                    throw new ImageFormatException("zstd block of the reserved type");
                }
                remaining = type == 1 ? 1 : size;
                state = lastBlock ? State.CHECKSUM : State.BLOCK_HEADER;
                return true;
            }
            case CHECKSUM -> {
                state = State.DONE;
                if (checksum) {
                    remaining = 4;
                    return true;
                }
                return false;
            }
            default -> {
                return false;
            }
        }
    }

    private void take(int n, String what) throws IOException {
        int got = 0;
        while (got < n) {
            int r = in.read(pending, pendingLen + got, n - got);
            if (r < 0) {
                throw new EOFException("truncated " + what);
            }
            got += r;
        }
        pendingLen += n;
    }
}
