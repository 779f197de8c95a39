package org.disktune.apply;

import java.util.Arrays;
import java.util.Objects;

/**
 * Replace (or create) a file atomically. {@code oldBytes} is what the planner read: null when the
 * file did not exist. The executor refuses to apply the plan if the disk no longer holds them.
 */
public record WriteFile(String path, byte[] oldBytes, byte[] newBytes, String reason) implements Change {
    public WriteFile {
        MachinePaths.requireAbsolute(path);
        oldBytes = oldBytes == null ? null : oldBytes.clone();
        newBytes = Objects.requireNonNull(newBytes, "newBytes").clone();
        Objects.requireNonNull(reason, "reason");
    }

    /** A copy of the bytes before the change, or null when the file did not exist. */
    @Override
    public byte[] oldBytes() {
        return oldBytes == null ? null : oldBytes.clone();
    }

    @Override
    public byte[] newBytes() {
        return newBytes.clone();
    }

    public boolean creates() {
        return oldBytes == null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WriteFile w && path.equals(w.path) && Arrays.equals(oldBytes, w.oldBytes)
                && Arrays.equals(newBytes, w.newBytes) && reason.equals(w.reason);
    }

    @Override
    public int hashCode() {
        return Objects.hash(path, Arrays.hashCode(oldBytes), Arrays.hashCode(newBytes), reason);
    }

    @Override
    public String toString() {
        return "WriteFile[" + path + ", " + (oldBytes == null ? "new" : oldBytes.length + " bytes") + " -> "
                + newBytes.length + " bytes, " + reason + "]";
    }

    @Override
    public <R> R accept(ChangeVisitor<R> visitor) {
        return visitor.writeFile(this);
    }
}
