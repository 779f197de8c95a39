package org.disktune.persist;

import java.util.Arrays;
import java.util.Objects;

/** What {@link FstabEditor#set} did: the edited bytes, or why there is nothing it may edit. */
public sealed interface FstabResult {
    /**
     * The file with the options field of line {@code line} changed from {@code oldOptions} to {@code newOptions}
     * (null: the line has no options field), every other byte as it was. When the options were already so,
     * {@code after} equals the input and {@link #changed()} is false.
     */
    record Edited(byte[] after, int line, String oldOptions, String newOptions) implements FstabResult {
        public Edited {
            after = Objects.requireNonNull(after, "after").clone();
        }

        @Override
        public byte[] after() {
            return after.clone();
        }

        /** True when the file changes. */
        public boolean changed() {
            return !Objects.equals(oldOptions, newOptions);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Edited e && Arrays.equals(after, e.after) && line == e.line && Objects.equals(oldOptions, e.oldOptions)
                    && Objects.equals(newOptions, e.newOptions);
        }

        @Override
        public int hashCode() {
            return Objects.hash(Arrays.hashCode(after), line, oldOptions, newOptions);
        }

        @Override
        public String toString() {
            return "Edited[line " + line + ": " + oldOptions + " -> " + newOptions + "]";
        }
    }

    /**
     * No fstab line mounts the mount point (a systemd .mount unit, autofs, or a manual mount does):
     * reported, never invented.
     */
    record NotInFstab(String message) implements FstabResult {
    }

    /** The file cannot be edited safely for this mount point (two lines for it, an unparsable line naming it, ...). */
    record Refused(String message) implements FstabResult {
    }
}
