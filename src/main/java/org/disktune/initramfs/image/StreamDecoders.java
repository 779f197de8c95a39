package org.disktune.initramfs.image;

import java.io.IOException;
import java.io.InputStream;

import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;
import org.apache.commons.compress.compressors.lzma.LZMACompressorInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;
import org.apache.commons.compress.compressors.zstandard.ZstdCompressorInputStream;
import org.disktune.host.Jna;

/**
 * The decoder for one compressed segment of an image. xz and lzma decode only within the Java heap left:
 * xz-java compares a stream's need with {@link #memoryLimitKiB} before it allocates (MemoryLimitException).
 */
final class StreamDecoders {
    /** Heap kept free for everything but the decoder's dictionary. */
    private static final long HEAP_RESERVE = 8L << 20;

    private StreamDecoders() {
    }

    /** A decoder that reads exactly one compressed stream from in and leaves in right after it. */
    static InputStream open(Compression compression, ImageInput in) throws IOException {
        return switch (compression) {
            case GZIP -> GzipCompressorInputStream.builder().setInputStream(in).setDecompressConcatenated(false).get();
            case BZIP2 -> new BZip2CompressorInputStream(in, false);
            case XZ -> XZCompressorInputStream.builder().setInputStream(in).setDecompressConcatenated(false)
                    .setMemoryLimitKiB(memoryLimitKiB()).get();
            case LZMA -> LZMACompressorInputStream.builder().setInputStream(in).setMemoryLimitKiB(memoryLimitKiB()).get();
            case ZSTD -> {
                Jna.prepare(); // zstd-jni's library from the launcher's cache, not unpacked again
                yield new ZstdCompressorInputStream(new ZstdFrameInputStream(in));
            }
            case LZ4_LEGACY -> new Lz4LegacyInputStream(in);
            case LZO -> new LzopInputStream(in);
            case NONE -> throw new IllegalArgumentException("not a compression: " + compression);
        };
    }

    /** The heap an xz or lzma dictionary may take, in KiB: what the heap can still grow to, less a reserve. */
    static int memoryLimitKiB() {
        Runtime runtime = Runtime.getRuntime();
        if (runtime.maxMemory() == Long.MAX_VALUE) {
            return Integer.MAX_VALUE;
        }
        long free = runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory()) - HEAP_RESERVE;
        return (int) Math.max(0, Math.min(Integer.MAX_VALUE, free >> 10));
    }
}
