/**
 * Reading initramfs images the way the kernel unpacks them: one or more cpio "newc" archives in
 * a row, each uncompressed or compressed with one of the methods the kernel accepts (detected by
 * magic, never by file name), separated by NUL padding; hard-link groups resolved per archive;
 * later archives override earlier ones. Everything streams with bounded memory and hashes file
 * content (SHA-256) on the way, so {@code initramfs list|cat|verify} can prove which bytes are
 * inside. Bad images give a one-line {@link org.disktune.core.DisktuneException}.
 */
package org.disktune.initramfs.image;
