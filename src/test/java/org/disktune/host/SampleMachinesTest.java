package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.Test;

class SampleMachinesTest {
    private final SampleMachines samples = new SampleMachines();

    @Test
    void listShowsEveryIndexLineInOrderAndEveryMachineFileIsListed() throws IOException, URISyntaxException {
        Path dir = Path.of(getClass().getResource(SampleMachines.RESOURCE_DIR + "index.tsv").toURI()).getParent();
        List<String> indexNames = Files.readAllLines(dir.resolve("index.tsv")).stream()
                .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                .map(line -> line.substring(0, line.indexOf('\t')))
                .toList();
        List<String> listed = samples.list().stream().map(SampleMachines.Sample::name).toList();
        assertEquals(indexNames, listed);
        assertTrue(listed.containsAll(List.of("qemu-ahci", "qemu-piix", "qemu-virtio-nvme")), listed.toString());
        try (Stream<Path> files = Files.list(dir)) {
            List<String> machineFiles = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".machine"))
                    .map(n -> n.substring(0, n.length() - ".machine".length())).sorted().toList();
            assertEquals(listed.stream().sorted().toList(), machineFiles);
        }
        for (SampleMachines.Sample sample : samples.list()) {
            assertFalse(sample.description().isBlank(), sample.name());
            assertFalse(sample.description().contains("\t"), sample.name());
        }
    }

    @Test
    void unknownSampleIsAUsageError() {
        DisktuneException e = assertThrows(DisktuneException.class, () -> samples.materialize("qemu-nonesuch"));
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertEquals("unknown sample 'qemu-nonesuch'; run 'disktune --sample' to list them", e.getMessage());
        assertThrows(DisktuneException.class, () -> samples.materialize("../../etc/passwd"));
        assertThrows(DisktuneException.class, () -> samples.materialize("index"));
    }

    @Test
    void symlinksAreRealSymlinksThatResolveInsideTheSample() throws IOException {
        Path root = samples.materialize("qemu-ahci");
        Path sda = root.resolve("sys/block/sda");
        assertTrue(Files.isSymbolicLink(sda));
        assertEquals("../devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0/block/sda", Files.readSymbolicLink(sda).toString());
        assertEquals("/sys/devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0/block/sda", sda.toRealPath().toString());
        assertEquals("mq-deadline", Files.readString(sda.resolve("queue/scheduler")).replaceAll(".*\\[(.*)\\].*\n", "$1"));
        assertEquals("/sys/devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0", sda.resolve("device").toRealPath().toString());
        assertEquals("32\n", Files.readString(sda.resolve("device/queue_depth")));
        assertEquals("/sys/bus/pci/drivers/ahci", root.resolve("sys/bus/pci/devices/0000:00:1f.2/driver").toRealPath().toString());
        assertTrue(Files.isDirectory(root.resolve("sys/devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0/block/sda/holders"),
                LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.readString(root.resolve("var/log/dmesg")).contains("ata1.00: 2097152 sectors, multi 16: LBA48 NCQ (depth 32)"));
        Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(sda.resolve("size"));
        assertTrue(permissions.contains(PosixFilePermission.OWNER_READ), permissions.toString());
    }

    @Test
    void virtioAndNvmeDevicesResolveToTheirPciFunctions() throws IOException {
        Path root = samples.materialize("qemu-virtio-nvme");
        Path vda = root.resolve("sys/block/vda");
        assertEquals("/sys/devices/pci0000:00/0000:00:01.0/virtio0/block/vda", vda.toRealPath().toString());
        assertEquals("/sys/devices/pci0000:00/0000:00:01.0/virtio0", vda.resolve("device").toRealPath().toString());
        assertEquals("/sys/bus/pci/drivers/virtio-pci", root.resolve("sys/devices/pci0000:00/0000:00:01.0/driver").toRealPath().toString());
        assertEquals("4194304\n", Files.readString(vda.resolve("size")));
        assertEquals("254:0\n", Files.readString(vda.resolve("dev")));
        Path nvme = root.resolve("sys/block/nvme0n1");
        assertEquals("/sys/devices/pci0000:00/0000:00:02.0/nvme/nvme0", nvme.resolve("device").toRealPath().toString());
        assertEquals("LABNVME0001         \n", Files.readString(nvme.resolve("device/serial")));
        assertEquals("0\n", Files.readString(nvme.resolve("queue/rotational")));
        assertEquals("1024\n", Files.readString(root.resolve("sys/module/nvme/parameters/io_queue_depth")));
        assertEquals("/sys/devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0/block/sda",
                root.resolve("sys/block/sda").toRealPath().toString());
        assertEquals("MAJOR=246\nMINOR=0\nDEVNAME=nvme0\nNVME_TRTYPE=pcie\n", Files.readString(nvme.resolve("device/uevent")));
        assertTrue(Files.readString(root.resolve("proc/version")).startsWith("Linux version 6.1.0-57-amd64 "));
    }

    @Test
    void noncqSampleShowsTheForcedHorkage() throws IOException {
        Path root = samples.materialize("qemu-ahci-noncq");
        assertTrue(Files.readString(root.resolve("proc/cmdline")).contains("libata.force=noncq"));
        assertEquals("1\n", Files.readString(root.resolve("sys/block/sda/device/queue_depth")));
        assertTrue(Files.readString(root.resolve("var/log/dmesg")).contains("NCQ (not used)"));
    }

    @Test
    void everyMaterializeIsAFreshFileSystem() throws IOException {
        Path first = samples.materialize("qemu-piix");
        Path second = samples.materialize("qemu-piix");
        assertNotSame(first.getFileSystem(), second.getFileSystem());
        Files.writeString(first.resolve("sys/block/sda/queue/read_ahead_kb"), "4096\n");
        assertEquals("128\n", Files.readString(second.resolve("sys/block/sda/queue/read_ahead_kb")));
    }

    /**
     * createTree into a directory that already holds part of the tree: directories there (or links to directories)
     * are used, as Files.createDirectories would; a file where a directory belongs fails.
     */
    @Test
    void createTreeUsesDirectoriesThatAreThereAndFailsOnAFileInTheWay(@org.junit.jupiter.api.io.TempDir Path root) throws IOException {
        Files.createDirectories(root.resolve("etc/modprobe.d"));
        Files.createDirectories(root.resolve("real/block"));
        Files.createSymbolicLink(root.resolve("sys"), Path.of("real"));
        List<MachineEntry> entries = List.of(new MachineEntry.FileEntry("/etc/modprobe.d/a.conf", "options a b=1\n".getBytes()),
                new MachineEntry.Dir("/etc"), new MachineEntry.FileEntry("/sys/block/sda/size", "8\n".getBytes()),
                new MachineEntry.Link("/sys/block/sda/device", "../../devices/x"), new MachineEntry.Dir("/var/empty/deep"));
        SampleMachines.createTree(entries, root);
        assertEquals("options a b=1\n", Files.readString(root.resolve("etc/modprobe.d/a.conf")));
        assertEquals("8\n", Files.readString(root.resolve("real/block/sda/size")));
        assertEquals(Path.of("../../devices/x"), Files.readSymbolicLink(root.resolve("real/block/sda/device")));
        assertTrue(Files.isDirectory(root.resolve("var/empty/deep"), LinkOption.NOFOLLOW_LINKS));

        Files.writeString(root.resolve("file"), "x");
        java.io.UncheckedIOException e = assertThrows(java.io.UncheckedIOException.class,
                () -> SampleMachines.createTree(List.of(new MachineEntry.FileEntry("/file/inside", new byte[0])), root));
        assertEquals(java.nio.file.FileAlreadyExistsException.class, e.getCause().getClass());
    }
}
