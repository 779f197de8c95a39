package org.disktune.host;

import java.util.Arrays;
import java.util.Objects;

import org.disktune.core.FileMode;

/**
 * One entry of a {@code .machine} file: a directory, a regular file with its exact bytes, or a
 * symbolic link with its target exactly as written. Paths are absolute machine paths ("/sys/block/sda").
 */
public sealed interface MachineEntry permits MachineEntry.Dir, MachineEntry.FileEntry, MachineEntry.Link {

    /** The absolute machine path of this entry, without a trailing slash. */
    String path();

    /** An (empty) directory; parent directories of every entry are implied and need no entry. */
    record Dir(String path) implements MachineEntry {
        public Dir {
            Objects.requireNonNull(path);
        }
    }

    /** A regular file holding exactly {@code content}, with the permission bits {@code mode}. */
    record FileEntry(String path, byte[] content, FileMode mode) implements MachineEntry {
        public FileEntry {
            Objects.requireNonNull(path);
            Objects.requireNonNull(mode);
            content = content.clone();
        }

        /** A file of the default mode, 0644 (what a sample line without {@code mode=} gives). */
        public FileEntry(String path, byte[] content) {
            this(path, content, FileMode.DEFAULT);
        }

        @Override
        public byte[] content() {
            return content.clone();
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof FileEntry that && path.equals(that.path) && Arrays.equals(content, that.content)
                    && mode.equals(that.mode);
        }

        @Override
        public int hashCode() {
            return (31 * path.hashCode() + Arrays.hashCode(content)) * 31 + mode.hashCode();
        }

        @Override
        public String toString() {
            return "FileEntry[path=" + path + ", " + content.length + " bytes, mode " + mode + "]";
        }
    }

    /** A symbolic link; {@code target} is stored as written (relative, like the kernel's sysfs links). */
    record Link(String path, String target) implements MachineEntry {
        public Link {
            Objects.requireNonNull(path);
            Objects.requireNonNull(target);
        }
    }
}
