package org.disktune.bench.workload;

/** How a directory workload reaches the file system under test. */
public enum IoMode {
    /**
     * {@code O_DIRECT} (Java's {@code ExtendedOpenOption.DIRECT}) with buffers, offsets and lengths aligned to the
     * file system's block size: reads and writes bypass the page cache (open(2), "O_DIRECT"), so a modest test file
     * measures the disk.
     */
    DIRECT,
    /**
     * Through the page cache, as bonnie++ does: the test file is twice RAM so that the cache cannot hold it (bonnie++
     * refuses a file smaller than twice RAM for the same reason).
     */
    BUFFERED
}
