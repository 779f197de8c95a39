package org.disktune.apply;

import java.util.List;

import org.disktune.modprobe.DisktuneModprobeFile;

/**
 * What an undo or a rollback puts back, as its message names it, and whether that needs a reboot. One item per
 * file written or removed (its path), sysfs attribute ("sda queue/scheduler = mq-deadline") and program setting
 * ("/dev/hde io32 = 0", "/ atime = strictatime"), in plan order. A reboot is needed only for an initramfs image or a
 * boot file: anything under /boot, and disktune's modprobe.d file (read when the module loads, at boot); sysfs
 * values, program settings, udev rules, fstab and disktune's own configuration take effect at once or need none.
 */
public record Restored(List<String> items, boolean rebootNeeded) {
    public Restored {
        items = List.copyOf(items);
    }

    /** What {@code plan} would put back. */
    public static Restored of(Plan plan) {
        return of(plan.changes().stream().map(JournaledChange::of).toList());
    }

    /** What the undo or rollback {@code entry} put back. */
    public static Restored of(JournalEntry entry) {
        return of(entry.changes());
    }

    private static Restored of(List<JournaledChange> changes) {
        UndoNeeds needs = UndoNeeds.of(changes);
        return new Restored(needs.items(), needs.files().stream().anyMatch(Restored::isBootFile));
    }

    private static boolean isBootFile(String path) {
        return path.startsWith("/boot/") || path.equals(DisktuneModprobeFile.PATH);
    }
}
