package org.disktune.initramfs.image;

/**
 * A segment's format by its first bytes: cpio newc, or the compression {@code decompress_method()} in
 * lib/decompress.c recognises by magic (a port of its table), or an old cpio format the kernel refuses.
 */
final class CompressionMagic {
    private CompressionMagic() {
    }

    /** The segment's compression by magic, as lib/decompress.c detects it; n is how many bytes of h are valid. */
    static Compression detect(byte[] h, int n) throws ImageFormatException {
        if (isNewc(h, n)) {
            return Compression.NONE;
        }
        if (n >= 6) {
            refuseOldCpio(h);
        }
        if (starts(h, n, 0x1F, 0x8B)) {
            return Compression.GZIP;
        }
        if (starts(h, n, 'B', 'Z', 'h')) {
            return Compression.BZIP2;
        }
        if (starts(h, n, 0x5D, 0x00)) {
            return Compression.LZMA;
        }
        if (starts(h, n, 0xFD, '7', 'z', 'X', 'Z', 0x00)) {
            return Compression.XZ;
        }
        if (starts(h, n, 0x89, 'L', 'Z', 'O')) {
            return Compression.LZO;
        }
        if (starts(h, n, 0x02, 0x21, 0x4C, 0x18)) {
            return Compression.LZ4_LEGACY;
        }
        if (starts(h, n, 0x28, 0xB5, 0x2F, 0xFD)) {
            return Compression.ZSTD;
        }
        if (starts(h, n, 0x04, 0x22, 0x4D, 0x18)) {
            throw new ImageFormatException("modern LZ4 frame: the kernel cannot unpack it; compress with lz4 -l (legacy frame)");
        }
        throw new ImageFormatException("unknown magic " + hex(h, n) + ": neither cpio newc nor a compression the kernel unpacks"
                + " (the kernel: \"invalid magic at start of compressed archive\")");
    }

    /** The cpio magic 07070 followed by last. */
    static boolean isMagic(byte[] head, char last) {
        return head[0] == '0' && head[1] == '7' && head[2] == '0' && head[3] == '7' && head[4] == '0' && head[5] == last;
    }

    /** newc (070701) or newc with checksum (070702). */
    static boolean isNewc(byte[] head, int n) {
        return n >= 6 && (isMagic(head, '1') || isMagic(head, '2'));
    }

    /** do_header: "incorrect cpio method used: use -H newc option", for the odc and old binary formats. */
    static void refuseOldCpio(byte[] head) throws ImageFormatException {
        if (isMagic(head, '7')) {
            throw new ImageFormatException("old portable (odc) cpio format; the kernel reads only newc: cpio -o -H newc");
        }
        if ((head[0] & 0xFF) == 0xC7 && head[1] == 0x71 || head[0] == 0x71 && (head[1] & 0xFF) == 0xC7) {
            throw new ImageFormatException("old binary cpio format; the kernel reads only newc: cpio -o -H newc");
        }
    }

    /** Up to the first four bytes in hex, for messages. */
    static String hex(byte[] h, int n) {
        StringBuilder hex = new StringBuilder();
        for (int i = 0; i < Math.min(n, 4); i++) {
            hex.append(String.format("%s%02x", i == 0 ? "" : " ", h[i] & 0xFF));
        }
        return hex.toString();
    }

    private static boolean starts(byte[] h, int n, int... magic) {
        if (n < magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if ((h[i] & 0xFF) != magic[i]) {
                return false;
            }
        }
        return true;
    }
}
