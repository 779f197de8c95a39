package org.disktune.host;

import java.nio.file.Path;
import java.time.Clock;

/**
 * The one side-effect boundary. Every read of the machine (sysfs, procfs, /etc, /boot, the kernel
 * log), every program run and every block-device ioctl goes through a Host. The real host has root
 * "/"; tests and sample machines use a temporary or in-memory (Jimfs) root.
 */
public interface Host {
    /** Resolves an absolute machine path such as "/sys/block" inside this host's root. */
    default Path path(String absolute) {
        if (!absolute.startsWith("/")) {
            throw new IllegalArgumentException("machine path must be absolute: " + absolute);
        }
        return root().resolve(absolute.substring(1));
    }

    /** The root directory all machine paths are resolved against. */
    Path root();

    /** Runs programs (argument lists, never shell strings). */
    CommandRunner commands();

    /** The live kernel log of this host, or the saved one of a root tree. */
    KernelLogSource kernelLog();

    /** ioctls on block devices (size, readahead, flush); unsupported on non-live hosts. */
    BlockDevices blockDevices();

    Clock clock();

    /** True when the effective user may change the machine (uid 0 on a live host). */
    boolean privileged();

    /** True for the machine disktune runs on ("/"), false for --root trees and samples. */
    boolean live();
}
