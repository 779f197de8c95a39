package org.disktune.initramfs.image;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

import org.apache.commons.compress.compressors.lz4.BlockLZ4CompressorInputStream;

/**
 * The lz4 legacy frame as lib/decompress_unlz4.c reads it: magic 02 21 4C 18, then blocks of a
 * 4-byte little-endian compressed size and an independent LZ4 block of at most 8 MiB unpacked.
 * There is no end mark: the stream ends at end of input, at 4 NUL bytes, at the legacy magic
 * again (a new segment) or at a size no compressor would write (the next segment's magic).
 */
final class Lz4LegacyInputStream extends ChunkedInputStream {
    static final int MAGIC = 0x184C2102;
    private static final int MAX_BLOCK = 8 << 20;
    /** LZ4_compressBound(8 MiB): the largest block the kernel's 8 MiB chunks compress to. */
    private static final int MAX_COMPRESSED_BLOCK = MAX_BLOCK + MAX_BLOCK / 255 + 16;

    private final ImageInput in;
    private final byte[] header = new byte[4];
    private BlockStream block;
    private InputStream decoder;
    private long blockOut;
    private boolean ended;

    Lz4LegacyInputStream(ImageInput in) throws IOException {
        this.in = in;
        in.readFully(header, 0, 4, "lz4 legacy magic");
        if (le32(header) != MAGIC) {
            throw new ImageFormatException("not an lz4 legacy frame");
        }
    }

    @Override
    protected int readChunk(byte[] b, int off, int len) throws IOException {
        while (true) {
            if (decoder != null) {
                int n = decoder.read(b, off, len);
                if (n > 0) {
                    blockOut += n;
                    if (blockOut > MAX_BLOCK) {
                        throw new ImageFormatException("lz4 block unpacks to more than 8 MiB");
                    }
                    return n;
                }
                if (block.remaining != 0) {
                    throw new ImageFormatException("lz4 block ends before its declared size");
                }
                decoder = null;
            }
            if (ended || !nextBlock()) {
                ended = true;
                return -1;
            }
        }
    }

    private boolean nextBlock() throws IOException {
        int n = in.peek(header, 4);
        if (n < 4) {
            for (int i = 0; i < n; i++) {
                if (header[i] != 0) {
                    throw new EOFException("truncated lz4 block size");
                }
            }
            return false;
        }
        long size = le32(header) & 0xFFFFFFFFL;
        if (size == MAGIC || size == 0 || size > MAX_COMPRESSED_BLOCK) {
            return false;
        }
        in.readFully(header, 0, 4, "lz4 block size");
        block = new BlockStream(in, size);
        decoder = new BlockLZ4CompressorInputStream(block);
        blockOut = 0;
        return true;
    }

    private static int le32(byte[] b) {
        return (b[0] & 0xFF) | (b[1] & 0xFF) << 8 | (b[2] & 0xFF) << 16 | (b[3] & 0xFF) << 24;
    }

    /** Exactly one block's compressed bytes; end of input inside the block is a truncation. */
    private static final class BlockStream extends InputStream {
        private final InputStream in;
        private long remaining;

        BlockStream(InputStream in, long size) {
            this.in = in;
            this.remaining = size;
        }

        @Override
        public int read() throws IOException {
            if (remaining == 0) {
                return -1;
            }
            int b = in.read();
            if (b < 0) {
                throw new EOFException("truncated lz4 block");
            }
            remaining--;
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (remaining == 0) {
                return -1;
            }
            int n = in.read(b, off, (int) Math.min(len, remaining));
            if (n < 0) {
                throw new EOFException("truncated lz4 block");
            }
            remaining -= n;
            return n;
        }
    }
}
