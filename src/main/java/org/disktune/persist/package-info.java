/**
 * Persistence of the desired state across reboots and hotplug: udev rules for sysfs and hdparm settings
 * ({@link org.disktune.persist.UdevRulesGenerator}, read back by {@link org.disktune.persist.UdevRulesParser}),
 * the systemd units, and the fstab editor that changes one options field and keeps every other byte. Pure:
 * it turns a {@link org.disktune.config.DesiredState} into file contents and {@code Change}s and executes
 * nothing; the executor in {@code apply} writes them through the host.
 */
package org.disktune.persist;
