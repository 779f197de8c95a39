package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Keeps the derivation of the log-based samples honest: re-derive them and compare. */
class SampleImporterTest {
    private final SampleMachines samples = new SampleMachines();

    @ParameterizedTest
    @CsvSource({"qemu-virtio-nvme, virtio-nvme.log", "qemu-ahci-noncq, ahci-noncq-cmdline.log"})
    void bundledSampleIsExactlyWhatTheImporterDerivesFromTheCopiedLog(String sample, String log) throws IOException {
        String description = samples.list().stream().filter(s -> s.name().equals(sample)).findFirst().orElseThrow().description();
        String derived = SampleImporter.fromLabLog(resource("/samples/" + log), resource("/samples/" + log.replace(".log", ".meta")), log, description);
        assertEquals(resource("/org/disktune/samples/" + sample + ".machine"), derived);
    }

    /**
     * The same derivation run on ahci.log (another boot of the same preset) must agree with the
     * captured snapshot tree qemu-ahci on every file both have, except values that change per boot.
     */
    @Test
    void logDerivationAgreesWithTheCapturedTreeOfTheSamePreset() throws IOException {
        Path derived = SampleMachines.newJimfsRoot(MachineFileParser.parse("ahci.log",
                SampleImporter.fromLabLog(resource("/samples/ahci.log"), resource("/samples/ahci.meta"), "ahci.log", "test")));
        Map<String, MachineEntry> captured = new TreeMap<>();
        samples.entries("qemu-ahci").forEach(e -> captured.put(e.path(), e));
        // per boot: lab.snapshot=1 on the cmdline, module addresses, probe order in /proc/partitions, the log itself
        Set<String> perBoot = Set.of("/proc/cmdline", "/proc/modules", "/proc/partitions", "/var/log/dmesg");
        Set<String> perBootNames = Set.of("iodone_cnt", "iorequest_cnt", "ioerr_cnt", "ering", "initstate");
        List<String> differences = new ArrayList<>();
        int compared = 0;
        for (MachineEntry entry : MachineFileWriter.entries(derived)) {
            String name = entry.path().substring(entry.path().lastIndexOf('/') + 1);
            if (perBoot.contains(entry.path()) || perBootNames.contains(name) || entry instanceof MachineEntry.Dir) {
                continue;
            }
            MachineEntry other = captured.get(entry.path());
            compared++;
            if (!entry.equals(other)) {
                differences.add(entry + " vs " + other
                        + (entry instanceof MachineEntry.FileEntry f ? " [" + new String(f.content(), StandardCharsets.UTF_8) + "]" : "")
                        + (other instanceof MachineEntry.FileEntry f ? " [" + new String(f.content(), StandardCharsets.UTF_8) + "]" : ""));
            }
        }
        assertEquals(List.of(), differences);
        assertTrue(compared > 500, "compared only " + compared + " entries");
    }

    @ParameterizedTest
    @CsvSource({
        "/sys/block/sda, /sys/devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0/block/sda, ../devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0/block/sda",
        "/sys/devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0/block/sda/device, /sys/devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0, ../../../0:0:0:0",
        "/sys/devices/pci0000:00/0000:00:1f.2/driver, /sys/bus/pci/drivers/ahci, ../../../bus/pci/drivers/ahci",
        "/sys/class/ata_port/ata1, /sys/devices/pci0000:00/0000:00:1f.2/ata1/ata_port/ata1, ../../devices/pci0000:00/0000:00:1f.2/ata1/ata_port/ata1",
        "/sys/bus/pci/devices/0000:00:1f.2, /sys/devices/pci0000:00/0000:00:1f.2, ../../../devices/pci0000:00/0000:00:1f.2",
        "/sys/devices/pci0000:00/0000:00:02.0/nvme/nvme0/nvme0n1/device, /sys/devices/pci0000:00/0000:00:02.0/nvme/nvme0, ../../nvme0",
    })
    void linkTargetsAreRelativeTheWayKernfsWritesThem(String link, String target, String relative) {
        assertEquals(relative, SampleImporter.sysfsRelative(link, target));
        assertEquals(target, SampleImporter.resolve(link.substring(0, link.lastIndexOf('/')), relative));
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = SampleImporterTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
