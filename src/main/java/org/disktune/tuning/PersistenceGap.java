package org.disktune.tuning;

/**
 * One setting or file that will be lost at reboot: the file that should carry it ({@code /etc/fstab},
 * {@code /etc/udev/rules.d/90-disktune.rules}), what it is about (a mount point, a file) and why, with the fix.
 */
public record PersistenceGap(String file, String subject, String cause) {
}
