package org.disktune.apply;

import java.util.List;
import java.util.Objects;

/**
 * Set one live setting through a program, because neither a file nor a sysfs attribute holds it: a drive
 * feature through hdparm ({@code hdparm -W0 /dev/disk/by-id/ata-...}) or a mount option through a remount
 * ({@code mount -o remount,noatime /home}). {@code target} is what is set (the device path or the mount point),
 * {@code device} the disk's kernel name when the plan was made (null for mounts), {@code identity} the disk's lasting name (null for mounts and disks without one), {@code setting} the
 * configuration key, {@code oldValue} what the planner read (null when it cannot be read: hdparm cannot ask a
 * drive its standby timer) and {@code undoArgv} the program that puts the old value back (empty exactly when
 * the old value is unknown: then rollback says it cannot restore it). A non-zero exit fails the plan.
 */
public record ProgramSetting(String target, String device, String identity, String setting, String oldValue, String newValue,
        List<String> argv, List<String> undoArgv, String reason) implements Change {
    public ProgramSetting {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(setting, "setting");
        Objects.requireNonNull(newValue, "newValue");
        Objects.requireNonNull(reason, "reason");
        argv = List.copyOf(argv);
        undoArgv = List.copyOf(undoArgv);
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("argv must name a program");
        }
        if ((oldValue == null) != undoArgv.isEmpty()) {
            throw new IllegalArgumentException("undoArgv is given exactly when the old value is known");
        }
    }

    /** The step that puts this one back (old and new value swapped), empty when the old value is unknown. */
    public java.util.Optional<ProgramSetting> reversed(String why) {
        return oldValue == null ? java.util.Optional.empty()
                : java.util.Optional.of(new ProgramSetting(target, device, identity, setting, newValue, oldValue, undoArgv, argv, why));
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
        return visitor.programSetting(this);
    }
}
