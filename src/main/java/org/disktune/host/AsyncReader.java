package org.disktune.host;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;

/**
 * Reads of one file or block device through Linux native AIO with a fixed number of requests in flight, from one
 * thread: the I/O model of {@code fio --ioengine=libaio --iodepth=N} (fio submits a new request as each one completes;
 * iodepth_batch=1). Raw system calls through JNA's direct mapping of libc's {@code syscall(2)} (no libaio.so):
 * io_setup, io_submit, io_getevents and io_destroy (io_setup(2) ... io_destroy(2); numbers from
 * arch/x86/entry/syscalls/syscall_64.tbl, 206-209, and include/uapi/asm-generic/unistd.h, 0-4, for aarch64). Every
 * read is {@code IOCB_CMD_PREAD} of {@code blockSize} bytes on a descriptor opened with
 * {@code O_RDONLY|O_DIRECT|O_CLOEXEC}: for a buffered descriptor Linux AIO completes inside io_submit, so only O_DIRECT
 * gives real queue depth (io_submit(2), NOTES).
 *
 * <p>Native memory is allocated once in {@link #open} ({@link AioControlBlocks}).
 *
 * <p>Not thread-safe: one thread opens, runs and closes a reader.
 */
public final class AsyncReader implements AutoCloseable {
    private static final int ALIGNMENT = AioControlBlocks.ALIGNMENT;
    private static final int EINTR = 4;
    private static final int EAGAIN = 11;
    private static final int EINVAL = 22;
    private static final int ENOSYS = 38;
    /** io_getevents waits at most this long before the loop checks for an interrupt. */
    private static final long WAIT_NANOS = 200_000_000L;

    private final String name;
    private final int depth;
    private final int blockSize;
    private final AioSyscalls calls;
    private int fd;
    private long context;
    private final AioControlBlocks blocks;
    private final long[] submitted;
    private final long[] offsets;
    private final int[] refilled;
    private boolean closed;

    /** Why native AIO cannot run here (the caller falls back to another path and says so). */
    public static final class UnavailableException extends Exception {
        private static final long serialVersionUID = 1L;

        UnavailableException(String message) {
            super(message);
        }
    }

    /** What {@link #run} did. */
    public record Run(long operations, long lastCompletionNanos, int maxInFlight, long waitsBelowDepth) {
    }

    /** Sees each completed read's bytes (tests); the buffer is read-only and valid only during the call. */
    @FunctionalInterface
    public interface Completion {
        void completed(long offset, ByteBuffer data);
    }

    private AsyncReader(String name, int depth, int blockSize, AioSyscalls calls, int fd, Memory control, Memory buffers) {
        this.name = name;
        this.depth = depth;
        this.blockSize = blockSize;
        this.calls = calls;
        this.fd = fd;
        this.blocks = new AioControlBlocks(depth, blockSize, fd, control, buffers, WAIT_NANOS);
        this.submitted = new long[depth];
        this.offsets = new long[depth];
        this.refilled = new int[depth];
    }

    /**
     * Opens {@code file} (an absolute machine path on the live host: a block device node such as /dev/loop3) for
     * O_DIRECT reads of {@code blockSize} bytes (a multiple of 512 dividing 4096, or a multiple of 4096) with
     * {@code depth} in flight.
     *
     * @throws UnavailableException when native AIO cannot run here: another architecture than x86_64 or aarch64, a
     *                              kernel without AIO (ENOSYS), or /proc/sys/fs/aio-max-nr exhausted (EAGAIN)
     * @throws DisktuneException    (one line) when the file cannot be opened for O_DIRECT reads: missing, no
     *                              permission, or a file system that refuses O_DIRECT (EINVAL)
     */
    public static AsyncReader open(Path file, int depth, int blockSize) throws UnavailableException {
        if (depth < 1 || depth > 4096) {
            throw new IllegalArgumentException("queue depth " + depth + ": 1 to 4096");
        }
        if (blockSize <= 0 || blockSize % 512 != 0 || (blockSize < ALIGNMENT && ALIGNMENT % blockSize != 0)) {
            throw new IllegalArgumentException("block size " + blockSize + ": a multiple of 512 that divides or is a multiple of 4096");
        }
        String path = file.toAbsolutePath().toString();
        if (path.indexOf('\0') >= 0) {
            throw new IllegalArgumentException(path);
        }
        AioSyscalls calls = AioSyscalls.forThisMachine();
        LibC libc = AioSyscalls.libc();
        int fd = libc.open(path, LibC.O_RDONLY | calls.oDirect | LibC.O_CLOEXEC);
        if (fd < 0) {
            int errno = Native.getLastError();
            String why = switch (errno) {
                case 2 -> "no such file; name an existing block device";
                case 13, 1 -> "permission denied; run as root or as a member of the disk group";
                case EINVAL -> "its file system refuses O_DIRECT (EINVAL); measure a block device or a file system that supports direct I/O";
                default -> "open with O_DIRECT failed (errno " + errno + ")";
            };
            throw new DisktuneException(ExitCode.ENVIRONMENT, path + ": " + why);
        }
        boolean done = false;
        try {
            Memory control = new Memory(AioControlBlocks.controlBytes(depth));
            control.clear();
            Memory buffers = new Memory(AioControlBlocks.bufferBytes(depth, blockSize));
            long result = calls.syscall(calls.ioSetup, depth, Pointer.nativeValue(control), 0, 0, 0);
            if (result < 0) {
                int errno = Native.getLastError();
                throw new UnavailableException(switch (errno) {
                    case EAGAIN -> "io_setup(" + depth + ") failed with EAGAIN: /proc/sys/fs/aio-max-nr is exhausted";
                    case ENOSYS -> "io_setup failed with ENOSYS: this kernel has no native AIO (CONFIG_AIO off)";
                    default -> "io_setup(" + depth + ") failed (errno " + errno + ")";
                });
            }
            AsyncReader reader = new AsyncReader(path, depth, blockSize, calls, fd, control, buffers);
            reader.context = control.getLong(0);
            done = true;
            return reader;
        } finally {
            if (!done) {
                libc.close(fd);
            }
        }
    }

