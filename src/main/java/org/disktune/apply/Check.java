package org.disktune.apply;

import java.io.IOException;
import java.util.Optional;

import org.disktune.host.Host;

/** The test behind a {@link Verify} step. */
@FunctionalInterface
public interface Check {
    /**
     * Empty when the post-condition holds; otherwise one line saying what is wrong (e.g.
     * "/etc/modprobe.d/disktune.conf is missing from /boot/initrd.img"). An exception also fails it.
     */
    Optional<String> problem(Host host) throws IOException;
}
