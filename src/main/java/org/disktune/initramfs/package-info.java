/**
 * Initramfs images and their generators: what an image holds (read the way the kernel unpacks it,
 * in {@code image}), how each generator takes extra files (in {@code config}), and the checks that
 * prove disktune's files are inside with the same bytes as on the host.
 */
package org.disktune.initramfs;
