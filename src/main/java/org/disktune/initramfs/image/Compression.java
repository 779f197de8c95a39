package org.disktune.initramfs.image;

/** How one segment of an initramfs image is compressed; named as the kernel names it. */
public enum Compression {
    NONE("uncompressed"),
    GZIP("gzip"),
    BZIP2("bzip2"),
    LZMA("lzma"),
    XZ("xz"),
    ZSTD("zstd"),
    /** The lz4 LEGACY frame ({@code lz4 -l}); the modern lz4 frame does not boot. */
    LZ4_LEGACY("lz4"),
    /** The lzop file format with LZO1X blocks. */
    LZO("lzo");

    private final String kernelName;

    Compression(String kernelName) {
        this.kernelName = kernelName;
    }

    /** The name lib/decompress.c prints ("gzip", "lz4", ...); "uncompressed" for plain cpio. */
    public String kernelName() {
        return kernelName;
    }
}
