package org.disktune.initramfs.image;

/**
 * One cpio archive of an image (it ends at its TRAILER!!! entry).
 *
 * @param index       1-based, in image order
 * @param compression how the bytes holding it are compressed (detected by magic)
 * @param offset      the byte offset in the image file where it starts; for a compressed archive,
 *                    where its compressed stream starts (archives sharing one stream share it)
 */
public record ImageSegment(int index, Compression compression, long offset) {
}
