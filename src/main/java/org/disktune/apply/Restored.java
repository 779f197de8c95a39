package org.disktune.apply;

import java.util.List;
import java.util.Objects;

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
        return of(plan.changes().stream().map(ChangeRecord::of).toList());
    }

    /** What the undo or rollback {@code entry} put back. */
    public static Restored of(JournalEntry entry) {
        return of(entry.changes());
    }

    private static Restored of(List<ChangeRecord> records) {
        List<String> items = records.stream().map(Restored::item).filter(Objects::nonNull).toList();
        boolean reboot = records.stream().anyMatch(r -> isFile(r) && isBootFile(r.path()));
        return new Restored(items, reboot);
    }

    private static String item(ChangeRecord record) {
        return switch (record.kind()) {
            case WRITE_FILE, DELETE_FILE -> record.path();
            case WRITE_ATTRIBUTE -> attribute(record.path(), record.device()) + " = " + record.newValue();
            case PROGRAM_SETTING -> record.path() + " " + record.setting() + " = " + record.newValue();
            case RUN_PROGRAM, VERIFY -> null;
        };
    }

    /** "sda queue/scheduler" for /sys/block/sda/queue/scheduler; the path itself when it is not under the device. */
    private static String attribute(String path, String device) {
        String prefix = "/sys/block/" + device + "/";
        return device != null && path.startsWith(prefix) ? device + " " + path.substring(prefix.length()) : path;
    }

    private static boolean isFile(ChangeRecord record) {
        return record.kind() == ChangeKind.WRITE_FILE || record.kind() == ChangeKind.DELETE_FILE;
    }

    private static boolean isBootFile(String path) {
        return path.startsWith("/boot/") || path.equals(DisktuneModprobeFile.PATH);
    }
}
