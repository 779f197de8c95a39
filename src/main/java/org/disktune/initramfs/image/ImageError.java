package org.disktune.initramfs.image;

/**
 * The error at which the kernel stops unpacking an image after it has unpacked some files. The kernel
 * keeps those files and boots on (init/initramfs.c: {@code unpack_to_rootfs()} returns the first
 * {@code error()} message; {@code do_populate_rootfs()} only logs "Initramfs unpacking failed: %s"), so
 * the entries listed before the error are really there and nothing after it is.
 *
 * @param archive     the 1-based archive (segment) where it happened
 * @param compression that archive's compression, or null when its magic was not recognised
 * @param offset      the image byte offset where that archive (for a compressed one, its stream) starts
 * @param problem     what is wrong, with the byte it is at
 * @param message     the one line disktune shows: image name, archive, compression, offset and problem
 * @param stopsAt     where what is lost begins: in an uncompressed archive the image byte offset of the entry (or
 *                    segment) the kernel fails in; in a compressed one the offset of the unpacked stream's entry
 *                    (see {@code inStream})
 * @param inStream    true when {@code stopsAt} counts the bytes unpacked from the stream at {@code offset}
 * @param lastFile    the path of the last entry the kernel unpacked whole, null when none
 * @param imageSize   the image's size in bytes
 */
public record ImageError(int archive, Compression compression, long offset, String problem, String message, long stopsAt,
        boolean inStream, String lastFile, long imageSize) {

    /** Where the kernel stops, for a message: "offset N" of the image, or "unpacked byte N of the zstd stream at offset M". */
    public String where() {
        return inStream ? "unpacked byte " + stopsAt + " of the " + compression.kernelName() + " stream at offset " + offset
                : "offset " + stopsAt;
    }

    /** What the next boot does not get, for a message. */
    public String lost() {
        String after = lastFile == null ? "" : ", everything after '" + lastFile + "' (the last file it unpacks whole)";
        if (inStream) {
            return "the rest of that stream and whatever follows it in the " + imageSize + "-byte image" + after;
        }
        return (imageSize - stopsAt) + " of the image's " + imageSize + " bytes, from offset " + stopsAt + " to its end" + after;
    }
}
