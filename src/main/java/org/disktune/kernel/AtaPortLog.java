package org.disktune.kernel;

/**
 * An ATA port as announced by its driver: {@code ata1: SATA max UDMA/133 abar m4096@0xfebff000 port 0xfebff100 irq 24},
 * {@code ata1: PATA max MWDMA2 cmd 0x1f0 ctl 0x3f6 bmdma 0xc000 irq 14}, or {@code ata5: DUMMY}.
 *
 * @param id              "ata1"
 * @param port            1
 * @param bus             "SATA", "PATA", or "DUMMY" for an unused port
 * @param maxTransferMode the controller's best mode on this port, "UDMA/133"; null for DUMMY
 * @param resources       the rest of the line as printed (registers, irq): tells the controller kind apart (abar = AHCI)
 * @param irq             the interrupt, when printed
 */
public record AtaPortLog(String id, int port, String bus, String maxTransferMode, String resources, Integer irq) {
}
