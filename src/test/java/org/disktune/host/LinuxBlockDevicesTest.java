package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Random;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ioctls and the page-cache drop the benchmarks use, on the real kernel (a loop device, a temp file). */
class LinuxBlockDevicesTest {
    private static final KernelLogSource NO_LOG = () -> {
        throw new DisktuneException(ExitCode.ENVIRONMENT, "not needed");
    };

    @TempDir
    Path dir;

    @Test
    @Tag("loop")
    void logicalBlockSizeIsWhatSysfsShows() throws IOException {
        try (LoopDevice loop = LoopDevice.attach(dir, 8)) {
            BlockDevices devices = new LinuxHost(NO_LOG).blockDevices();
            assertEquals(Integer.parseInt(loop.queue("logical_block_size")), devices.logicalBlockSize(loop.name()));
            assertEquals(8L << 20, devices.sizeBytes(loop.name()));
        }
    }

    @Test
    void dropFileCacheEvictsTheFilesPagesFromThePageCache() throws IOException {
        Path file = dir.resolve("cached.img");
        byte[] data = new byte[8 << 20];
        new Random(3).nextBytes(data);
        Files.write(file, data);
        Files.readAllBytes(file);
        ToolRun.run(dir, null, null, List.of("sync", file.toString()));
        long before = residentBytes(file);
        assertTrue(before >= data.length / 2, "written and read, the file is cached: " + before + " bytes resident");

        new LinuxHost(NO_LOG).blockDevices().dropFileCache(file.toString());
        assertEquals(0, residentBytes(file), "resident bytes after POSIX_FADV_DONTNEED");
        assertTrue(java.util.Arrays.equals(data, Files.readAllBytes(file)), "dropping the cache changes no data");
    }

    @Test
    void dropFileCacheOfAMissingFileIsAOneLineErrorAndARootedHostRefusesIt() {
        Path missing = dir.resolve("missing.img");
        DisktuneException e = assertThrows(DisktuneException.class, () -> new LinuxHost(NO_LOG).blockDevices().dropFileCache(missing.toString()));
        assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
        assertTrue(e.getMessage().startsWith(missing + ": open failed (errno 2)"), e.getMessage());

        RootedHost tree = new RootedHost(dir, new RefusingCommandRunner("a test"), NO_LOG, Clock.systemUTC(), true);
        e = assertThrows(DisktuneException.class, () -> tree.blockDevices().dropFileCache("/var/lib/image.img"));
        assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
        e = assertThrows(DisktuneException.class, () -> tree.blockDevices().logicalBlockSize("sda"));
        assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
    }

    /** Bytes of {@code file} in the page cache, as fincore (util-linux, mincore(2)) counts them. */
    private long residentBytes(Path file) throws IOException {
        Path out = dir.resolve("fincore.out");
        ToolRun run = ToolRun.run(dir, null, out, List.of("fincore", "--bytes", "--noheadings", "--output", "RES", file.toString()));
        assertEquals(0, run.exitCode(), run.stderr());
        return Long.parseLong(Files.readString(out, StandardCharsets.US_ASCII).strip());
    }
}
