package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.disktune.bench.BenchResult;
import org.disktune.bench.Profile;
import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.WorkloadResult;
import org.disktune.bench.store.BenchStore;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** disktune bench compare and bench list on results stored in a temporary --root, through the real command line. */
class BenchCompareCommandTest {
    @TempDir
    Path root;

    private BenchStore store;

    @BeforeEach
    void tree() throws IOException {
        Files.createDirectories(root.resolve("etc"));
        store = new BenchStore(new RootedHost(root, new RefusingCommandRunner("test"), () -> {
            throw new IllegalStateException("no kernel log");
        }, Clock.systemUTC(), true));
    }

    private static WorkloadResult workload(String name, Unit unit, double... values) {
        List<Trial> trials = Arrays.stream(values).mapToObj(v -> new Trial(v, null, 0, 0, 1)).toList();
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return new WorkloadResult(name, unit, trials, sorted[sorted.length / 2], null);
    }

    private static BenchResult result(String id, String time, String readAhead, WorkloadResult... workloads) {
        return new BenchResult(BenchResult.SCHEMA_VERSION, id, "/dev/sdb", "sdb", "ata-ST3500-XYZ", "6.1.0-26-amd64", "boot", time,
                Profile.QUICK, Map.of("read_ahead_kb", readAhead), List.of(workloads));
    }

    private static final WorkloadResult SEQ_BEFORE = workload("seq-read-buffered", Unit.MB_S, 100, 101, 99, 100.5, 99.5);
    private static final WorkloadResult SEQ_AFTER = workload("seq-read-buffered", Unit.MB_S, 108, 109, 107, 108.5, 107.5);
    private static final WorkloadResult QD1_BEFORE = workload("rand-read-4k-qd1", Unit.IOPS, 5000, 5050, 4950, 5020, 4980);
    private static final WorkloadResult QD1_SAME = workload("rand-read-4k-qd1", Unit.IOPS, 4990, 5060, 4940, 5030, 4970);
    private static final WorkloadResult QD1_WORSE = workload("rand-read-4k-qd1", Unit.IOPS, 4000, 4050, 3950, 4020, 3980);

    private CliRun run(String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "--root";
        all[1] = root.toString();
        System.arraycopy(args, 0, all, 2, args.length);
        return CliRun.run(all);
    }

    @Test
    void aGainIsClaimedWithItsIntervalAndNoChangeIsSaidSo() {
        store.save(result("before", "2026-11-30T13:15:00Z", "128", SEQ_BEFORE, QD1_BEFORE));
        store.save(result("after", "2026-11-30T14:15:00Z", "4096", SEQ_AFTER, QD1_SAME));
        CliRun run = run("bench", "compare", "before", "after");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("", run.err());
        List<String> lines = run.out().lines().toList();
        assertEquals("A: before: sdb (ata-ST3500-XYZ), quick profile, 2026-11-30T13:15:00Z", lines.get(0));
        assertEquals("seq-read-buffered +8.0% [+6.5%, +9.5%]  (median 100.0 -> 108.0 MB/s)", lines.get(2));
        assertTrue(lines.get(3).startsWith("rand-read-4k-qd1: no detectable change (-0.2% ["), lines.get(3));
        assertTrue(lines.get(3).endsWith("  (median 5000 -> 4990 IOPS)"), lines.get(3));
        assertEquals("note: settings that differ (A -> B): read_ahead_kb 128 -> 4096", lines.get(4));
        assertEquals("note: " + BenchCompareCommand.ONE_RUN_NOTE, lines.get(5));
        assertEquals("no regression", lines.get(6));
        assertEquals(7, lines.size(), run.out());
    }

