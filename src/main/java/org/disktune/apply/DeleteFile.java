package org.disktune.apply;

import java.util.Arrays;
import java.util.Objects;

/** Remove a file; {@code oldBytes} is what the planner read, checked again before anything changes. */
public record DeleteFile(String path, byte[] oldBytes, String reason) implements Change {
    public DeleteFile {
        MachinePaths.requireAbsolute(path);
        oldBytes = Objects.requireNonNull(oldBytes, "oldBytes").clone();
        Objects.requireNonNull(reason, "reason");
    }

    @Override
    public byte[] oldBytes() {
        return oldBytes.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DeleteFile d && path.equals(d.path) && Arrays.equals(oldBytes, d.oldBytes)
                && reason.equals(d.reason);
    }

    @Override
    public int hashCode() {
        return Objects.hash(path, Arrays.hashCode(oldBytes), reason);
    }

    @Override
    public String toString() {
        return "DeleteFile[" + path + ", " + oldBytes.length + " bytes, " + reason + "]";
    }

    @Override
    public java.util.List<String> touchedFiles() {
        return java.util.List.of(path);
    }

    @Override
    public boolean live() {
        return false;
    }

    @Override
    public <R> R accept(ChangeVisitor<R> visitor) {
        return visitor.deleteFile(this);
    }
}
