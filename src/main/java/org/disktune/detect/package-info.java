/**
 * What the machine has: controllers and their drivers, ATA ports, links and devices, disks with
 * stable identities and current queue settings, md arrays, mounts, and the findings they support.
 * Pure reading through {@link org.disktune.host.Host}: sysfs, procfs and /etc of the host's root.
 */
package org.disktune.detect;
