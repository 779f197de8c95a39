package org.disktune.host;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;

/**
 * The native memory of an {@link AsyncReader}, allocated once: the {@code struct iocb}s (64 bytes each, laid out as in
 * include/uapi/linux/aio_abi.h on a little-endian 64-bit machine: aio_data 0, aio_key 8, aio_rw_flags 12,
 * aio_lio_opcode 16, aio_reqprio 18, aio_fildes 20, aio_buf 24, aio_nbytes 32, aio_offset 40, aio_reserved2 48,
 * aio_flags 56, aio_resfd 60), the array of pointers io_submit takes, the {@code struct io_event}s (32 bytes: data,
 * obj, res, res2), io_getevents' timeout and one buffer per slot, 4096-aligned (O_DIRECT needs the buffer aligned to
 * the logical block size, open(2)). They are read and written through direct ByteBuffers, so a run allocates nothing
 * and makes no JNI call apart from the system calls.
 */
final class AioControlBlocks {
    static final int IOCB_SIZE = 64;
    static final int EVENT_SIZE = 32;
    static final int ALIGNMENT = 4096;
    private static final int IOCB_CMD_PREAD = 0;

    /** Keeps the native memory reachable (JNA frees a Memory when it is collected). */
    private Memory control;
    private Memory bufferMemory;
    private final ByteBuffer iocbs;
    private final ByteBuffer events;
    private final ByteBuffer pointers;
    private final long iocbsAddress;
    final long pointersAddress;
    final long eventsAddress;
    final long timeoutAddress;
    private final ByteBuffer[] views;

    /** The bytes of the control memory for {@code depth} requests: the AIO context, iocbs, pointers, events, timeout. */
    static long controlBytes(int depth) {
        return 8L + (long) depth * (IOCB_SIZE + Long.BYTES + EVENT_SIZE) + 16;
    }

    /** The bytes of the buffer memory for {@code depth} reads of {@code blockSize}, with room to align it. */
    static long bufferBytes(int depth, int blockSize) {
        return (long) depth * blockSize + ALIGNMENT;
    }

    /**
     * Lays out {@code depth} reads of {@code blockSize} bytes from {@code fd} in {@code control} (cleared, the AIO
     * context at its start) and {@code buffers}, waiting at most {@code waitNanos} in each io_getevents.
     */
    AioControlBlocks(int depth, int blockSize, int fd, Memory control, Memory buffers, long waitNanos) {
        this.control = control;
        this.bufferMemory = buffers;
        long base = Pointer.nativeValue(control);
        ByteBuffer all = control.getByteBuffer(0, control.size()).order(ByteOrder.nativeOrder());
        int iocbBytes = depth * IOCB_SIZE;
        int pointerBytes = depth * Long.BYTES;
        int eventBytes = depth * EVENT_SIZE;
        this.iocbs = all.slice(8, iocbBytes).order(ByteOrder.nativeOrder());
        this.pointersAddress = base + 8 + iocbBytes;
        this.eventsAddress = pointersAddress + pointerBytes;
        this.events = all.slice(8 + iocbBytes + pointerBytes, eventBytes).order(ByteOrder.nativeOrder());
        this.pointers = all.slice(8 + iocbBytes, pointerBytes).order(ByteOrder.nativeOrder());
        this.iocbsAddress = base + 8;
        this.timeoutAddress = eventsAddress + eventBytes;
        all.putLong(8 + iocbBytes + pointerBytes + eventBytes, waitNanos / 1_000_000_000L);
        all.putLong(8 + iocbBytes + pointerBytes + eventBytes + 8, waitNanos % 1_000_000_000L);
        Pointer aligned = buffers.align(ALIGNMENT);
        long bufferAddress = Pointer.nativeValue(aligned);
        this.views = new ByteBuffer[depth];
        for (int slot = 0; slot < depth; slot++) {
            views[slot] = aligned.getByteBuffer((long) slot * blockSize, blockSize).asReadOnlyBuffer();
            int at = slot * IOCB_SIZE;
            iocbs.putLong(at, slot); // aio_data: the slot, returned in the io_event
            iocbs.putShort(at + 16, (short) IOCB_CMD_PREAD);
            iocbs.putInt(at + 20, fd);
            iocbs.putLong(at + 24, bufferAddress + (long) slot * blockSize);
            iocbs.putLong(at + 32, blockSize);
            pointers.putLong(slot * Long.BYTES, iocbsAddress + at);
        }
    }

    /** The slot's next read is at byte {@code offset}. */
    void offset(int slot, long offset) {
        iocbs.putLong(slot * IOCB_SIZE + 40, offset);
    }

    /** Entry {@code index} of the pointer array io_submit reads points to the iocb of {@code slot}. */
    void iocbPointer(int index, int slot) {
        pointers.putLong(index * Long.BYTES, iocbsAddress + (long) slot * IOCB_SIZE);
    }

    /** The slot whose read event {@code index} (of those io_getevents returned) completed. */
    int eventSlot(int index) {
        return (int) events.getLong(index * EVENT_SIZE);
    }

    /** The result of event {@code index}: the bytes read, or a negative errno. */
    long eventResult(int index) {
        return events.getLong(index * EVENT_SIZE + 16);
    }

    /** The bytes the slot's last read filled in (read-only, valid until its next read). */
    ByteBuffer view(int slot) {
        return views[slot].duplicate();
    }

    /** Lets JNA free the memory once no read is in flight (after io_destroy). */
    void release() {
        control = null;
        bufferMemory = null;
    }
}
