package org.disktune.apply;

import java.util.Objects;

/**
 * A post-condition checked at its place in the plan (e.g. "the new image contains
 * /etc/modprobe.d/disktune.conf byte for byte"); when it fails, everything changed so far is
 * rolled back exactly as for a failed program.
 */
public record Verify(String description, Check check) implements Change {
    public Verify {
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(check, "check");
    }

    @Override
    public String reason() {
        return description;
    }
}