    @Test
    void severalRunsPerSideAccountForDriftBetweenRunsAndOneRunOnASideCannotTell() throws IOException {
        // the same true speed; each run's trials are tight, the runs drift apart (as two runs minutes apart did)
        store.save(result("a1", "2026-11-30T13:00:00Z", "128", workload("seq-read-direct", Unit.MB_S, 100, 100.5, 99.5, 100.2, 99.8)));
        store.save(result("a2", "2026-11-30T13:05:00Z", "128", workload("seq-read-direct", Unit.MB_S, 128, 128.5, 127.5, 128.2, 127.8)));
        store.save(result("a3", "2026-11-30T13:10:00Z", "128", workload("seq-read-direct", Unit.MB_S, 112, 112.5, 111.5, 112.2, 111.8)));
        store.save(result("b1", "2026-11-30T14:00:00Z", "128", workload("seq-read-direct", Unit.MB_S, 134, 134.5, 133.5, 134.2, 133.8)));
        store.save(result("b2", "2026-11-30T14:05:00Z", "128", workload("seq-read-direct", Unit.MB_S, 104, 104.5, 103.5, 104.2, 103.8)));
        store.save(result("b3", "2026-11-30T14:10:00Z", "128", workload("seq-read-direct", Unit.MB_S, 118, 118.5, 117.5, 118.2, 117.8)));

        CliRun single = run("bench", "compare", "a1", "b1");
        assertTrue(single.out().contains("\nseq-read-direct +34.0% ["), single.out());
        assertTrue(single.out().contains("\nnote: " + BenchCompareCommand.ONE_RUN_NOTE + "\n"), single.out());

        CliRun runs = run("bench", "compare", "a1,a2,a3", "b1,b2,b3");
        assertEquals(0, runs.exitCode(), runs.err());
        List<String> lines = runs.out().lines().toList();
        assertEquals(List.of("A: a1", "A: a2", "A: a3", "B: b1", "B: b2", "B: b3"), lines.subList(0, 6).stream()
                .map(l -> l.substring(0, l.indexOf(':', 3))).toList());
        assertTrue(lines.get(6).startsWith("seq-read-direct: no detectable change (+"), lines.get(6));
        assertTrue(lines.get(6).endsWith("  (median of all trials 112.0 -> 118.0 MB/s)"), lines.get(6));
        assertTrue(lines.get(7).startsWith("note: between runs: 3 run(s) of A and 3 of B; each interval is 99% from the spread"), lines.get(7));
        assertEquals("no regression", lines.get(8));

        CliRun json = run("bench", "compare", "a1,a2,a3", "b1,b2,b3", "--json");
        JsonNode node = new ObjectMapper().readTree(json.out());
        assertEquals("a1,a2,a3", node.get("a").asText());
        assertEquals("none", node.get("verdicts").get(0).get("direction").asText());

        CliRun oneSide = run("bench", "compare", "a1", "b1,b2");
        assertEquals(0, oneSide.exitCode(), oneSide.err());
        assertTrue(oneSide.out().contains("\nseq-read-direct: cannot tell (medians "), oneSide.out());
        JsonNode cannot = new ObjectMapper().readTree(run("bench", "compare", "a1", "b1,b2", "--json").out());
        assertEquals("cannot-tell", cannot.get("verdicts").get(0).get("direction").asText());
    }

    @Test
    void aRegressionExitsOneAndNamesTheWorkload() throws IOException {
        store.save(result("before", "2026-11-30T13:15:00Z", "128", SEQ_BEFORE, QD1_BEFORE));
        store.save(result("after", "2026-11-30T14:15:00Z", "128", SEQ_AFTER, QD1_WORSE));
        CliRun run = run("bench", "compare", "before", "after");
        assertEquals(1, run.exitCode(), run.err());
        assertTrue(run.out().contains("\nrand-read-4k-qd1 -20.0% ["), run.out());
        assertTrue(run.out().endsWith("regression: rand-read-4k-qd1 got significantly worse\n"), run.out());

        CliRun json = run("bench", "compare", "before", "after", "--json");
        assertEquals(1, json.exitCode(), json.err());
        JsonNode node = new ObjectMapper().readTree(json.out());
        assertEquals("bench compare", node.get("command").asText());
        assertEquals("before", node.get("a").asText());
        assertEquals("after", node.get("b").asText());
        assertTrue(node.get("regression").asBoolean());
        JsonNode seq = node.get("verdicts").get(0);
        assertEquals("seq-read-buffered", seq.get("workload").asText());
        assertEquals("MB/s", seq.get("unit").asText());
        assertEquals(100.0, seq.get("median_a").asDouble());
        assertEquals(108.0, seq.get("median_b").asDouble());
        assertEquals(8.0, seq.get("change_percent").asDouble(), 1e-9);
        assertEquals(6.5, seq.get("low_percent").asDouble(), 0.05);
        assertEquals(9.5, seq.get("high_percent").asDouble(), 0.05);
        assertEquals("better", seq.get("direction").asText());
        assertEquals("worse", node.get("verdicts").get(1).get("direction").asText());
        assertEquals("IOPS", node.get("verdicts").get(1).get("unit").asText());
        assertEquals(1, node.get("notes").size());
        assertEquals(BenchCompareCommand.ONE_RUN_NOTE, node.get("notes").get(0).asText());
    }

