package org.disktune.verify;

import org.disktune.kernel.AtaDeviceLog;
import org.disktune.kernel.AtaLinkLog;

/**
 * One ATA device of a boot: what the kernel printed about it and its link, and the block device it became.
 *
 * @param id          "ata3.00"
 * @param blockDevice "sda"; null when neither sysfs nor the log's own lines single it out
 * @param mappedBy    "sysfs" (this boot's /sys), or "log: model, revision, sectors, target" (the fields of the
 *                    log's SCSI lines that agreed); null when unmapped
 * @param device      the device's probe lines
 * @param link        the port's (or port-multiplier link's) last link state; null when not printed
 */
public record AtaDeviceFacts(String id, String blockDevice, String mappedBy, AtaDeviceLog device, AtaLinkLog link) {
}
