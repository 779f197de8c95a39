package org.disktune.apply;

import java.util.Arrays;
import java.util.Objects;

import org.disktune.core.FileMode;

/**
 * Replace (or create) a file atomically. {@code oldBytes} is what the planner read: null when the
 * file did not exist. The executor refuses to apply the plan if the disk no longer holds them.
 * {@code newMode}, when not null, is the mode the file gets in the same atomic write ({@code oldMode}: the mode the
 * planner read, null for a new file); null keeps the file's mode (0644 for a new file). The bytes may stay as they
 * were when only the mode changes (an rc.local that is not executable).
 */
public record WriteFile(String path, byte[] oldBytes, byte[] newBytes, FileMode oldMode, FileMode newMode, String reason)
        implements Change {
    public WriteFile {
        MachinePaths.requireAbsolute(path);
        oldBytes = oldBytes == null ? null : oldBytes.clone();
        newBytes = Objects.requireNonNull(newBytes, "newBytes").clone();
        Objects.requireNonNull(reason, "reason");
        if (newMode != null && oldBytes != null && oldMode == null) {
            throw new IllegalArgumentException("a mode change of " + path + " needs the mode it had");
        }
    }

    /** A write that keeps the file's mode. */
    public WriteFile(String path, byte[] oldBytes, byte[] newBytes, String reason) {
        this(path, oldBytes, newBytes, null, null, reason);
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

    /** The write gives an existing file another mode. */
    public boolean changesMode() {
        return newMode != null && oldMode != null && !newMode.equals(oldMode);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WriteFile w && path.equals(w.path) && Arrays.equals(oldBytes, w.oldBytes)
                && Arrays.equals(newBytes, w.newBytes) && Objects.equals(oldMode, w.oldMode) && Objects.equals(newMode, w.newMode)
                && reason.equals(w.reason);
    }

    @Override
    public int hashCode() {
        return Objects.hash(path, Arrays.hashCode(oldBytes), Arrays.hashCode(newBytes), oldMode, newMode, reason);
    }

    @Override
    public String toString() {
        return "WriteFile[" + path + ", " + (oldBytes == null ? "new" : oldBytes.length + " bytes") + " -> "
                + newBytes.length + " bytes" + (newMode == null ? "" : ", mode " + (oldMode == null ? "" : oldMode + " -> ") + newMode)
                + ", " + reason + "]";
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
        return visitor.writeFile(this);
    }
}
