package org.disktune.kernel;

/**
 * A legacy IDE drive (drivers/ide, removed in Linux 5.14): {@code hde: IC35L120AVV207-0, ATA DISK drive},
 * {@code hde: max request size: 128KiB},
 * {@code hde: 241254720 sectors (123522 MB) w/1821KiB Cache, CHS=16383/255/63, UDMA(100)},
 * {@code hde: UDMA/100 mode selected}, and the channel's {@code BIOS settings: hde:DMA}.
 *
 * @param name           "hde"
 * @param model          "IC35L120AVV207-0"
 * @param media          "ATA DISK drive", "ATAPI CD/DVD-ROM drive", ... as printed after the model
 * @param maxRequestKib  128
 * @param sectors        241254720
 * @param megabytes      123522 (decimal MB as printed)
 * @param cacheKib       1821
 * @param chs            "16383/255/63"
 * @param dmaMode        "UDMA(100)" from the sectors line
 * @param selectedMode   "UDMA/100" from {@code mode selected}
 * @param biosSetting    "DMA" or "pio" from the channel's BM-DMA line
 */
public record IdeDiskLog(String name, String model, String media, Integer maxRequestKib, Long sectors, Long megabytes,
        Integer cacheKib, String chs, String dmaMode, String selectedMode, String biosSetting) {
}
