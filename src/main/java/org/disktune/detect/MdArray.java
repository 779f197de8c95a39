package org.disktune.detect;

import java.util.List;

/**
 * A Linux software RAID array and its member devices (partitions or disks); {@code uuid} as mdadm prints
 * it (from md/uuid, or the /dev/disk/by-id/md-uuid-* link), {@code stripeCacheSize} for RAID4/5/6 only.
 */
public record MdArray(String name, String level, String state, Integer raidDisks, List<String> members, Integer readAheadKb,
        String uuid, Integer stripeCacheSize) {

    /**
     * True when md arrays of kernel {@code release} ("2.6.18-8.el5") show {@code queue/read_ahead_kb}: from Linux 2.6.32
     * on (before it an array has no queue directory in sysfs, and its readahead is set and read only by the BLKRASET
     * and BLKRAGET ioctls). An unknown release counts as a current kernel.
     */
    public static boolean queueShown(String release) {
        return KernelRelease.atLeast(release, 2, 6, 32);
    }
}
