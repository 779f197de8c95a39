package org.disktune.core;

/**
 * The permission bits of a file ({@code 0644}, {@code 0755}): what a plan gives a file it writes, and what the journal
 * keeps so that undo puts the exact old mode back. Only the nine rwx bits; shown and journaled as four octal digits.
 */
public record FileMode(int bits) {
    /** What a new file gets: rw-r--r--. */
    public static final FileMode DEFAULT = new FileMode(0644);

    public FileMode {
        if (bits < 0 || bits > 0777) {
            throw new IllegalArgumentException("not a file mode: " + Integer.toOctalString(bits));
        }
    }

    /** {@code 0755} or {@code 755} (octal, the nine permission bits); empty for anything else. */
    public static java.util.Optional<FileMode> parse(String octal) {
        if (octal == null || !octal.matches("0?[0-7]{3}")) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new FileMode(Integer.parseInt(octal, 8)));
    }

    /** Someone may execute it: root runs a file whose mode has any x bit, as {@code test -x} tells. */
    public boolean executable() {
        return (bits & 0111) != 0;
    }

    /** This mode with an x bit wherever there is an r bit (and the owner's at least): 0644 -> 0755, 0600 -> 0700. */
    public FileMode withExecute() {
        return new FileMode(bits | ((bits & 0444) >> 2) | 0100);
    }

    /** The mode of a file as Java reports it. */
    public static FileMode of(java.util.Set<java.nio.file.attribute.PosixFilePermission> permissions) {
        int bits = 0;
        for (java.nio.file.attribute.PosixFilePermission p : permissions) {
            bits |= 1 << (8 - p.ordinal()); // OWNER_READ (0400) first, OTHERS_EXECUTE (0001) last
        }
        return new FileMode(bits);
    }

    /** This mode as the permissions Java sets. */
    public java.util.Set<java.nio.file.attribute.PosixFilePermission> permissions() {
        java.util.Set<java.nio.file.attribute.PosixFilePermission> set = java.util.EnumSet.noneOf(java.nio.file.attribute.PosixFilePermission.class);
        for (java.nio.file.attribute.PosixFilePermission p : java.nio.file.attribute.PosixFilePermission.values()) {
            if ((bits & (1 << (8 - p.ordinal()))) != 0) {
                set.add(p);
            }
        }
        return set;
    }

    /** Four octal digits, as chmod takes them: {@code 0755}. */
    @Override
    public String toString() {
        return String.format("%04o", bits);
    }
}