    public int depth() {
        return depth;
    }

    public int blockSize() {
        return blockSize;
    }

    /**
     * Reads at the offsets {@code offsets} gives (multiples of the block size inside the file) with exactly {@link
     * #depth} reads in flight: fills every slot, then waits for completions (io_getevents, at least one) and submits a
     * new read for each completed one in one io_submit, until {@code clock} reaches {@code deadlineNanos}; then waits
     * for the reads still in flight, so that none is left in the kernel (at least {@code depth} reads happen, also
     * for a deadline already passed). Each read's latency, from just before its io_submit to just after the
     * io_getevents that returned it, in {@code clock}'s nanoseconds, goes to {@code latencies}.
     *
     * @param completion sees each read's bytes, or null
     * @throws IOException a read that failed or returned fewer bytes than asked (the kernel's errno in the message;
     *                     the reads in flight are waited for and the reader stays usable), or a failed io_submit or
     *                     io_getevents (the reader is closed then)
     */
    public Run run(long deadlineNanos, LongSupplier offsets, LongSupplier clock, LongConsumer latencies, Completion completion) throws IOException {
        if (closed) {
            throw new IllegalStateException("the asynchronous reader of " + name + " is closed");
        }
        resetPointers();
        int inFlight = 0;
        int maxInFlight = 0;
        long waitsBelowDepth = 0;
        long operations = 0;
        long last = 0;
        boolean stopping = false;
        IOException failure = null;
        try {
            for (int slot = 0; slot < depth; slot++) {
                prepare(slot, offsets.getAsLong());
            }
            long t = clock.getAsLong();
            java.util.Arrays.fill(submitted, t);
            inFlight = submit(depth);
            maxInFlight = depth;
            while (inFlight > 0) {
                if (!stopping && inFlight < depth) {
                    waitsBelowDepth++;
                }
                long n = calls.syscall(calls.ioGetevents, context, 1, inFlight, blocks.eventsAddress, blocks.timeoutAddress);
                long now = clock.getAsLong();
                if (n < 0) {
                    int errno = Native.getLastError();
                    if (errno == EINTR) {
                        continue;
                    }
                    throw new IOException(name + ": io_getevents failed (errno " + errno + ")");
                }
                if (n == 0) {
                    if (Thread.currentThread().isInterrupted() && !stopping) {
                        stopping = true;
                        failure = new InterruptedIOException("the reads of " + name + " were interrupted");
                    }
                    continue;
                }
                inFlight -= (int) n;
                if (now >= deadlineNanos) {
                    stopping = true;
                }
                int refill = 0;
                for (int i = 0; i < n; i++) {
                    int slot = blocks.eventSlot(i);
                    long res = blocks.eventResult(i);
                    if (res != blockSize) {
                        if (failure == null) {
                            failure = new IOException(name + ": a read of " + blockSize + " bytes at byte " + this.offsets[slot] + (res < 0
                                    ? " failed (errno " + -res + ")" : " returned " + res + " bytes"));
                        }
                        stopping = true;
                        continue;
                    }
                    latencies.accept(now - submitted[slot]);
                    operations++;
                    last = now;
                    if (completion != null) {
                        completion.completed(this.offsets[slot], blocks.view(slot));
                    }
                    if (!stopping) {
                        // the slot's pointer goes to the front of the pointer array for this io_submit
                        prepare(slot, offsets.getAsLong());
                        blocks.iocbPointer(refill, slot);
                        refilled[refill++] = slot;
                    }
                }
                if (refill > 0) {
                    long submitTime = clock.getAsLong();
                    for (int i = 0; i < refill; i++) {
                        submitted[refilled[i]] = submitTime;
                    }
                    inFlight += submit(refill);
                    maxInFlight = Math.max(maxInFlight, inFlight);
                }
            }
        } catch (IOException | RuntimeException e) {
            // io_destroy waits for the reads still in flight, so none is left writing into memory freed later
            close();
            throw e;
        }
        if (failure != null) {
            throw failure;
        }
        return new Run(operations, last, maxInFlight, waitsBelowDepth);
    }

    private void prepare(int slot, long offset) {
        offsets[slot] = offset;
        blocks.offset(slot, offset);
    }

    private void resetPointers() {
        for (int slot = 0; slot < depth; slot++) {
            blocks.iocbPointer(slot, slot);
        }
    }

    /**
     * io_submit of the first {@code count} entries of the pointer array; a partial submission submits the rest (it
     * happens when the ring is full). Returns {@code count}.
     */
    private int submit(int count) throws IOException {
        int done = 0;
        while (done < count) {
            long n = calls.syscall(calls.ioSubmit, context, count - done, blocks.pointersAddress + (long) done * Long.BYTES, 0, 0);
            if (n < 0) {
                int errno = Native.getLastError();
                if (errno == EINTR || errno == EAGAIN) {
                    continue;
                }
                throw new IOException(name + ": io_submit failed (errno " + errno + (errno == EINVAL
                        ? ": the device refuses these O_DIRECT reads" : "") + ")");
            }
            done += (int) n;
        }
        return count;
    }

    /** Waits for reads in flight (io_destroy does), frees the AIO context and closes the descriptor. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        calls.syscall(calls.ioDestroy, context, 0, 0, 0, 0);
        AioSyscalls.libc().close(fd);
        fd = -1;
        blocks.release();
    }
}
