package org.disktune.initramfs.image;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.zip.Adler32;

import io.airlift.compress.lzo.LzoCompressor;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;
import org.apache.commons.compress.compressors.lz4.BlockLZ4CompressorOutputStream;
import org.apache.commons.compress.compressors.lz4.FramedLZ4CompressorOutputStream;
import org.apache.commons.compress.compressors.lzma.LZMACompressorOutputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorOutputStream;
import org.apache.commons.compress.compressors.zstandard.ZstdCompressorOutputStream;

/** Compresses test segments with the Java compressors, in the framings the kernel reads. */
final class SegmentCompressor {
    private SegmentCompressor() {
    }

    static byte[] compress(Compression compression, byte[] data) {
        try {
            return switch (compression) {
                case NONE -> data.clone();
                case GZIP -> stream(data, GzipCompressorOutputStream::new);
                case BZIP2 -> stream(data, BZip2CompressorOutputStream::new);
                case XZ -> stream(data, XZCompressorOutputStream::new);
                case LZMA -> stream(data, LZMACompressorOutputStream::new);
                case ZSTD -> stream(data, ZstdCompressorOutputStream::new);
                case LZ4_LEGACY -> lz4Legacy(data, 8 << 20);
                case LZO -> lzop(data, 256 * 1024);
            };
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The modern lz4 frame, which the kernel refuses. */
    static byte[] lz4Frame(byte[] data) throws IOException {
        return stream(data, FramedLZ4CompressorOutputStream::new);
    }

    /** The lz4 legacy frame: magic, then (LE size, independent LZ4 block) per chunk of up to blockSize. */
    static byte[] lz4Legacy(byte[] data, int blockSize) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(new byte[] {0x02, 0x21, 0x4C, 0x18});
        for (int at = 0; at < data.length; at += blockSize) {
            byte[] chunk = Arrays.copyOfRange(data, at, Math.min(data.length, at + blockSize));
            byte[] block = stream(chunk, BlockLZ4CompressorOutputStream::new);
            out.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(block.length).array());
            out.write(block);
        }
        return out.toByteArray();
    }

    /** The lzop file format (version 0x1040, LZO1X-1, adler32 of the unpacked data), as lzop writes it. */
    static byte[] lzop(byte[] data, int blockSize) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(new byte[] {(byte) 0x89, 0x4C, 0x5A, 0x4F, 0x00, 0x0D, 0x0A, 0x1A, 0x0A});
        ByteBuffer header = ByteBuffer.allocate(64);
        header.putShort((short) 0x1040).putShort((short) 0x2080).putShort((short) 0x0940).put((byte) 1).put((byte) 5);
        header.putInt(0x03000001); // F_ADLER32_D | F_OS_UNIX
        header.putInt(0100644).putInt(1700000000).putInt(0);
        header.put((byte) 0);
        Adler32 headerSum = new Adler32();
        headerSum.update(header.array(), 0, header.position());
        header.putInt((int) headerSum.getValue());
        out.write(header.array(), 0, header.position());
        LzoCompressor lzo = new LzoCompressor();
        for (int at = 0; at < data.length; at += blockSize) {
            int len = Math.min(blockSize, data.length - at);
            byte[] packed = new byte[lzo.maxCompressedLength(len)];
            int packedLen = lzo.compress(data, at, len, packed, 0, packed.length);
            Adler32 sum = new Adler32();
            sum.update(data, at, len);
            ByteBuffer block = ByteBuffer.allocate(12).putInt(len);
            if (packedLen < len) {
                block.putInt(packedLen).putInt((int) sum.getValue());
                out.write(block.array());
                out.write(packed, 0, packedLen);
            } else {
                block.putInt(len).putInt((int) sum.getValue());
                out.write(block.array());
                out.write(data, at, len);
            }
        }
        out.write(new byte[4]);
        return out.toByteArray();
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.write(p, 0, p.length);
        }
        return out.toByteArray();
    }

    private interface StreamFactory {
        OutputStream open(OutputStream out) throws IOException;
    }

    private static byte[] stream(byte[] data, StreamFactory factory) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStream c = factory.open(out)) {
            c.write(data);
        }
        return out.toByteArray();
    }
}
