package org.disktune.kernel;

import java.util.List;

/**
 * Lines a storage controller driver printed about a PCI function, e.g.
 * {@code sata_nv 0000:00:07.0: Using ADMA mode}, {@code ahci 0000:00:1f.2: AHCI 0001.0000 32 slots 6 ports 1.5 Gbps 0x3f impl SATA mode}.
 *
 * @param driver     "sata_nv"
 * @param pciAddress "0000:00:07.0"
 * @param mode       "ADMA" or "SWNCQ" from sata_nv's {@code Using ... mode}; null otherwise
 * @param messages   the driver's first lines about the function, as printed (at most 16)
 */
public record ControllerLog(String driver, String pciAddress, String mode, List<String> messages) {
    public ControllerLog {
        messages = List.copyOf(messages);
    }
}
