package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Linux native AIO on a real loop device of 16 MiB of known random bytes (written once by the test through the
 * device node; the reader only reads): the bytes of every read, the depth kept in flight, short runs and errors.
 */
@Tag("loop")
class AsyncReaderTest {
    private static final int MIB = 16;
    private static final int BLOCK = 4096;
    private static final long MILLIS = 1_000_000L;

    @TempDir
    static Path dir;
    private static LoopDevice loop;
    private static Path node;
    private static byte[] content;

    @BeforeAll
    static void attachAFilledLoopDevice() throws IOException {
        loop = LoopDevice.attach(dir, MIB);
        node = Path.of("/dev", loop.name());
        content = new byte[MIB << 20];
        new Random(42).nextBytes(content);
        try (FileChannel channel = FileChannel.open(node, StandardOpenOption.WRITE)) {
            ByteBuffer all = ByteBuffer.wrap(content);
            while (all.hasRemaining()) {
                channel.write(all);
            }
            channel.force(true);
        }
    }

    @AfterAll
    static void detach() throws IOException {
        if (loop != null) {
            loop.close();
        }
    }

    private static LongSupplier randomBlocks(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long blocks = (MIB << 20) / BLOCK;
        return () -> random.nextLong(blocks) * BLOCK;
    }

    @Test
    void everyReadReturnsTheDevicesBytesAtItsOffsetAndReachesTheDevice() throws Exception {
        List<Long> seen = new ArrayList<>();
        List<String> wrong = new ArrayList<>();
        long[] before = stat();
        AsyncReader.Run run;
        try (AsyncReader reader = AsyncReader.open(node, 8, BLOCK)) {
            run = reader.run(System.nanoTime() + 150 * MILLIS, randomBlocks(1), System::nanoTime, latency -> {
            }, (offset, data) -> {
                seen.add(offset);
                if (!data.equals(ByteBuffer.wrap(content, (int) offset, BLOCK))) {
                    wrong.add("offset " + offset);
                }
            });
        }
        long[] after = stat();
        assertTrue(run.operations() > 8, "reads: " + run.operations());
        assertEquals(run.operations(), seen.size());
        assertEquals(List.of(), wrong.subList(0, Math.min(5, wrong.size())), wrong.size() + " of " + seen.size() + " reads differ");
        assertTrue(seen.stream().distinct().count() > Math.min(seen.size() / 2, 1000), "the offsets vary: " + seen.stream().distinct().count());
        // /sys/block/NAME/stat field 3: sectors read. O_DIRECT: every 4 KiB read went to the device, no page cache
        assertEquals(run.operations() * (BLOCK / 512), after[2] - before[2], "sectors read from " + loop.name());
        assertEquals(0, after[6] - before[6], "sectors written to " + loop.name());
    }

    @Test
    void keepsExactlyDepthReadsInFlightAndTimesEachOne() throws Exception {
        for (int depth : new int[] {1, 4, 32}) {
            // 100 ms, longer only when a starved machine (CI on 2 loaded cores) completed no more than the first batch in it
            for (long window : new long[] {100, 1000, 5000}) {
                long[] latencies = new long[1];
                long[] max = new long[1];
                try (AsyncReader reader = AsyncReader.open(node, depth, BLOCK)) {
                    long start = System.nanoTime();
                    AsyncReader.Run run = reader.run(start + window * MILLIS, randomBlocks(depth), System::nanoTime, latency -> {
                        latencies[0]++;
                        max[0] = Math.max(max[0], latency);
                    }, null);
                    long end = System.nanoTime();
                    assertEquals(depth, run.maxInFlight(), "depth " + depth);
                    assertEquals(0, run.waitsBelowDepth(), "depth " + depth + ": waited with fewer reads in flight");
                    assertEquals(run.operations(), latencies[0], "one latency per read");
                    assertTrue(run.lastCompletionNanos() >= start + window * MILLIS && run.lastCompletionNanos() <= end, "last completion");
                    assertTrue(max[0] > 0 && max[0] <= end - start, "latency " + max[0]);
                    if (run.operations() > depth) {
                        break;
                    }
                    assertTrue(window < 5000, "depth " + depth + ": only " + run.operations() + " reads in " + window + " ms");
                }
            }
        }
    }

