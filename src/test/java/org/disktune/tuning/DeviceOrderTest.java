package org.disktune.tuning;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

class DeviceOrderTest {
    @Test
    void kernelNamesSortInTheOrderTheKernelHandsThemOut() {
        assertEquals(List.of("hde", "hdf", "md2", "md10", "nvme0n1", "nvme0n10", "sda", "sdb", "sdz", "sdaa", "vda"),
                Stream.of("sdaa", "md10", "sdz", "nvme0n10", "vda", "sdb", "hdf", "md2", "sda", "nvme0n1", "hde")
                        .sorted(new DeviceOrder()).toList());
    }
}
