package org.disktune.apply;

import java.io.IOException;
import java.nio.file.Files;

import org.disktune.host.Host;

/** The kernel's random boot ID, which changes on every boot: tells whether a reboot happened since an apply. */
public final class BootIdReader {
    public static final String PATH = "/proc/sys/kernel/random/boot_id";
    public static final String UNKNOWN = "unknown";

    private BootIdReader() {
    }

    /** The boot ID of {@code host}, or {@value #UNKNOWN} when it cannot be read. */
    public static String read(Host host) {
        try {
            String id = Files.readString(host.path(PATH)).strip();
            return id.isEmpty() || id.length() > 64 ? UNKNOWN : id;
        } catch (IOException | RuntimeException e) {
            return UNKNOWN;
        }
    }
}
