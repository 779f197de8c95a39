package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The bundled qemu-ahci and qemu-piix samples hold what the lab captured: every fact of
 * EXPECTED.json (computed by the lab's snapshot_expected.py from the original trees, copied to
 * src/test/resources/samples/) is read back from the materialized sample through its symlinks.
 */
class QemuSampleFactsTest {

    @ParameterizedTest
    @CsvSource({"qemu-ahci, ahci", "qemu-piix, piix"})
    void everyBlockDeviceMatchesExpectedJson(String sample, String key) throws IOException {
        JsonNode expected = expected().get(key);
        Path root = new SampleMachines().materialize(sample);
        JsonNode devices = expected.get("block_devices");
        List<String> names = new ArrayList<>();
        for (Path link : list(root.resolve("sys/block"))) {
            names.add(link.getFileName().toString());
        }
        assertEquals(sorted(devices.fieldNames()), names);

        for (String name : names) {
            JsonNode want = devices.get(name);
            Path block = root.resolve("sys/block/" + name);
            Path real = block.toRealPath();
            Path device = block.resolve("device").toRealPath();
            Path pci = pciFunction(real);
            String at = sample + " " + name + " ";
            assertEquals(want.get("sysfs_path").asText(), real.toString(), at + "sysfs_path");
            assertEquals(want.get("size_sectors").asLong(), Long.parseLong(read(block, "size")), at + "size");
            for (String attr : List.of("rotational", "read_ahead_kb", "nr_requests", "max_sectors_kb", "max_hw_sectors_kb",
                    "logical_block_size", "physical_block_size", "nr_zones")) {
                assertEquals(want.get(attr).asLong(), Long.parseLong(read(block, "queue/" + attr)), at + attr);
            }
            assertEquals(want.get("write_cache").asText(), read(block, "queue/write_cache"), at + "write_cache");
            String scheduler = read(block, "queue/scheduler");
            assertEquals(want.get("scheduler").asText(), scheduler.replaceAll(".*\\[(.*)\\].*", "$1"), at + "scheduler");
            assertEquals(texts(want.get("schedulers_available")),
                    Arrays.asList(scheduler.replace("[", "").replace("]", "").trim().split(" ")), at + "schedulers_available");
            assertEquals(want.get("queue_depth").asInt(), Integer.parseInt(read(block, "device/queue_depth")), at + "queue_depth");
            assertEquals(want.get("queue_type").asText(), read(block, "device/queue_type"), at + "queue_type");
            assertEquals(want.get("vendor").asText(), read(block, "device/vendor").trim(), at + "vendor");
            assertEquals(want.get("model").asText(), read(block, "device/model").trim(), at + "model");
            assertEquals(want.get("firmware_rev").asText(), read(block, "device/rev").trim(), at + "firmware_rev");
            assertEquals(want.get("wwid").asText(), read(block, "device/wwid").stripTrailing(), at + "wwid (EXPECTED.json strips the padding)");
            assertEquals(want.get("scsi_hctl").asText(), device.getFileName().toString(), at + "scsi_hctl");
            assertEquals(want.get("serial_sources").get("vpd_pg80").asText(), vpdSerial(block.resolve("device/vpd_pg80")), at + "vpd_pg80");
            assertEquals(texts(want.get("partitions")), partitions(real, name), at + "partitions");

            assertEquals(want.get("pci_address").asText(), pci.getFileName().toString(), at + "pci_address");
            assertEquals(want.get("pci_id").asText(), hex(read(pci, "vendor")) + ":" + hex(read(pci, "device")), at + "pci_id");
            assertEquals(want.get("pci_class").asText(), read(pci, "class"), at + "pci_class");
            assertEquals(want.get("pci_driver").asText(), pci.resolve("driver").toRealPath().getFileName().toString(), at + "pci_driver");
            assertTrue(Files.isDirectory(root.resolve("sys/bus/pci/drivers/" + want.get("pci_driver").asText())), at + "driver dir");

            String port = want.get("ata_port").asText();
            assertTrue(real.toString().contains("/" + port + "/"), at + "ata_port " + port + " in " + real);
            Path ataDevice = root.resolve("sys/class/ata_device/" + want.get("ata_device").asText());
            assertEquals(want.get("ata_xfer_mode").asText(), read(ataDevice, "xfer_mode"), at + "xfer_mode");
            assertEquals(want.get("ata_trim").asText(), read(ataDevice, "trim"), at + "trim");
            assertTrue(ataDevice.toRealPath().startsWith(pci.resolve(port)), at + "ata_device under its port");

            String dmesg = Files.readString(root.resolve("var/log/dmesg"));
            String ataName = port + "." + String.format("%02d", Integer.parseInt(want.get("ata_device").asText().replaceAll(".*\\.", "")));
            assertTrue(dmesg.contains(ataName + ": " + want.get("dmesg_sectors_line").asText()), at + "dmesg sectors line of " + ataName);
        }
    }

