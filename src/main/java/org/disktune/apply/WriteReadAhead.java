package org.disktune.apply;

import java.util.List;
import java.util.Objects;

/**
 * Set the readahead of a block device through the BLKRASET ioctl ({@link org.disktune.host.BlockDevices}): an md
 * array's before Linux 2.6.32, which shows no queue/read_ahead_kb for arrays, so no sysfs write can set it.
 * {@code device} is the kernel name ("md0"), {@code identity} a name that survives reboots ("md-uuid-...", null when
 * none), {@code setting} the configuration key, and {@code oldKib}/{@code newKib} the readahead in KiB: the old one
 * what the planner read through BLKRAGET, checked again before anything changes and journaled so that undo puts it
 * back.
 */
public record WriteReadAhead(String device, String identity, String setting, long oldKib, long newKib, String reason) implements Change {
    public WriteReadAhead {
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(setting, "setting");
        Objects.requireNonNull(reason, "reason");
        if (!device.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("not a kernel device name: " + device);
        }
        if (oldKib < 0 || newKib < 0) {
            throw new IllegalArgumentException("readahead must not be negative");
        }
    }

    /** The device node, as plans and messages name it: "/dev/md0". */
    public String target() {
        return "/dev/" + device;
    }

    @Override
    public List<String> touchedFiles() {
        return List.of();
    }

    @Override
    public boolean live() {
        return true;
    }

    @Override
    public <R> R accept(ChangeVisitor<R> visitor) {
        return visitor.writeReadAhead(this);
    }
}
