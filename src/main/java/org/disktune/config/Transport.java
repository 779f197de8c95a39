package org.disktune.config;

import java.util.Locale;
import java.util.Optional;

/** The values of {@code match.transport}, as {@code disktune detect} names a disk's transport. */
public enum Transport {
    ATA, SCSI, NVME, VIRTIO, USB, IDE, LOOP, MMC;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Transport> parse(String text) {
        for (Transport t : values()) { // a loop, not a stream: no lambda to link on the verify path (docs/performance.md)
            if (t.label().equals(text)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }
}
