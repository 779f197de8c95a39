package org.disktune.apply;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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

    /**
     * Empty when every file of {@code holds} exists and holds each of its words (its text read by {@code reader}); else the
     * first file and what it lacks.
     */
    static Optional<String> fileProblem(Host host, FileHolds holds, FileHolds.TextReader reader) throws IOException {
        String by = " by " + String.join(" ", holds.argv());
        for (String file : holds.files()) {
            Path path = host.path(file);
            if (!Files.isRegularFile(path)) {
                return Optional.of(file + " was not written" + by);
            }
            String text = reader.text(path);
            List<String> lacking = holds.lacking(text);
            if (!lacking.isEmpty()) {
                return Optional.of(file + " as written" + by + " lacks " + String.join(" ", lacking));
            }
        }
        return Optional.empty();
    }
}