    @Test
    void aResultFileTheUserNamesIsComparedWithAStoredOne() throws IOException {
        store.save(result("before", "2026-11-30T13:15:00Z", "128", SEQ_BEFORE));
        store.save(result("elsewhere", "2026-11-30T14:15:00Z", "128", SEQ_AFTER, QD1_SAME));
        Path copy = Files.createTempFile(root.getParent(), "after", ".json");
        try {
            Files.move(root.resolve("var/lib/disktune/bench/elsewhere.json"), copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            CliRun run = run("bench", "compare", "before", copy.toString());
            assertEquals(0, run.exitCode(), run.err());
            assertTrue(run.out().contains("\nseq-read-buffered +8.0% [+6.5%, +9.5%]"), run.out());
            assertTrue(run.out().contains("\nnote: rand-read-4k-qd1: measured only in B (elsewhere); not compared\n"), run.out());
        } finally {
            Files.deleteIfExists(copy);
        }
    }

    @Test
    void aMissingOrBrokenResultIsAOneLineUsageError() throws IOException {
        store.save(result("before", "2026-11-30T13:15:00Z", "128", SEQ_BEFORE));
        CliRun missing = run("bench", "compare", "before", "20261130T999999Z-sdb");
        assertEquals(2, missing.exitCode());
        assertEquals("", missing.out());
        assertEquals("disktune: no benchmark result 20261130T999999Z-sdb in /var/lib/disktune/bench; see disktune bench list for the ids, "
                + "or give the path of a result's JSON file\n", missing.err());
        Path broken = root.resolve("var/lib/disktune/bench/before.json");
        Files.writeString(broken, Files.readString(broken).substring(0, 100));
        CliRun truncated = run("bench", "compare", "before", "before");
        assertEquals(2, truncated.exitCode());
        assertTrue(truncated.err().startsWith("disktune: benchmark result /var/lib/disktune/bench/before.json is not readable ("), truncated.err());
        assertEquals(1, truncated.err().lines().count(), truncated.err());
        CliRun noFile = run("bench", "compare", "/nonexistent/a.json", "before");
        assertEquals(2, noFile.exitCode());
        assertEquals("disktune: no benchmark result file /nonexistent/a.json; give a JSON file written by disktune bench, or an id from "
                + "disktune bench list\n", noFile.err());
        assertEquals(2, run("bench", "compare", "before").exitCode(), "B is required");
    }

    @Test
    void theListShowsEveryResultOldestFirstWithItsMedians() throws IOException {
        CliRun empty = run("bench", "list");
        assertEquals(0, empty.exitCode(), empty.err());
        assertEquals("no benchmark results stored yet; run disktune bench TARGET\n", empty.out());
        store.save(result("later", "2026-11-30T14:15:00Z", "128", SEQ_AFTER, QD1_SAME));
        store.save(result("earlier", "2026-11-30T13:15:00Z", "128", SEQ_BEFORE));
        CliRun list = run("bench", "list");
        assertEquals(0, list.exitCode(), list.err());
        List<String> lines = list.out().lines().toList();
        assertEquals(3, lines.size(), list.out());
        assertTrue(lines.get(0).matches("ID +TIME +TARGET +IDENTITY +PROFILE +MEDIANS"), lines.get(0));
        assertTrue(lines.get(1).matches("earlier +2026-11-30T13:15:00Z +/dev/sdb +ata-ST3500-XYZ +quick +seq-read-buffered 100.0 MB/s"),
                lines.get(1));
        assertTrue(lines.get(2).startsWith("later "), lines.get(2));
        assertTrue(lines.get(2).endsWith("seq-read-buffered 108.0 MB/s, rand-read-4k-qd1 4990 IOPS"), lines.get(2));

        JsonNode node = new ObjectMapper().readTree(run("bench", "list", "--json").out());
        assertEquals("bench list", node.get("command").asText());
        assertEquals("earlier", node.get("results").get(0).get("id").asText());
        JsonNode qd1 = node.get("results").get(1).get("workloads").get(1);
        assertEquals("rand-read-4k-qd1", qd1.get("name").asText());
        assertEquals("IOPS", qd1.get("unit").asText());
        assertEquals(4990.0, qd1.get("median").asDouble());
        assertEquals(5, qd1.get("trials").asInt());
    }
}
