package org.disktune.initramfs.image;

import java.io.IOException;
import java.io.InputStream;
import java.util.zip.Adler32;
import java.util.zip.CRC32;
import java.util.zip.Checksum;

import io.airlift.compress.MalformedInputException;
import io.airlift.compress.lzo.LzoDecompressor;

/**
 * The lzop file format as lib/decompress_unlzo.c reads it: the lzop header, then blocks of
 * (unpacked size, packed size, one 4-byte checksum of the unpacked data, LZO1X data) up to
 * 256 KiB each, ended by an unpacked size of 0. A block whose packed size equals its unpacked
 * size is stored. The checksum the kernel skips is verified here.
 */
final class LzopInputStream extends ChunkedInputStream {
    private static final byte[] MAGIC = {(byte) 0x89, 0x4C, 0x5A, 0x4F, 0x00, 0x0D, 0x0A, 0x1A, 0x0A};
    private static final int MAX_BLOCK = 256 * 1024;
    private static final int F_ADLER32_D = 0x1;
    private static final int F_ADLER32_C = 0x2;
    private static final int F_CRC32_D = 0x100;
    private static final int F_CRC32_C = 0x200;
    private static final int F_H_FILTER = 0x800;

    private final ImageInput in;
    private final boolean crc32;
    private final byte[] packed = new byte[MAX_BLOCK];
    private final byte[] unpacked = new byte[MAX_BLOCK];
    private final byte[] word = new byte[12];
    private final LzoDecompressor lzo = new LzoDecompressor();
    private int outPos;
    private int outLen;
    private boolean ended;

    LzopInputStream(ImageInput in) throws IOException {
        this.in = in;
        byte[] head = new byte[MAGIC.length];
        in.readFully(head, 0, head.length, "lzop header");
        for (int i = 0; i < MAGIC.length; i++) {
            if (head[i] != MAGIC[i]) {
                throw new ImageFormatException("not an lzop file");
            }
        }
        int version = u16(read(2));
        read(4); // library version, version needed to extract (read even before 0x0940, as the kernel does)
        int method = read(1)[0] & 0xFF;
        if (method < 1 || method > 3) {
            throw new ImageFormatException("lzop method " + method + " is not LZO1X");
        }
        if (version >= 0x0940) {
            read(1); // level
        }
        int flags = u32(read(4));
        if ((flags & F_H_FILTER) != 0) {
            read(4);
        }
        read(version >= 0x0940 ? 12 : 8); // mode, mtime low (and high)
        int nameLength = read(1)[0] & 0xFF;
        read(nameLength);
        read(4); // header checksum
        int dataChecksums = flags & (F_ADLER32_D | F_CRC32_D);
        if ((flags & (F_ADLER32_C | F_CRC32_C)) != 0 || (dataChecksums != F_ADLER32_D && dataChecksums != F_CRC32_D)) {
            throw new ImageFormatException(String.format(
                    "lzop flags 0x%x: the kernel reads only files with exactly one checksum of the unpacked data (plain lzop)", flags));
        }
        crc32 = dataChecksums == F_CRC32_D;
    }

    @Override
    protected int readChunk(byte[] b, int off, int len) throws IOException {
        while (outPos == outLen) {
            if (ended || !nextBlock()) {
                ended = true;
                return -1;
            }
        }
        int n = Math.min(len, outLen - outPos);
        System.arraycopy(unpacked, outPos, b, off, n);
        outPos += n;
        return n;
    }

    private boolean nextBlock() throws IOException {
        in.readFully(word, 0, 4, "lzop block header");
        long dstLen = u32(word) & 0xFFFFFFFFL;
        if (dstLen == 0) {
            return false;
        }
        if (dstLen > MAX_BLOCK) {
            throw new ImageFormatException("lzop block of " + dstLen + " bytes is larger than the kernel's 256 KiB");
        }
        in.readFully(word, 4, 8, "lzop block header");
        long srcLen = u32(word, 4) & 0xFFFFFFFFL;
        int expected = u32(word, 8);
        if (srcLen == 0 || srcLen > dstLen) {
            throw new ImageFormatException("lzop block packed size " + srcLen + " does not fit unpacked size " + dstLen);
        }
        in.readFully(packed, 0, (int) srcLen, "lzop block");
        if (srcLen == dstLen) {
            System.arraycopy(packed, 0, unpacked, 0, (int) dstLen);
        } else {
            int n;
            try {
                n = lzo.decompress(packed, 0, (int) srcLen, unpacked, 0, (int) dstLen);
            } catch (MalformedInputException e) {
                throw new ImageFormatException("corrupt LZO1X block");
            }
            if (n != dstLen) {
                throw new ImageFormatException("LZO1X block unpacks to " + n + " bytes, not " + dstLen);
            }
        }
        Checksum sum = crc32 ? new CRC32() : new Adler32();
        sum.update(unpacked, 0, (int) dstLen);
        if ((int) sum.getValue() != expected) {
            throw new ImageFormatException("lzop block checksum mismatch");
        }
        outPos = 0;
        outLen = (int) dstLen;
        return true;
    }

    private byte[] read(int n) throws IOException {
        byte[] b = new byte[n];
        in.readFully(b, 0, n, "lzop header");
        return b;
    }

    private static int u16(byte[] b) {
        return (b[0] & 0xFF) << 8 | (b[1] & 0xFF);
    }

    private static int u32(byte[] b) {
        return u32(b, 0);
    }

    private static int u32(byte[] b, int at) {
        return (b[at] & 0xFF) << 24 | (b[at + 1] & 0xFF) << 16 | (b[at + 2] & 0xFF) << 8 | (b[at + 3] & 0xFF);
    }
}
