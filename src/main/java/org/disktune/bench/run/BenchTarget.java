package org.disktune.bench.run;

/**
 * What a benchmark measures, resolved before anything runs: a block device (read only) or a directory on the file
 * system under test.
 *
 * @param kind     DEVICE or DIRECTORY
 * @param given    the target as the user wrote it
 * @param device   the kernel name of the device ("sdb", "loop3"), or of the device holding the directory (null when
 *                 unknown: tmpfs, overlay)
 * @param path     the machine path measured: the device node (/dev/sdb) or the directory
 * @param identity the device's stable name (a /dev/disk/by-id name), null when it has none
 */
public record BenchTarget(Kind kind, String given, String device, String path, String identity) {
    /** A block device or a directory. */
    public enum Kind {
        DEVICE, DIRECTORY
    }
}
