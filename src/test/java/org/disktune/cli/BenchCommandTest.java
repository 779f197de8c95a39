package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.disktune.host.LoopDevice;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * disktune bench on this machine: a loop device backed by a temporary file (read only) and a temporary directory, with
 * trials of a fraction of a second; the JSON contract of the issue; bad targets. The results this test stores under
 * /var/lib/disktune/bench are removed afterwards, and the directories it created (none that existed before). Needs root (CI runs as root).
 */
class BenchCommandTest {
    private static final Path STORE = Path.of("/var/lib/disktune/bench");
    @TempDir
    Path dir;
    private final List<String> stored = new ArrayList<>();
    /** The store's directories this test creates (those missing before it), deepest first: removed again when empty. */
    private final List<Path> created = new ArrayList<>();

    @org.junit.jupiter.api.BeforeEach
    void noteMissingDirectories() {
        for (Path d = STORE; d != null && !d.equals(Path.of("/var/lib")); d = d.getParent()) {
            if (!Files.exists(d)) {
                created.add(d);
            }
        }
    }

    @AfterEach
    void removeResults() throws IOException {
        for (String id : stored) {
            Files.deleteIfExists(STORE.resolve(id + ".json"));
        }
        for (Path d : created) {
            try {
                Files.deleteIfExists(d);
            } catch (java.nio.file.DirectoryNotEmptyException e) {
                return; // something else wrote there meanwhile: it stays
            }
        }
    }

    private JsonNode bench(String... args) throws IOException {
        List<String> argv = new ArrayList<>(List.of("--json", "bench"));
        argv.addAll(List.of(args));
        CliRun run = CliRun.run(argv.toArray(String[]::new));
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("", run.err(), "nothing on stderr with --json");
        JsonNode json = new ObjectMapper().readTree(run.out());
        stored.add(json.get("id").asText());
        return json;
    }

    @Test
    @Tag("loop")
    void aLoopDeviceGetsEveryBlockWorkloadWithTrialsMediansAndLatenciesStoredWithTheSettings() throws IOException {
        try (LoopDevice loop = LoopDevice.attach(dir, 64)) {
            byte[] before = Files.readAllBytes(dir.resolve(Files.list(dir).filter(p -> p.toString().endsWith(".img")).findFirst()
                    .orElseThrow().getFileName()));
            JsonNode json = bench("/dev/" + loop.name(), "--quick", "--trial-time", "0.2");
            assertEquals(loop.name(), json.get("device").asText());
            List<String> names = new ArrayList<>();
            json.get("workloads").forEach(w -> names.add(w.get("name").asText()));
            assertEquals(List.of("seq-read-buffered", "cached-read", "seq-read-direct", "rand-read-4k-qd1", "rand-read-4k-qd4",
                    "rand-read-4k-qd32"), names);
            for (JsonNode w : json.get("workloads")) {
                assertEquals(5, w.get("trials").size(), w.toString());
                assertTrue(w.get("median").asDouble() > 0, w.toString());
                assertEquals(w.get("name").asText().startsWith("rand") ? "IOPS" : "MB/s", w.get("unit").asText());
                assertEquals(w.get("name").asText().startsWith("rand"), w.hasNonNull("latency"), w.toString());
            }
            assertEquals(loop.queue("read_ahead_kb"), json.get("settings").get("queue/read_ahead_kb").asText());
            Path file = STORE.resolve(json.get("id").asText() + ".json");
            assertTrue(Files.isRegularFile(file));
            JsonNode storedJson = new ObjectMapper().readTree(file.toFile());
            assertEquals(json.get("workloads").get(0).get("trials").size(), storedJson.get("workloads").get(0).get("trials").size());
            byte[] after = Files.readAllBytes(dir.resolve(Files.list(dir).filter(p -> p.toString().endsWith(".img")).findFirst()
                    .orElseThrow().getFileName()));
            assertTrue(java.util.Arrays.equals(before, after), "a device is only read");
        }
    }

