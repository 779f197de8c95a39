package org.disktune.bench.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;

import org.disktune.bench.BenchResult;
import org.disktune.bench.Latency;
import org.disktune.bench.Profile;
import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.WorkloadResult;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.Host;
import org.disktune.host.RecordingCommandRunner;
import org.disktune.host.RootedHost;
import org.junit.jupiter.api.Test;

/** Benchmark results stored and read back on an in-memory machine. */
class BenchStoreTest {
    private static final Instant NOW = Instant.parse("2026-11-30T13:15:00Z");
    private final FileSystem fs = Jimfs.newFileSystem(Configuration.unix().toBuilder().setAttributeViews("basic", "posix").build());
    private final Host host = host();
    private final BenchStore store = new BenchStore(host);

    private Host host() {
        Path root = fs.getPath("/machine");
        try {
            Files.createDirectories(root);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return new RootedHost(root, new RecordingCommandRunner(), () -> {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "no kernel log in this test");
        }, Clock.fixed(NOW, ZoneOffset.UTC), true);
    }

    static BenchResult sample(String id, String time) {
        WorkloadResult seq = new WorkloadResult("seq-read-buffered", Unit.MB_S,
                List.of(new Trial(101.25, null, 318767104L, 152, 3.0021), new Trial(99.5, null, 314572800L, 150, 3.0159)), 100.375, null);
        WorkloadResult qd32 = new WorkloadResult("rand-read-4k-qd32", Unit.IOPS,
                List.of(new Trial(31012.5, new Latency(980.0, 2400.5, 5100.25), 127027200L, 31012, 1.0), new Trial(30990.0,
                        new Latency(985.5, 2390.0, 5300.0), 126935040L, 30990, 1.0)), 31001.25, new Latency(982.75, 2395.25, 5200.125));
        WorkloadResult files = new WorkloadResult("small-files", Unit.OPS_S, List.of(new Trial(0.0, null, 0, 0, 1.0)), 0.0, null);
        return new BenchResult(BenchResult.SCHEMA_VERSION, id, "/dev/disk/by-id/ata-ST3500-XYZ", "sdb", "ata-ST3500-XYZ", "6.1.0-26-amd64",
                "0f7c6f9e-8e47-4bd4-9c57-4d3f1c1a2b3c", time, Profile.QUICK,
                Map.of("scheduler", "mq-deadline", "read_ahead_kb", "128", "queue_depth", "31"), List.of(seq, qd32, files));
    }

    @Test
    void everyFieldSurvivesASaveAndALoad() throws IOException {
        BenchResult original = sample("20261130T131500Z-sdb", "2026-11-30T13:15:00Z");
        assertEquals("20261130T131500Z-sdb", store.save(original));
        assertEquals(original, store.load("20261130T131500Z-sdb"));
        String text = Files.readString(host.path("/var/lib/disktune/bench/20261130T131500Z-sdb.json"));
        for (String key : List.of("\"schema_version\" : 1", "\"boot_id\" :", "\"p999_us\" : 5100.25", "\"unit\" : \"MB/s\"",
                "\"unit\" : \"ops/s\"", "\"read_ahead_kb\" : \"128\"", "\"profile\" : \"QUICK\"")) {
            assertTrue(text.contains(key), key + " in\n" + text);
        }
        assertFalse(text.contains("\"latency\" : null"), "absent latency is left out");
        assertTrue(text.endsWith("}\n"));
    }

    @Test
    void aSecondResultWithTheSameIdGetsAnotherOneAndNothingIsOverwritten() {
        BenchResult first = sample("20261130T131500Z-sdb", "2026-11-30T13:15:00Z");
        store.save(first);
        String second = store.save(first);
        assertEquals("20261130T131500Z-sdb-2", second);
        assertEquals("20261130T131500Z-sdb-2", store.load(second).id());
        assertEquals(first, store.load("20261130T131500Z-sdb"));
    }

    @Test
    void aResultWithoutIdGetsOneFromTheHostClockAndItsDevice() {
        assertEquals("20261130T131500Z-sdb", store.save(sample(null, "2026-11-30T13:15:00Z")));
    }

    @Test
    void idsSortByTimeAndAreSafeFileNames() {
        assertEquals("20261130T131500Z-sdb", BenchStore.newId(NOW, "sdb"));
        assertEquals("20261130T131500Z-md_127_x", BenchStore.newId(NOW, "md/127 x"));
        assertEquals("20261130T131500Z-unknown", BenchStore.newId(NOW, null));
        assertTrue(BenchStore.newId(NOW, "zz").compareTo(BenchStore.newId(NOW.plusSeconds(1), "aa")) < 0);
        assertTrue(BenchStore.newId(Instant.parse("2026-09-30T23:59:59Z"), "sdb").compareTo(BenchStore.newId(NOW, "sda")) < 0);
        assertThrows(IllegalArgumentException.class, () -> store.save(sample("../../etc/x", "t")));
    }

