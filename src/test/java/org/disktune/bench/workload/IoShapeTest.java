package org.disktune.bench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.Test;

/**
 * --threads and --block-size as the user writes them, and the sizes a directory workload plans from them: a test file
 * per thread, whole blocks and MiB, threads x file size held on the file system.
 */
class IoShapeTest {
    private static final long MIB = 1L << 20;
    private static final long GIB = 1L << 30;

    @Test
    void blockSizesAreReadInBinaryUnitsAsFioAndSysbenchReadThem() {
        assertEquals(8192, IoShape.parseBlockSize("8k"));
        assertEquals(8192, IoShape.parseBlockSize("8K"));
        assertEquals(4096, IoShape.parseBlockSize("4KiB"));
        assertEquals(65536, IoShape.parseBlockSize("64 kb"));
        assertEquals(4096, IoShape.parseBlockSize("4096"));
        assertEquals(1 << 20, IoShape.parseBlockSize("1M"));
        assertEquals(16 << 20, IoShape.parseBlockSize(" 16MiB "));
    }

    @Test
    void aBadBlockSizeIsOneUsageLineNamingTheOptionAndTheFix() {
        for (String bad : List.of("", "k", "8x", "-8k", "8.5k", "1G", "1 000k", "99999999999", "8k\nscheduler = none")) {
            DisktuneException e = assertThrows(DisktuneException.class, () -> IoShape.parseBlockSize(bad), bad);
            assertEquals(ExitCode.USAGE, e.exitCode(), bad);
            assertTrue(e.getMessage().startsWith("--block-size ") && e.getMessage().contains("is not a size; write e.g. 8k"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
        for (String bad : List.of("512", "2k", "3k", "12k", "32M", "1000000")) {
            DisktuneException e = assertThrows(DisktuneException.class, () -> IoShape.parseBlockSize(bad), bad);
            assertEquals(ExitCode.USAGE, e.exitCode(), bad);
            assertEquals("--block-size " + bad + " is not a power of two from 4 KiB to 16 MiB (O_DIRECT needs whole 4 KiB blocks); "
                    + "give e.g. 4k, 8k, 64k or 1M", e.getMessage());
        }
    }

    @Test
    void threadsAreOneToTheLimitAndDefaultToOne() {
        assertEquals(new IoShape(16, 8192), IoShape.of(16, "8k"));
        assertEquals(IoShape.DEFAULT, IoShape.of(null, null));
        assertEquals(new IoShape(IoShape.MAX_THREADS, 0), IoShape.of(IoShape.MAX_THREADS, null));
        for (int bad : new int[] {0, -1, IoShape.MAX_THREADS + 1}) {
            DisktuneException e = assertThrows(DisktuneException.class, () -> IoShape.of(bad, null));
            assertEquals(ExitCode.USAGE, e.exitCode());
            assertEquals("--threads " + bad + " is outside 1..128; give e.g. --threads 16", e.getMessage());
        }
    }

    @Test
    void theShapeSaysItselfInOneLine() {
        assertEquals("16 threads, 8 KiB blocks", new IoShape(16, 8192).describe());
        assertEquals("1 thread, default blocks (1 MiB sequential, 4 KiB random)", IoShape.DEFAULT.describe());
        assertEquals("2 threads, 1 MiB blocks", new IoShape(2, 1 << 20).describe());
    }

    @Test
    void eachThreadHasATestFileOfItsOwnSoTheNeedIsThreadsTimesTheFile() {
        IoShape seeds = new IoShape(16, 8192);
        DirectoryWorkload write = new SequentialWrite(0, true, seeds);
        assertEquals(8192, write.block());
        assertEquals(16, write.threads());
        // O_DIRECT: 1 GiB each
        assertEquals(GIB, write.fileBytes(true, 0));
        assertEquals(16 * GIB, write.bytesHeld(true, 0));
        // buffered: the files together are twice MemTotal (8 GiB RAM: 16 files of 1 GiB)
        assertEquals(GIB, write.fileBytes(false, 8 * GIB));
        assertEquals(16 * GIB, write.bytesHeld(false, 8 * GIB));
        // before the O_DIRECT probe the least it can need: with several threads and no O_DIRECT, a block each
        assertEquals(MIB, write.smallestFile());
        assertEquals(GIB, new SequentialWrite(0, true, IoShape.DEFAULT).smallestFile());

        // a size given by the caller is per thread, in whole blocks and MiB
        DirectoryWorkload rewrite = new Rewrite(5 * MIB, true, new IoShape(3, 2 << 20));
        assertEquals(4 * MIB, rewrite.fileBytes(true, 0));
        assertEquals(12 * MIB, rewrite.bytesHeld(true, 0));
        assertEquals(4 * MIB, rewrite.smallestFile());

        // rand-rw's own block is 4 KiB, the sequential ones' 1 MiB; small-files keeps one thread and no test file
        assertEquals(4096, new RandomReadWrite(0, true, IoShape.DEFAULT).block());
        assertEquals(MIB, new SequentialRead(0, true, IoShape.DEFAULT).block());
        DirectoryWorkload small = new SmallFiles(true);
        assertEquals(1, small.threads());
        assertEquals(SmallFiles.BATCH * 4096L, small.bytesHeld(true, 0));
    }
}
