package org.disktune.host;

/** Block-device ioctls (through JNA on a live host). Device names are kernel names: "sda", "vda". */
public interface BlockDevices {
    /** BLKGETSIZE64: size in bytes. */
    long sizeBytes(String device);

    /** BLKRAGET: readahead in 512-byte sectors (what blockdev --getra and hdparm -a show). */
    long readAheadSectors(String device);

    /** BLKFLSBUF: flush the buffer cache of the device (as hdparm -t does before timing). */
    void flushBuffers(String device);
}
