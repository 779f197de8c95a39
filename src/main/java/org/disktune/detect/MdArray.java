package org.disktune.detect;

import java.util.List;

/** A Linux software RAID array and its member devices (partitions or disks). */
public record MdArray(String name, String level, String state, Integer raidDisks, List<String> members, Integer readAheadKb) {
}
