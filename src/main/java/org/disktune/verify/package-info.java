/**
 * Proof that the machine is in the state disktune wrote: {@link org.disktune.verify.KernelLogService}
 * reads the kernel log of a boot and ties each ATA device to its block device (through sysfs when the
 * log is the host's own, else from the log's own lines); {@link org.disktune.verify.VerifyService}
 * compares the desired state (the module options in /etc/modprobe.d/disktune.conf and the journal entry
 * that wrote them) with the live machine: module parameters in /sys/module, their expected NCQ outcome
 * in the kernel log and in queue_depth, and disktune's files inside the initramfs images. Each
 * {@link org.disktune.verify.Checker} adds checks; a check is ok, drift, pending (written in this
 * boot, needs a reboot) or unknown. Reads only, through {@link org.disktune.host.Host}.
 */
package org.disktune.verify;
