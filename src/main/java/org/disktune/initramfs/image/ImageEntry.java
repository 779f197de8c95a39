package org.disktune.initramfs.image;

/**
 * One name as the kernel would leave it after unpacking the whole image.
 *
 * @param path        normalized, relative to the image root: no leading "/" or "./", no trailing "/"
 * @param type        the file type
 * @param mode        the permission bits (mode &amp; 07777)
 * @param size        for files the content size (a hard-link group's data size); for symlinks the
 *                    target length; 0 otherwise
 * @param linkTarget  the symlink target as stored, or null
 * @param archive     the 1-based index of the archive that supplied this name (the last one wins)
 * @param compression that archive's compression
 * @param sha256      lowercase hex SHA-256 of the content for files, null otherwise
 */
public record ImageEntry(String path, EntryType type, int mode, long size, String linkTarget, int archive,
        Compression compression, String sha256) {
}
