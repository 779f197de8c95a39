package org.disktune.apply;

import java.util.Objects;

/**
 * Write one sysfs attribute of a block device ({@code /sys/block/sdb/queue/scheduler}): a step of its own
 * because sysfs cannot be written by rename. {@code oldValue} is what the planner read (the active
 * scheduler, not the whole bracketed list), checked again before anything changes and journaled so that
 * rollback can write it back; {@code device} is the kernel name and {@code identity} a name that survives
 * reboots (a /dev/disk/by-id name, or "md-uuid-..." for arrays; null when the device has none), so that
 * rollback finds the same device after its kernel name moved.
 */
public record WriteAttribute(String path, String device, String identity, String oldValue, String newValue, String reason)
        implements Change {
    public WriteAttribute {
        MachinePaths.requireAbsolute(path);
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(oldValue, "oldValue");
        Objects.requireNonNull(newValue, "newValue");
        Objects.requireNonNull(reason, "reason");
    }

    @Override
    public java.util.List<String> touchedFiles() {
        return java.util.List.of();
    }

    @Override
    public boolean live() {
        return true;
    }

    @Override
    public <R> R accept(ChangeVisitor<R> visitor) {
        return visitor.writeAttribute(this);
    }
}
