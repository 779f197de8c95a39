package org.disktune.kernel;

import java.util.List;

/**
 * The last SATA link state printed for a port (or a port-multiplier link): {@code ata1: SATA link up 3.0 Gbps
 * (SStatus 123 SControl 300)} or {@code ata5: SATA link down (SStatus 0 SControl 300)}, and the port's
 * {@code FORCE:} lines ({@code FORCE: PHY spd limit set to 1.5Gbps}).
 *
 * @param id       "ata1", or "ata1.02" for a link behind a port multiplier
 * @param port     1
 * @param pmpLink  the port-multiplier link number, null for the host link
 * @param up       link up; false also when only FORCE lines were printed for the port (then sStatus is null)
 * @param speed    "3.0 Gbps"; null when down or not printed
 * @param sStatus  SStatus register as printed ("123")
 * @param sControl SControl register as printed ("300")
 */
public record AtaLinkLog(String id, int port, Integer pmpLink, boolean up, String speed, String sStatus, String sControl,
        List<String> forceLines) {
    public AtaLinkLog {
        forceLines = List.copyOf(forceLines);
    }
}
