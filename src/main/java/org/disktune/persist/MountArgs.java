package org.disktune.persist;

import java.util.ArrayList;
import java.util.List;

import org.disktune.core.DisktuneException;

/**
 * The live half of a mount-option change: the argument list of {@code mount -o remount,OPTIONS MOUNTPOINT}
 * (a program, never a shell). Facts it relies on:
 * <ul>
 * <li>the kernel keeps a mount's access-time mode on a remount that names none of noatime, nodiratime,
 * relatime and strictatime ("The default atime for remount is preservation", fs/namespace.c since Linux 3.17),
 * and mount(8)'s {@code atime} only clears noatime; so {@code atime}, which at the next boot gives the kernel's
 * default (relatime since 2.6.30), is remounted as {@code relatime} to match what the next boot gives;</li>
 * <li>lazytime off is remounted with {@code nolazytime}, so that a live lazytime is switched off rather than
 * left to how mount(8) merges the fstab options into the remount.</li>
 * </ul>
 */
public final class MountArgs {
    private MountArgs() {
    }

    /** ["mount", "-o", "remount,noatime", "/home"]; refuses (USAGE) a mount point that is not absolute or holds control characters. */
    public static List<String> remount(String mountPoint, MountOptions wanted) {
        if (wanted.isEmpty()) {
            throw new IllegalArgumentException("no mount option to set on " + mountPoint);
        }
        if (mountPoint == null || !mountPoint.startsWith("/") || hasControl(mountPoint)) {
            throw DisktuneException.usage("'" + (mountPoint == null ? "" : mountPoint.replaceAll("\\p{Cntrl}", "?"))
                    + "' is not a mount point disktune remounts (an absolute path without control characters); fix the [mount] section");
        }
        List<String> options = new ArrayList<>(List.of("remount"));
        if (wanted.atime() != null) {
            options.add("atime".equals(wanted.atime()) ? "relatime" : wanted.atime());
        }
        if (wanted.lazytime() != null) {
            options.add(wanted.lazytime() ? "lazytime" : "nolazytime");
        }
        return List.of("mount", "-o", String.join(",", options), mountPoint);
    }

    private static boolean hasControl(String s) {
        return s.chars().anyMatch(Character::isISOControl);
    }
}
