/**
 * Initramfs images and their generators: what an image holds (read the way the kernel unpacks it,
 * in {@code image}), how each generator takes extra files (in {@code config}), the checks that
 * prove disktune's files are inside with the same bytes as on the host, and the rebuild: one generator run
 * per kernel, each image backed up and checked afterwards (in {@code rebuild}, what {@code initramfs rebuild},
 * {@code modprobe set} and {@code apply} run).
 */
package org.disktune.initramfs;
