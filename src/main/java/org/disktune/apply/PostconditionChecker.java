package org.disktune.apply;

import java.io.IOException;
import java.util.Optional;

import org.disktune.host.Host;

/**
 * Evaluates the {@link Postcondition} of a {@link Verify} step; given to the {@link PlanExecutor}
 * (the initramfs implementation lives in {@code org.disktune.tuning}).
 */
@FunctionalInterface
public interface PostconditionChecker {
    /** For executors whose plans hold no {@link Verify} step (undo, rollback): any check is a bug. */
    PostconditionChecker NONE = (host, condition) -> {
        throw new IllegalStateException("this executor checks no post-conditions: " + condition);
    };

    /**
     * Empty when {@code condition} holds on {@code host}; otherwise one line saying what is wrong (e.g.
     * "/etc/modprobe.d/disktune.conf is missing from /boot/initrd.img"). An exception also fails it.
     */
    Optional<String> problem(Host host, Postcondition condition) throws IOException;
}
