package org.disktune.config;

import java.util.List;

/**
 * What a {@link DiskMatch} can see of a disk, gathered from {@code detect} by the caller: the kernel name,
 * stable identities (WWN, serial, /dev/disk/by-id names), product, class and the md arrays it is a member
 * of (directly or through a partition). Unknown values are null.
 */
public record DiskFacts(String name, String wwn, String serial, List<String> byId, String model, String vendor,
        Transport transport, Boolean rotational, String driver, List<String> mdArrays) {
    public DiskFacts {
        byId = byId == null ? List.of() : List.copyOf(byId);
        mdArrays = mdArrays == null ? List.of() : List.copyOf(mdArrays);
    }

    /**
     * True when the disk has a name that survives reboots: a WWN, a serial number, or a /dev/disk/by-id name
     * (udev makes those from the serial; 2.6 kernels show the serial only there).
     */
    public boolean hasStableIdentity() {
        return wwn != null || serial != null || !byId.isEmpty();
    }
}
