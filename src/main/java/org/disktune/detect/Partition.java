package org.disktune.detect;

/** A partition of a disk: kernel name, first sector and size. */
public record Partition(String name, Long startSector, Long sizeBytes) {
}
