/**
 * The modprobe configuration model: kmod-compatible reading of modprobe.d (directories, precedence,
 * continuations, the kernel command line), disktune's own {@code /etc/modprobe.d/disktune.conf}
 * (render and parse), conflicts with other files, driver knowledge (which parameters exist, their
 * types, the PCI ids they matter for and what they change after a reboot) and the values in effect
 * in {@code /sys/module}.
 */
package org.disktune.modprobe;
