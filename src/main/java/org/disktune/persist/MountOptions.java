package org.disktune.persist;

import java.util.List;

/**
 * The mount options disktune sets on a file system: the access-time mode and lazytime. Null means
 * "leave as it is". The access-time modes are those of mount(8): {@code noatime}, {@code relatime},
 * {@code strictatime} and {@code atime} (the kernel's default, which is relatime since Linux 2.6.30).
 */
public record MountOptions(String atime, Boolean lazytime) {
    /** The access-time modes a user may ask for. */
    public static final List<String> ATIME_MODES = List.of("noatime", "relatime", "strictatime", "atime");

    public MountOptions {
        if (atime != null && !ATIME_MODES.contains(atime)) {
            throw new IllegalArgumentException("atime must be one of " + ATIME_MODES + ", not " + atime);
        }
    }

    /** True when nothing is asked for. */
    public boolean isEmpty() {
        return atime == null && lazytime == null;
    }
}
