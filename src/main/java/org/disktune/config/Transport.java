package org.disktune.config;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How a block device is attached, as {@code disktune detect} names it: the values of {@code match.transport}, and the kinds
 * of device detect lists that are not disks of their own (md arrays, device-mapper, zram) or that it cannot place.
 */
public enum Transport {
    ATA, SCSI, NVME, VIRTIO, USB, IDE, LOOP, MMC,
    MD(false), DM(false), ZRAM(false), OTHER(false);

    private final boolean matchable;

    Transport() {
        this(true);
    }

    Transport(boolean matchable) {
        this.matchable = matchable;
    }

    @JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** False for the kinds {@code match.transport} does not take (md, dm, zram, other). */
    public boolean matchable() {
        return matchable;
    }

    /** The label, as detect prints it and messages name it. */
    @Override
    public String toString() {
        return label();
    }

    /** The values {@code match.transport} takes. */
    public static List<Transport> matchables() {
        return Arrays.stream(values()).filter(Transport::matchable).toList();
    }

    /** The transport {@code match.transport = TEXT} names, empty for anything else. */
    public static Optional<Transport> parse(String text) {
        return matchables().stream().filter(t -> t.label().equals(text)).findFirst();
    }
}
