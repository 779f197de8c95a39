/**
 * Kernel-log reading and parsing: the line-format normalizer (plain dmesg, dmesg -T, journalctl
 * formats, syslog files, /dev/kmsg records, serial captures), boot cutting, and the per-device facts
 * the kernel printed at probe (ATA identity, sectors, NCQ state and depth, forced settings and
 * quirks, transfer mode, SATA links, legacy IDE disks, SCSI attach lines, NVMe controllers and their timeouts and
 * resets). Entry point:
 * {@link org.disktune.kernel.KernelLogAnalyzer}. Reads only through
 * {@link org.disktune.host.KernelLogReader}; never touches the machine itself.
 */
package org.disktune.kernel;
