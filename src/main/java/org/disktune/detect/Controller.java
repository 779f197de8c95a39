package org.disktune.detect;

import java.util.Map;

/** A storage controller: PCI function, ids, class, the driver bound to it and that driver's parameters in effect. */
public record Controller(
        String pciAddress,
        String vendorId,
        String deviceId,
        String pciClass,
        String kind,
        String driver,
        Map<String, String> moduleParameters) {
}
