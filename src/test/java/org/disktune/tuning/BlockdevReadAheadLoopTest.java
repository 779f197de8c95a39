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
 * The readahead step of an md array before Linux 2.6.32 (no queue/read_ahead_kb), on the real kernel: the argv the
 * planner makes ({@code blockdev --setra}, BLKRASET in 512-byte sectors) sets exactly the KiB asked, read back through
 * BLKRAGET by JNA (the host's block ioctls) and seen in sysfs; and its undo argv puts the old value back. A loop device
 * on a temp file (root), never a real disk.
 */
@Tag("loop")
class BlockdevReadAheadLoopTest {
    @TempDir
    Path dir;

    @Test
    void setraOfTheWantedKibIsReadBackByBlkragetAndUndone() throws IOException {
        try (LoopDevice loop = LoopDevice.attach(dir, 8)) {
            var devices = new LinuxHost(() -> {
                throw new DisktuneException(ExitCode.ENVIRONMENT, "not needed");
            }).blockDevices();
            String device = "/dev/" + loop.name();
            long before = devices.readAheadSectors(loop.name());

            List<String> set = PersistencePlanner.setra("2048", device);
            assertEquals(List.of("blockdev", "--setra", "4096", device), set);
            assertEquals(0, ToolRun.run(dir, null, null, set).exitCode());
            assertEquals(4096, devices.readAheadSectors(loop.name()), "BLKRAGET after blockdev --setra 4096");
            assertEquals("2048", loop.queue("read_ahead_kb"));

            assertEquals(0, ToolRun.run(dir, null, null, PersistencePlanner.setra(Long.toString(before / 2), device)).exitCode());
            assertEquals(before, devices.readAheadSectors(loop.name()), "undo puts the old readahead back");
        }
    }
}