    @ParameterizedTest
    @CsvSource({"qemu-ahci, ahci", "qemu-piix, piix"})
    void machineFactsMatchExpectedJson(String sample, String key) throws IOException {
        JsonNode expected = expected().get(key);
        Path root = new SampleMachines().materialize(sample);
        assertEquals(expected.get("kernel").asText(), read(root, "proc/sys/kernel/osrelease"));
        assertEquals(expected.get("cmdline").asText(), read(root, "proc/cmdline"));
        List<String> modules = new ArrayList<>();
        for (String line : Files.readAllLines(root.resolve("proc/modules"))) {
            modules.add(line.split(" ")[0]);
        }
        modules.sort(null);
        assertEquals(texts(expected.get("loaded_modules")), modules);
        Map<String, String> libata = new TreeMap<>();
        for (Path p : list(root.resolve("sys/module/libata/parameters"))) {
            libata.put(p.getFileName().toString(), read(p.getParent(), p.getFileName().toString()));
        }
        Map<String, String> wantLibata = new TreeMap<>();
        expected.get("libata_parameters").fields().forEachRemaining(e -> wantLibata.put(e.getKey(), e.getValue().asText()));
        assertEquals(wantLibata, libata);
        Map<String, String> storage = new TreeMap<>();
        for (Path function : list(root.resolve("sys/bus/pci/devices"))) {
            String pciClass = read(function, "class");
            if (pciClass.startsWith("0x01")) {
                storage.put(function.getFileName().toString(), pciClass + " " + function.resolve("driver").toRealPath().getFileName()
                        + " " + hex(read(function, "vendor")) + ":" + hex(read(function, "device")));
            }
        }
        Map<String, String> wantStorage = new TreeMap<>();
        expected.get("pci_storage_controllers").fields().forEachRemaining(e -> wantStorage.put(e.getKey(),
                e.getValue().get("class").asText() + " " + e.getValue().get("driver").asText() + " " + e.getValue().get("vendor_device").asText()));
        assertEquals(wantStorage, storage);
    }

    private static JsonNode expected() throws IOException {
        try (InputStream in = QemuSampleFactsTest.class.getResourceAsStream("/samples/EXPECTED.json")) {
            return new ObjectMapper().readTree(in);
        }
    }

    /** The PCI function directory (0000:00:1f.2) among the ancestors of a device path. */
    private static Path pciFunction(Path real) {
        for (Path p = real; p != null; p = p.getParent()) {
            if (p.getFileName() != null && p.getFileName().toString().matches("[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7]")) {
                return p;
            }
        }
        throw new AssertionError("no PCI function above " + real);
    }

    /** The serial of a VPD page 0x80: 4 header bytes, then the (space-padded) serial. */
    private static String vpdSerial(Path page) throws IOException {
        byte[] bytes = Files.readAllBytes(page);
        return new String(bytes, 4, bytes.length - 4, StandardCharsets.US_ASCII).trim();
    }

    private static List<String> partitions(Path disk, String name) throws IOException {
        List<String> parts = new ArrayList<>();
        for (Path p : list(disk)) {
            if (p.getFileName().toString().startsWith(name) && Files.exists(p.resolve("partition"))) {
                parts.add(p.getFileName().toString());
            }
        }
        return parts;
    }

    private static String read(Path dir, String attr) throws IOException {
        String value = Files.readString(dir.resolve(attr));
        assertTrue(value.endsWith("\n"), dir.resolve(attr) + " ends in a newline");
        return value.substring(0, value.length() - 1);
    }

    private static String hex(String value) {
        return value.replaceFirst("^0x", "");
    }

    private static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> children = Files.list(dir)) {
            return children.sorted().toList();
        }
    }

    private static List<String> sorted(Iterator<String> names) {
        List<String> list = new ArrayList<>();
        names.forEachRemaining(list::add);
        list.sort(null);
        return list;
    }

    private static List<String> texts(JsonNode array) {
        List<String> list = new ArrayList<>();
        array.forEach(n -> list.add(n.asText()));
        return list;
    }
}
