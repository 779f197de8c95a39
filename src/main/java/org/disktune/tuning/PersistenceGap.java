package org.disktune.tuning;

/**
 * One setting or file that will be lost at reboot: the file that should carry it ({@code /etc/fstab},
 * {@code /etc/udev/rules.d/90-disktune.rules}), what it is about (a mount point, a file) and why, with the fix.
 * {@code found}: what is there instead, in a word or two; {@code fix}: what the fix does or another way to it, said
 * after the apply command that fixes every gap (null: nothing to add, the file is simply rewritten).
 */
public record PersistenceGap(String file, String subject, String cause, String found, String fix) {
    public static final String OUT_OF_DATE = "missing or out of date";
    /** {@code found} of a gap no apply can close on this machine: nothing here can carry the setting. */
    public static final String NOT_CARRIED = "no carrier";

    public PersistenceGap(String file, String subject, String cause) {
        this(file, subject, cause, OUT_OF_DATE, null);
    }

    /** A gap disktune cannot close on this machine; {@code fix} is the whole fix (the user's part). */
    public static PersistenceGap notCarried(String file, String subject, String cause, String fix) {
        return new PersistenceGap(file, subject, cause, NOT_CARRIED, fix);
    }

    /** True when {@code disktune apply} closes this gap. */
    public boolean applyFixes() {
        return !NOT_CARRIED.equals(found);
    }
}
