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
 */
public record ImageError(int archive, Compression compression, long offset, String problem, String message) {
}
