package org.disktune.tuning;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.LinuxHost;
import org.disktune.host.LoopDevice;
import org.disktune.host.ToolRun;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The readahead step of an md array before Linux 2.6.32 (no queue/read_ahead_kb), on the real kernel: the host's
 * BLKRASET (JNA) sets exactly the sectors asked, as {@code blockdev --getra} (the oracle), BLKRAGET and sysfs read it
 * back, and setting the old value puts it back. A loop device on a temp file (root), never a real disk.
 */
@Tag("loop")
class BlockdevReadAheadLoopTest {
    @TempDir
    Path dir;

    @Test
    void blkrasetSetsWhatBlockdevAndBlkragetReadBackAndTheOldValueGoesBack() throws IOException {
        try (LoopDevice loop = LoopDevice.attach(dir, 8)) {
            var devices = new LinuxHost(() -> {
                throw new DisktuneException(ExitCode.ENVIRONMENT, "not needed");
            }).blockDevices();
            String device = "/dev/" + loop.name();
            long before = devices.readAheadSectors(loop.name());

            devices.setReadAheadSectors(loop.name(), 4096);
            assertEquals(4096, devices.readAheadSectors(loop.name()), "BLKRAGET after BLKRASET 4096");
            Path getra = dir.resolve("getra");
            assertEquals(0, ToolRun.run(dir, null, getra, List.of("blockdev", "--getra", device)).exitCode());
            assertEquals("4096", java.nio.file.Files.readString(getra).strip());
            assertEquals("2048", loop.queue("read_ahead_kb"));

            devices.setReadAheadSectors(loop.name(), before);
            assertEquals(before, devices.readAheadSectors(loop.name()), "the old readahead is back");
        }
    }
}
