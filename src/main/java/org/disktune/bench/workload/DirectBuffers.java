package org.disktune.bench.workload;

import java.nio.ByteBuffer;

/**
 * Direct buffers whose address is a multiple of an alignment, as O_DIRECT needs (open(2): "the user buffer ... must
 * be aligned to the logical block size"; Java refuses a misaligned buffer with "Current location of the bytebuffer is
 * not a multiple of the block size"). Allocated once per trial and reused for every I/O of it.
 */
final class DirectBuffers {
    private DirectBuffers() {
    }

    /** A direct buffer of exactly {@code size} bytes starting at an address that is a multiple of {@code alignment}. */
    static ByteBuffer aligned(int size, int alignment) {
        if (Integer.bitCount(alignment) != 1 || size % alignment != 0) {
            throw new IllegalArgumentException("size " + size + " and alignment " + alignment + ": need a power of two dividing the size");
        }
        return ByteBuffer.allocateDirect(size + alignment).alignedSlice(alignment).slice(0, size);
    }
}