    @Test
    @Tag("root")
    void aDirectoryGetsTheFileSystemWorkloadsAndKeepsNothing() throws IOException {
        Path target = Files.createDirectory(dir.resolve("fs"));
        JsonNode json = bench(target.toString(), "--quick", "--trial-time", "0.2", "--only", "small-files,rand-rw");
        List<String> names = new ArrayList<>();
        json.get("workloads").forEach(w -> names.add(w.get("name").asText()));
        assertEquals(List.of("rand-rw", "small-files"), names);
        try (var left = Files.list(target)) {
            assertEquals(List.of(), left.toList(), "every file removed");
        }
    }

    @Test
    void badTargetsAreOneLineErrorsAndStoreNothing() throws IOException {
        long before = Files.exists(STORE) ? Files.list(STORE).count() : 0;
        CliRun bare = CliRun.run("bench");
        assertEquals(2, bare.exitCode());
        assertTrue(bare.err().startsWith("Usage: disktune bench"), "bare bench is a group: its short usage: " + bare.err());
        CliRun none = CliRun.run("bench", "--quick");
        assertEquals(2, none.exitCode());
        assertEquals("disktune: bench needs a TARGET: a block device (/dev/sdb) or a directory on the file system under test\n", none.err());
        CliRun missing = CliRun.run("bench", "/dev/sdzz");
        assertEquals(2, missing.exitCode());
        assertTrue(missing.err().startsWith("disktune: no block device or directory /dev/sdzz;"), missing.err());
        Path file = Files.writeString(dir.resolve("file"), "x");
        CliRun regular = CliRun.run("bench", file.toString());
        assertEquals(2, regular.exitCode(), regular.err());
        CliRun unknown = CliRun.run("bench", dir.toString(), "--only", "seq-read-buffered");
        assertEquals(2, unknown.exitCode());
        assertTrue(unknown.err().startsWith("disktune: no workload seq-read-buffered for " + dir + "; choose from seq-write, rewrite"),
                unknown.err());
        assertEquals(before, Files.exists(STORE) ? Files.list(STORE).count() : 0);
        assertFalse(unknown.err().contains("\tat "), "no stack trace");
        for (String[] bad : List.of(new String[] {"--threads", "0"}, new String[] {"--threads", "many"},
                new String[] {"--block-size", "3k"}, new String[] {"--block-size", "8q"})) {
            CliRun shape = CliRun.run("bench", dir.toString(), bad[0], bad[1]);
            assertEquals(2, shape.exitCode(), shape.err());
            assertTrue(shape.err().startsWith("disktune: ") || shape.err().startsWith("Invalid value"), shape.err());
            assertTrue(shape.err().contains(bad[0]) && shape.err().contains(bad[1]), shape.err());
            assertFalse(shape.err().contains("\tat "), "no stack trace");
        }
        assertEquals(before, Files.exists(STORE) ? Files.list(STORE).count() : 0);
        try (var left = Files.list(dir)) {
            assertTrue(left.noneMatch(p -> p.getFileName().toString().startsWith(".disktune-bench-")), "nothing written");
        }
    }

    @Test
    void verifyBenchWithoutABaselineSaysHowToMeasureOne() throws IOException {
        Path root = Files.createDirectories(dir.resolve("root/etc"));
        Path conf = Files.writeString(dir.resolve("empty.conf"), "");
        CliRun human = CliRun.run("--root", root.getParent().toString(), "--config", conf.toString(), "verify", "--bench");
        assertTrue(human.out().contains("bench: no baseline; measure one with disktune apply --bench TARGET before a change"),
                human.out() + human.err());
        CliRun json = CliRun.run("--json", "--root", root.getParent().toString(), "--config", conf.toString(), "verify", "--bench");
        JsonNode node = new ObjectMapper().readTree(json.out());
        assertTrue(node.has("checks") && node.has("summary"), "the verify report's fields stay at the top: " + json.out());
        assertEquals(0, node.get("bench").size());
    }
}
