package org.disktune.bench.workload;

import java.util.SplittableRandom;

/**
 * Uniformly random offsets of whole blocks inside a device: multiples of {@code blockSize} in {@code [0, size -
 * blockSize]}, so every read is aligned and ends inside the device (fio's randread draws block-aligned offsets over
 * the file the same way). One per thread: SplittableRandom is not shared.
 */
final class RandomOffsets {
    private final long blocks;
    private final int blockSize;
    private final SplittableRandom random;

    RandomOffsets(long deviceSize, int blockSize, SplittableRandom random) {
        if (blockSize <= 0 || deviceSize < blockSize) {
            throw new IllegalArgumentException("a device of " + deviceSize + " bytes holds no block of " + blockSize);
        }
        this.blocks = deviceSize / blockSize;
        this.blockSize = blockSize;
        this.random = random;
    }

    long next() {
        return random.nextLong(blocks) * blockSize;
    }
}
