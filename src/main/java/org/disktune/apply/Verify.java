package org.disktune.apply;

import java.util.Objects;

/**
 * A post-condition checked at its place in the plan (e.g. "the new image contains
 * /etc/modprobe.d/disktune.conf byte for byte"); when it fails, everything changed so far is
 * rolled back exactly as for a failed program. Data only: the executor's {@link PostconditionChecker}
 * evaluates {@code condition}.
 */
public record Verify(String description, Postcondition condition) implements Change {
    public Verify {
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(condition, "condition");
    }

    @Override
    public String reason() {
        return description;
    }

    @Override
    public java.util.List<String> touchedFiles() {
        return java.util.List.of();
    }

    @Override
    public boolean live() {
        return false;
    }

    @Override
    public <R> R accept(ChangeVisitor<R> visitor) {
        return visitor.verify(this);
    }
}
