/**
 * Configuration of the initramfs generators, without rebuilding or reading images: detection of
 * mkinitcpio, dracut and initramfs-tools with their config files, presets, kernels and images and
 * the rebuild command for a kernel; byte-exact edits of mkinitcpio's FILES (string and array forms)
 * and drop-ins for mkinitcpio and dracut, as pure {@code byte[] -> byte[]} functions.
 */
package org.disktune.initramfs.config;
