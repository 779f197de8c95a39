package org.disktune.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The values of {@code match.transport}, as {@code disktune detect} names a disk's transport. */
public enum Transport {
    ATA, SCSI, NVME, VIRTIO, USB, IDE, LOOP, MMC;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Transport> parse(String text) {
        return Arrays.stream(values()).filter(t -> t.label().equals(text)).findFirst();
    }
}
