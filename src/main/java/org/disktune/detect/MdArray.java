package org.disktune.detect;

import java.util.List;

/**
 * A Linux software RAID array and its member devices (partitions or disks); {@code uuid} as mdadm prints
 * it (from md/uuid, or the /dev/disk/by-id/md-uuid-* link), {@code stripeCacheSize} for RAID4/5/6 only.
 */
public record MdArray(String name, String level, String state, Integer raidDisks, List<String> members, Integer readAheadKb,
        String uuid, Integer stripeCacheSize) {
}