    @Test
    void aRunWhoseDeadlinePassedReadsEachSlotOnceAndTheReaderRunsAgain() throws Exception {
        try (AsyncReader reader = AsyncReader.open(node, 16, BLOCK)) {
            AsyncReader.Run run = reader.run(System.nanoTime() - 1, randomBlocks(3), System::nanoTime, latency -> {
            }, null);
            assertEquals(16, run.operations());
            run = reader.run(System.nanoTime() + 20 * MILLIS, randomBlocks(4), System::nanoTime, latency -> {
            }, null);
            assertTrue(run.operations() >= 16);
            assertEquals(16, run.maxInFlight());
        }
    }

    @Test
    void aReadBeyondTheEndOrOnAClosedReaderFails() throws Exception {
        AsyncReader reader = AsyncReader.open(node, 4, BLOCK);
        try {
            long[] next = {0};
            IOException e = assertThrows(IOException.class, () -> reader.run(System.nanoTime() + 50 * MILLIS,
                    () -> next[0]++ < 2 ? 0 : (long) MIB << 20, System::nanoTime, latency -> {
                    }, null));
            assertEquals(node + ": a read of 4096 bytes at byte " + ((long) MIB << 20) + " returned 0 bytes", e.getMessage());
        } finally {
            reader.close();
        }
        reader.close();
        IllegalStateException closed = assertThrows(IllegalStateException.class,
                () -> reader.run(System.nanoTime(), randomBlocks(5), System::nanoTime, latency -> {
                }, null));
        assertEquals("the asynchronous reader of " + node + " is closed", closed.getMessage());
    }

    @Test
    void aFileSystemWithoutODirectOrAMissingFileIsAOneLineError() {
        // procfs has no direct I/O: open(2) with O_DIRECT fails with EINVAL there
        DisktuneException e = assertThrows(DisktuneException.class, () -> AsyncReader.open(Path.of("/proc/self/status"), 4, BLOCK));
        assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
        assertEquals("/proc/self/status: its file system refuses O_DIRECT (EINVAL); measure a block device or a file system that "
                + "supports direct I/O", e.getMessage());
        e = assertThrows(DisktuneException.class, () -> AsyncReader.open(dir.resolve("absent"), 4, BLOCK));
        assertEquals(dir.resolve("absent") + ": no such file; name an existing block device", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> AsyncReader.open(node, 0, BLOCK));
        assertThrows(IllegalArgumentException.class, () -> AsyncReader.open(node, 4, 1000));
    }

    @Test
    void theDirectlyMappedSyscallReportsTheKernelsErrno() throws Exception {
        AioSyscalls calls = AioSyscalls.forThisMachine();
        // io_setup checks that it can read *ctxp first (EFAULT for NULL), then refuses nr_events 0 (EINVAL; fs/aio.c)
        assertEquals(-1, calls.syscall(calls.ioSetup, 4, 0, 0, 0, 0));
        assertEquals(14, Native.getLastError());
        Memory context = new Memory(8);
        context.clear();
        assertEquals(-1, calls.syscall(calls.ioSetup, 0, Pointer.nativeValue(context), 0, 0, 0));
        assertEquals(22, Native.getLastError());
        // io_destroy of a context that does not exist is EINVAL too
        assertEquals(-1, calls.syscall(calls.ioDestroy, 12345, 0, 0, 0, 0));
        assertEquals(22, Native.getLastError());
    }

    /** /sys/block/NAME/stat: reads completed, merged, sectors read, ticks, writes completed, merged, sectors written ... */
    private static long[] stat() throws IOException {
        String[] fields = Files.readString(Path.of("/sys/block", loop.name(), "stat")).strip().split("\\s+");
        long[] values = new long[fields.length];
        for (int i = 0; i < fields.length; i++) {
            values[i] = Long.parseLong(fields[i]);
        }
        return values;
    }
}
