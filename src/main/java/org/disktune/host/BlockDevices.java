package org.disktune.host;

/** Block-device ioctls (through JNA on a live host). Device names are kernel names: "sda", "vda". */
public interface BlockDevices {
    /** BLKGETSIZE64: size in bytes. */
    long sizeBytes(String device);

    /** BLKRAGET: readahead in 512-byte sectors (what blockdev --getra and hdparm -a show). */
    long readAheadSectors(String device);

    /**
     * BLKRASET: sets the readahead to {@code sectors} 512-byte sectors (what blockdev --setra does); the kernel keeps it
     * in whole pages and needs CAP_SYS_ADMIN. The only way to set an md array's readahead before Linux 2.6.32, which
     * shows no queue/read_ahead_kb for arrays.
     */
    void setReadAheadSectors(String device, long sectors);

    /**
     * BLKSSZGET: the logical block size in bytes (512 or 4096; what blockdev --getss shows), the unit O_DIRECT
     * offsets, lengths and buffer addresses must be multiples of on a block device (open(2), "O_DIRECT").
     */
    int logicalBlockSize(String device);

    /** BLKFLSBUF: flush the buffer cache of the device (as hdparm -t does before timing). */
    void flushBuffers(String device);

    /**
     * posix_fadvise(POSIX_FADV_DONTNEED) over the whole of the regular file {@code machinePath} (absolute): the
     * kernel drops its clean pages from the page cache (mm/fadvise.c starts writeback of dirty ones and invalidates
     * what is clean), so that the next read of it goes to the disk. Used on the backing file of a loop device,
     * whose reads are otherwise served from that file's cache however often the loop device's own buffers are
     * flushed. Opens the file read-only; changes no data.
     */
    void dropFileCache(String machinePath);
}
