package org.disktune.kernel;

/**
 * An ATA device tied to the block device the same boot gave it, from the log's own lines.
 *
 * @param ataDevice   "ata1.01"
 * @param scsiAddress "0:0:1:0"
 * @param blockDevice "sda" (valid for that boot only)
 * @param evidence    which printed fields agreed, e.g. "model, revision, sectors, target"
 */
public record AtaBlockMapping(String ataDevice, String scsiAddress, String blockDevice, String evidence) {
}
