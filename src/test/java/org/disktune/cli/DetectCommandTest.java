package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.disktune.testing.TestMachine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DetectCommandTest {
    private static TestMachine machine() {
        return TestMachine.create()
                .attr("/proc/sys/kernel/osrelease", "6.1.0-57-amd64")
                .link("/sys/block/vda", "../devices/pci0000:00/0000:00:02.0/virtio1/block/vda")
                .attr("/sys/devices/pci0000:00/0000:00:02.0/virtio1/block/vda/size", "4194304")
                .attr("/sys/devices/pci0000:00/0000:00:02.0/virtio1/block/vda/serial", "DISK-1")
                .attr("/sys/devices/pci0000:00/0000:00:02.0/virtio1/block/vda/queue/scheduler", "[none] mq-deadline ")
                .attr("/sys/devices/pci0000:00/0000:00:02.0/virtio1/block/vda/queue/read_ahead_kb", "4096")
                .link("/sys/devices/pci0000:00/0000:00:02.0/virtio1/block/vda/device", "../../../virtio1")
                .attr("/sys/devices/pci0000:00/0000:00:02.0/vendor", "0x1af4")
                .attr("/sys/devices/pci0000:00/0000:00:02.0/device", "0x1001")
                .attr("/sys/devices/pci0000:00/0000:00:02.0/class", "0x010000")
                .link("/sys/devices/pci0000:00/0000:00:02.0/driver", "../../../bus/pci/drivers/virtio-pci");
    }

    @Test
    void printsAlignedTablesAndExitsZero() {
        TestMachine m = machine();
        CliRun run = CliRun.run(o -> m.host(), "detect");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("", run.err());
        assertTrue(run.out().startsWith("Kernel 6.1.0-57-amd64\n"), run.out());
        assertTrue(run.out().contains("0000:00:02.0  1af4:1001  SCSI   virtio-pci"), run.out());
        String header = run.out().lines().filter(l -> l.startsWith("DISK ")).findFirst().orElseThrow();
        String vda = run.out().lines().filter(l -> l.startsWith("vda ")).findFirst().orElseThrow();
        assertEquals(header.indexOf("SCHEDULER"), vda.indexOf("none"), "columns are aligned");
        assertTrue(vda.contains("2G") && vda.contains("DISK-1") && vda.contains("4096"), vda);
    }

    @Test
    void jsonHasSchemaVersionAndSnakeCaseFields() throws IOException {
        TestMachine m = machine();
        CliRun run = CliRun.run(o -> m.host(), "--json", "detect");
        assertEquals(0, run.exitCode(), run.err());
        JsonNode json = new ObjectMapper().readTree(run.out());
        assertEquals(1, json.get("schema_version").asInt());
        assertEquals("detect", json.get("command").asText());
        JsonNode vda = json.get("disks").get(0);
        assertEquals("vda", vda.get("name").asText());
        assertEquals("virtio", vda.get("transport").asText());
        assertEquals(4194304L * 512, vda.get("size_bytes").asLong());
        assertEquals(4096, vda.get("read_ahead_kb").asInt());
        assertEquals("none", vda.get("scheduler").asText());
        assertTrue(vda.get("queue_depth").isNull(), "unknown is null, not a guess");
    }

    @Test
    void globalOptionsWorkAfterTheSubcommandToo() {
        TestMachine m = machine();
        CliRun run = CliRun.run(o -> m.host(), "detect", "--json");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("\"schema_version\" : 1"));
    }

    @Test
    void rootThatDoesNotExistIsAOneLineUsageError(@TempDir Path tmp) {
        CliRun run = CliRun.run("--root", tmp.resolve("missing").toString(), "detect");
        assertEquals(2, run.exitCode());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().startsWith("disktune: --root "), run.err());
        assertTrue(run.err().contains("is not a directory"), run.err());
    }

    @Test
    void rootThatIsNotALinuxTreeIsAUsageError(@TempDir Path tmp) {
        CliRun run = CliRun.run("--root", tmp.toString(), "detect");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("is not a Linux tree"), run.err());
        assertFalse(run.err().contains("Exception"), run.err());
    }

    @Test
    void rootTreeOnDiskIsRead(@TempDir Path tmp) throws IOException {
        Path block = tmp.resolve("sys/devices/virtual/block/loop0");
        Files.createDirectories(block.resolve("queue"));
        Files.writeString(block.resolve("size"), "2048\n");
        Files.writeString(block.resolve("queue/scheduler"), "[none] mq-deadline\n");
        Files.createDirectories(tmp.resolve("sys/block"));
        Files.createSymbolicLink(tmp.resolve("sys/block/loop0"), Path.of("../devices/virtual/block/loop0"));
        CliRun run = CliRun.run("--root", tmp.toString(), "--json", "detect");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("\"sysfs_path\" : \"/sys/devices/virtual/block/loop0\""), run.out());
        assertTrue(run.out().contains("\"size_bytes\" : 1048576"), run.out());
    }

    @Test
    void unknownOptionIsAUsageError() {
        CliRun run = CliRun.run(o -> machine().host(), "detect", "--frobnicate");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().startsWith("disktune: Unknown option: '--frobnicate'"), run.err());
    }

    /** A bug is exit 70 (not 4: the machine is fine); --root keeps the crash file out of the machine's /var/lib/disktune. */
    @Test
    void anInternalErrorIsOneLineWithoutDebugAndATraceWithIt(@TempDir Path root) throws IOException {
        CliRun plain = CliRun.run(o -> {
            throw new IllegalStateException("boom");
        }, "--root", root.toString(), "detect");
        assertEquals(70, plain.exitCode());
        assertEquals(1, plain.err().lines().count(), plain.err());
        CliRun debug = CliRun.run(o -> {
            throw new IllegalStateException("boom");
        }, "--debug", "--root", root.toString(), "detect");
        assertTrue(debug.err().contains("at org.disktune"), debug.err());
        for (CliRun run : List.of(plain, debug)) {
            Files.deleteIfExists(Path.of(run.err().lines().findFirst().orElseThrow().replaceAll(".* in (\\S+)$", "$1")));
        }
    }

    @Test
    void helpListsTheExitCodes() {
        CliRun run = CliRun.run("--help");
        assertEquals(0, run.exitCode());
        assertTrue(run.out().contains("Exit codes:"), run.out());
        for (org.disktune.core.ExitCode code : org.disktune.core.ExitCode.values()) {
            assertTrue(run.out().contains(code.meaning()), code.name());
        }
        assertTrue(run.out().contains("detect"));
    }
}
