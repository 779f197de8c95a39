package org.disktune.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.disktune.host.FileKernelLog;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.disktune.host.SampleMachines;
import org.disktune.testing.TestMachine;
import org.junit.jupiter.api.Test;

/** detect hides loop devices with nothing attached and unconfigured zram (size 0) unless --all. */
class EmptyDevicesTest {
    private static Disk disk(String name, Long size) {
        return new Disk(name, "/sys/block/" + name, null, null, null, null, null, null, null, null, null, List.of(), size, null,
                null, null, java.util.Map.of(), List.of(), List.of(), List.of(), null, null, null,
                new NcqInEffect(NcqInEffect.State.NOT_ATA, null, null));
    }

    @Test
    void sizeZeroDevicesAreLeftOutAndEverythingElseStaysInOrder() {
        MachineReport all = new MachineReport("6.1", List.of(), List.of(),
                List.of(disk("loop0", 0L), disk("loop1", 1L << 30), disk("sda", 1L << 40), disk("unknown", null), disk("zram0", 0L)),
                List.of(), List.of(), List.of(), List.of());
        assertEquals(List.of("loop1", "sda", "unknown"), all.withoutEmptyDevices().disks().stream().map(Disk::name).toList());
        assertEquals(5, all.disks().size());
    }

    private static MachineDetector detector(Path root) {
        return new MachineDetector(new RootedHost(root, new RefusingCommandRunner("test"), new FileKernelLog(root.resolve("var/log/dmesg")),
                TestMachine.CLOCK, false));
    }

    @Test
    void passingOverEmptyLoopAndZramDevicesGivesWhatFilteringTheFullReportGives() {
        for (SampleMachines.Sample sample : new SampleMachines().list()) {
            Path root = new SampleMachines().materialize(sample.name());
            assertEquals(detector(root).detect().withoutEmptyDevices(), detector(root).detectWithoutEmptyDevices(), sample.name());
        }
    }

    private static void blockDevice(Path root, String name, long sectors, String scheduler) throws IOException {
        Path dir = root.resolve("sys/devices/virtual/block/" + name);
        Files.createDirectories(dir.resolve("queue"));
        Files.writeString(dir.resolve("size"), sectors + "\n");
        Files.writeString(dir.resolve("queue/scheduler"), scheduler + "\n");
        Files.writeString(dir.resolve("queue/read_ahead_kb"), "128\n");
        Files.createSymbolicLink(root.resolve("sys/block/" + name), root.getFileSystem().getPath("../devices/virtual/block/" + name));
    }

    @Test
    void emptyLoopAndZramDevicesAreNotReadAndAttachedOnesAre() throws IOException {
        Path root = new SampleMachines().materialize("qemu-ahci");
        blockDevice(root, "loop0", 0, "[none] mq-deadline");
        blockDevice(root, "loop1", 2048, "[none] mq-deadline");
        blockDevice(root, "zram0", 0, "[none]");
        blockDevice(root, "loop2", 0, "[cfq] noop"); // an old kernel's unattached loop device, with a legacy scheduler
        MachineReport full = detector(root).detect();
        MachineReport shown = detector(root).detectWithoutEmptyDevices();
        assertEquals(List.of("loop0", "loop1", "loop2", "sda", "sdb", "sdc", "zram0"), full.disks().stream().map(Disk::name).sorted().toList());
        assertEquals(List.of("loop1", "sda", "sdb", "sdc"), shown.disks().stream().map(Disk::name).sorted().toList());
        assertEquals(full.withoutEmptyDevices().disks(), shown.disks());
        assertEquals(full.ataPorts(), shown.ataPorts());
        assertEquals(full.mounts(), shown.mounts());
        // the one difference: no finding about a device the listing does not show
        assertEquals(full.findings().stream().filter(f -> !f.subject().equals("loop2")).toList(), shown.findings());
        assertEquals(1, full.findings().stream().filter(f -> f.subject().equals("loop2")).count(), full.findings().toString());
    }
}
