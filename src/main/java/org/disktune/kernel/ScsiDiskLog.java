package org.disktune.kernel;

/**
 * A SCSI device as attached: {@code scsi 0:0:1:0: Direct-Access ATA WDC WD7500AAKS-0 4G30 PQ: 0 ANSI: 5}
 * and its disk lines {@code sd 0:0:1:0: [sdb] 1465149168 512-byte logical blocks: ...}
 * (2.6.18: {@code Vendor: ATA Model: ... Rev: ...} and {@code sd 0:0:0:0: Attached scsi disk sda}).
 *
 * @param address          "0:0:1:0" (host:channel:target:lun)
 * @param type             "Direct-Access"
 * @param vendor           "ATA" for libata devices
 * @param model            the inquiry model, 16 characters at most (libata cuts the ATA model)
 * @param revision         the inquiry revision, 4 characters at most (libata: the last 4 of the firmware)
 * @param blockDevice      "sdb" in this boot (names change between boots)
 * @param logicalBlocks    1465149168
 * @param logicalBlockSize 512
 */
public record ScsiDiskLog(String address, int host, int channel, int target, int lun, String type, String vendor,
        String model, String revision, String blockDevice, Long logicalBlocks, Integer logicalBlockSize) {
}
