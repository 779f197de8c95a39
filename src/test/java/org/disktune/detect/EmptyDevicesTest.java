package org.disktune.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** detect hides loop devices with nothing attached and unconfigured zram (size 0) unless --all. */
class EmptyDevicesTest {
    private static Disk disk(String name, Long size) {
        return new Disk(name, "/sys/block/" + name, null, null, null, null, null, null, null, null, null, List.of(), size, null,
                null, null, null, null, List.of(), null, null, null, List.of(), List.of(), null, null, null,
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
}
