package org.disktune.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.LinuxHost;
import org.junit.jupiter.api.Test;

/** detect on the machine the tests run on: every /sys/block entry, each value equal to what sysfs shows. */
class LiveMachineDetectTest {
    @Test
    void reportsEveryBlockDeviceWithTheValuesSysfsShows() throws IOException {
        MachineReport report = new MachineDetector(new LinuxHost(() -> {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "not needed");
        })).detect();
        List<String> expectedNames;
        try (Stream<Path> s = Files.list(Path.of("/sys/block"))) {
            expectedNames = s.map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertEquals(expectedNames, report.disks().stream().map(Disk::name).sorted().toList());
        for (Disk disk : report.disks()) {
            Path queue = Path.of("/sys/block", disk.name(), "queue");
            assertEquals(read(Path.of("/sys/block", disk.name(), "size")).map(v -> Long.parseLong(v) * 512).orElse(null), disk.sizeBytes(), disk.name());
            assertEquals(read(queue.resolve("read_ahead_kb")).map(Integer::valueOf).orElse(null), disk.readAheadKb(), disk.name());
            assertEquals(read(queue.resolve("nr_requests")).map(Integer::valueOf).orElse(null), disk.nrRequests(), disk.name());
            assertEquals(read(queue.resolve("rotational")).map(v -> v.equals("1")).orElse(null), disk.rotational(), disk.name());
            read(queue.resolve("scheduler")).ifPresent(line -> {
                assertTrue(line.contains("[" + disk.scheduler() + "]") || line.equals(disk.scheduler()), disk.name() + ": " + line);
                assertEquals(List.of(line.replace("[", "").replace("]", "").split("\\s+")), disk.schedulers());
            });
            assertEquals(read(Path.of("/sys/block", disk.name(), "device", "queue_depth")).map(Integer::valueOf).orElse(null),
                    disk.queueDepth(), disk.name());
        }
    }

    private static java.util.Optional<String> read(Path p) {
        try {
            return Files.isRegularFile(p) ? java.util.Optional.of(Files.readString(p).strip()) : java.util.Optional.empty();
        } catch (IOException e) {
            return java.util.Optional.empty();
        }
    }
}