    @Test
    void theListIsOldestFirstAndSkipsTemporaryFiles() throws IOException {
        assertEquals(List.of(), store.list());
        store.save(sample("b", "2026-11-30T14:00:00Z"));
        store.save(sample("a", "2026-11-30T15:00:00Z"));
        store.save(sample("c", "2026-11-29T08:00:00Z"));
        Files.writeString(host.path("/var/lib/disktune/bench/.disktune.tmp.0123"), "{ half");
        assertEquals(List.of("c", "b", "a"), store.list().stream().map(BenchResult::id).toList());
    }

    @Test
    void aMissingIdIsAUsageErrorPointingToTheList() {
        DisktuneException e = assertThrows(DisktuneException.class, () -> store.load("20261130T131500Z-sdb"));
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertEquals("no benchmark result 20261130T131500Z-sdb in /var/lib/disktune/bench; see disktune bench list for the ids, "
                + "or give the path of a result's JSON file", e.getMessage());
        DisktuneException file = assertThrows(DisktuneException.class, () -> store.load("/tmp/before.json"));
        assertEquals("no benchmark result file /tmp/before.json; give a JSON file written by disktune bench, or an id from "
                + "disktune bench list", file.getMessage());
    }

    @Test
    void aTruncatedFileIsAOneLineUsageErrorNamingIt() throws IOException {
        store.save(sample("x", "2026-11-30T13:15:00Z"));
        Path stored = host.path("/var/lib/disktune/bench/x.json");
        byte[] bytes = Files.readAllBytes(stored);
        Files.write(stored, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        DisktuneException e = assertThrows(DisktuneException.class, () -> store.load("x"));
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertTrue(e.getMessage().startsWith("benchmark result /var/lib/disktune/bench/x.json is not readable ("), e.getMessage());
        assertTrue(e.getMessage().endsWith("); move it out of /var/lib/disktune/bench or repair it"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
        assertThrows(DisktuneException.class, store::list);
    }

    @Test
    void aFileTheUserNamesIsReadByItsPath() throws IOException {
        BenchResult original = sample("elsewhere", "2026-11-30T13:15:00Z");
        store.save(original);
        byte[] bytes = Files.readAllBytes(host.path("/var/lib/disktune/bench/elsewhere.json"));
        Files.createDirectories(host.path("/root"));
        Files.write(host.path("/root/before.json"), bytes);
        assertEquals(original, store.load("/root/before.json"));
        Path relative = fs.getPath("copy.json"); // relative to the working directory
        Files.write(relative, bytes);
        assertEquals(original, store.load("copy.json"));
        assertEquals(original, store.loadFile(relative, "copy.json"));
    }

    @Test
    void filesThatAreNotResultsAreRefusedWithTheReason() throws IOException {
        Files.createDirectories(host.path("/root"));
        Files.writeString(host.path("/root/r.json"), "{\"schema_version\": 2, \"id\": \"r\", \"workloads\": [], \"settings\": {}}",
                StandardCharsets.UTF_8);
        assertEquals("benchmark result /root/r.json has schema_version 2, newer than this disktune reads (1); compare it with a newer "
                + "disktune", assertThrows(DisktuneException.class, () -> store.load("/root/r.json")).getMessage());
        Files.writeString(host.path("/root/r.json"), "{\"id\": \"r\", \"workloads\": [], \"settings\": {}}");
        assertEquals("benchmark result /root/r.json is not readable (it has no schema_version); give a JSON file written by disktune "
                + "bench, or an id from disktune bench list", assertThrows(DisktuneException.class, () -> store.load("/root/r.json")).getMessage());
        Files.writeString(host.path("/root/r.json"), "[1, 2]");
        assertTrue(assertThrows(DisktuneException.class, () -> store.load("/root/r.json")).getMessage()
                .startsWith("benchmark result /root/r.json is not readable ("));
        store.save(sample("y", "2026-11-30T13:15:00Z"));
        Files.move(host.path("/var/lib/disktune/bench/y.json"), host.path("/var/lib/disktune/bench/z.json"));
        assertEquals("benchmark result /var/lib/disktune/bench/z.json is not readable (its id y does not match the file name); move it "
                + "out of /var/lib/disktune/bench or repair it", assertThrows(DisktuneException.class, () -> store.load("z")).getMessage());
    }
}
