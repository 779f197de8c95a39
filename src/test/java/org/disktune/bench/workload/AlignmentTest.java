package org.disktune.bench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.BitSet;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** O_DIRECT's rules without a device: aligned buffers, and random offsets that are whole blocks inside the device. */
class AlignmentTest {
    @Test
    void alignedBuffersStartAtAMultipleOfTheAlignmentAndHaveTheSizeAskedFor() {
        for (int alignment : new int[] {512, 4096, 65536}) {
            for (int i = 0; i < 50; i++) {
                ByteBuffer buffer = DirectBuffers.aligned(4096 * (1 + i % 3) * (alignment > 4096 ? alignment / 4096 : 1), alignment);
                assertTrue(buffer.isDirect());
                assertEquals(0, buffer.alignmentOffset(0, alignment));
                assertEquals(0, buffer.position());
                assertEquals(buffer.capacity(), buffer.limit());
                assertEquals(0, buffer.capacity() % alignment);
            }
        }
        assertEquals(2 << 20, DirectBuffers.aligned(2 << 20, 4096).capacity());
        assertThrows(IllegalArgumentException.class, () -> DirectBuffers.aligned(4096, 3000));
        assertThrows(IllegalArgumentException.class, () -> DirectBuffers.aligned(6000, 4096));
    }

    @Test
    void randomOffsetsAreWholeBlocksInsideTheDeviceAndReachEveryBlock() {
        long size = 16 * 4096 + 512; // a tail shorter than a block is never read
        RandomOffsets offsets = new RandomOffsets(size, 4096, new SplittableRandom(1));
        BitSet seen = new BitSet();
        for (int i = 0; i < 20_000; i++) {
            long offset = offsets.next();
            assertEquals(0, offset % 4096, "offset " + offset);
            assertTrue(offset >= 0 && offset + 4096 <= size, "offset " + offset);
            seen.set((int) (offset / 4096));
        }
        assertEquals(16, seen.cardinality(), "every whole block drawn: " + seen);
        assertEquals(16, seen.length());

        RandomOffsets large = new RandomOffsets(8L << 40, 4096, new SplittableRandom(2));
        long max = 0;
        for (int i = 0; i < 10_000; i++) {
            long offset = large.next();
            assertTrue(offset % 4096 == 0 && offset >= 0 && offset + 4096 <= 8L << 40);
            max = Math.max(max, offset);
        }
        assertTrue(max > 7L << 40, "offsets beyond 2^32 blocks' worth of a 8 TiB device are drawn too: " + max);
        assertThrows(IllegalArgumentException.class, () -> new RandomOffsets(4095, 4096, new SplittableRandom()));
    }
}
