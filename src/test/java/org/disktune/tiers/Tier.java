package org.disktune.tiers;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Collection;
import java.util.Optional;

/**
 * The tags of tests that need more than a user account, and what each needs. A test carries the tag of what it
 * needs ({@code @Tag("root")}); run by another user, {@link TierCondition} does not run it and {@link TierReport}
 * says so in one line per tier. Run as root (as CI's .ci/run does) every one of them runs, and a missing tool fails.
 */
public enum Tier {
    /** Root itself: file ownership, chroot, namespaces, ioctls, block devices of this machine. */
    ROOT("root", "needs root"),
    /** Loop devices on temporary files (losetup, udevadm in a private mount namespace). */
    LOOP("loop", "needs root for loop devices"),
    /** This machine's own kernel log, /dev/kmsg (root where kernel.dmesg_restrict is 1, as on Debian). */
    KMSG("kmsg", "needs to read /dev/kmsg (root, or kernel.dmesg_restrict=0)"),
    /** Debian 12 roots built with debootstrap and the real initramfs generators run in them (chroot). */
    DEBOOTSTRAP("debootstrap", "needs root for debootstrap and chroot");

    private final String tag;
    private final String need;

    Tier(String tag, String need) {
        this.tag = tag;
        this.need = need;
    }

    public String tag() {
        return tag;
    }

    /** Why a test of this tier does not run here, as the report prints it. */
    public String notRun() {
        return "not run: " + need;
    }

    /** The first tier among the tags whose need this process does not meet. */
    static Optional<Tier> unmet(Collection<String> tags) {
        return Arrays.stream(values()).filter(t -> tags.contains(t.tag) && !t.metHere()).findFirst();
    }

    /** Root meets every need; another user only reads /dev/kmsg where the kernel lets it. */
    boolean metHere() {
        return isRoot() || this == KMSG && kmsgReadable();
    }

    static boolean isRoot() {
        return new com.sun.security.auth.module.UnixSystem().getUid() == 0;
    }

    private static boolean kmsgReadable() {
        try (FileChannel ignored = FileChannel.open(Path.of("/dev/kmsg"), StandardOpenOption.READ)) {
            return true;
        } catch (IOException | SecurityException e) {
            return false;
        }
    }
}
