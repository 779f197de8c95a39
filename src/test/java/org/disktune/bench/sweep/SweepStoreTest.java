package org.disktune.bench.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

import org.disktune.bench.Unit;
import org.disktune.bench.stats.Direction;
import org.disktune.bench.stats.Interval;
import org.disktune.bench.stats.Verdict;
import org.disktune.bench.store.BenchStore;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.Host;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sweeps stored next to the benchmark results: the JSON round trip, ids, and what the result store never sees. */
class SweepStoreTest {
    @TempDir
    Path root;

    static SweepReport report(String time) {
        SweepPoint now = new SweepPoint("none", null, 128);
        SweepPoint point = new SweepPoint("none", null, 4096);
        Interval unbounded = new Interval(1.0, 0.0, Double.POSITIVE_INFINITY); // what fewer than 4 trials give
        Interval gain = new Interval(1.3, 1.2, 1.4);
        SweepRow row = new SweepRow(point, point.label(), List.of(new Verdict("seq-read-buffered", Unit.MB_S, 100, 130, gain, Direction.of(gain)),
                new Verdict("rand-read-4k-qd4", Unit.IOPS, 1000, 1000, unbounded, Direction.of(unbounded))), true);
        return new SweepReport(SweepReport.SCHEMA_VERSION, null, time, "/dev/loop3", "loop3", "wwn-0x1", now,
                List.of("seq-read-buffered", "rand-read-4k-qd4"), 5, 1.0, List.of(row), List.of(new SweepPoint("bfq", null, 128)), row, row,
                point, "winner", "j1", "/etc/disktune/disktune.conf", "j9");
    }

    private Host host() {
        return new RootedHost(root, new RefusingCommandRunner("test"), () -> {
            throw new IllegalStateException("no kernel log");
        }, Clock.systemUTC(), true);
    }

    @Test
    void aSweepComesBackAsItWasStoredUnderAnIdOfItsTimeAndDevice() {
        SweepStore store = new SweepStore(host());
        SweepReport saved = store.save(report("2025-03-04T05:06:07Z"));
        assertEquals("20250304T050607Z-loop3", saved.id());
        assertTrue(Files.isRegularFile(root.resolve("var/lib/disktune/bench/tune/20250304T050607Z-loop3.json")));
        assertTrue(store.contains(saved.id()));
        assertEquals(saved, store.load(saved.id()), "every field, the unbounded interval included");

        SweepReport again = store.save(report("2025-03-04T05:06:07Z"));
        assertEquals("20250304T050607Z-loop3-2", again.id(), "a second sweep in the same second keeps the first");
        assertEquals(List.of(saved.id(), again.id()), store.list().stream().map(SweepReport::id).toList());
    }

    @Test
    void theResultStoreDoesNotListSweeps() {
        new SweepStore(host()).save(report("2025-03-04T05:06:07Z"));
        assertEquals(List.of(), new BenchStore(host()).list());
        assertFalse(new BenchStore(host()).contains("20250304T050607Z-loop3"));
    }

    @Test
    void aMissingOrDamagedSweepIsAOneLineUsageError() throws IOException {
        SweepStore store = new SweepStore(host());
        DisktuneException missing = assertThrows(DisktuneException.class, () -> store.load("nope"));
        assertEquals(ExitCode.USAGE, missing.exitCode());
        assertEquals("no tune sweep nope in /var/lib/disktune/bench/tune; see disktune bench list for the ids", missing.getMessage());

        Path dir = Files.createDirectories(root.resolve("var/lib/disktune/bench/tune"));
        Files.writeString(dir.resolve("bad.json"), "{\"schema_version\": 1, \"id\": [");
        DisktuneException bad = assertThrows(DisktuneException.class, () -> store.load("bad"));
        assertEquals(ExitCode.USAGE, bad.exitCode());
        assertTrue(bad.getMessage().startsWith("tune sweep /var/lib/disktune/bench/tune/bad.json is not readable ("), bad.getMessage());
        assertEquals(1, bad.getMessage().lines().count());

        Files.writeString(dir.resolve("other.json"), "{\"schema_version\": 1, \"id\": \"else\", \"baseline\": {\"scheduler\": \"none\", "
                + "\"read_ahead_kb\": 128}, \"workloads\": [\"w\"]}");
        DisktuneException mismatch = assertThrows(DisktuneException.class, () -> store.load("other"));
        assertEquals("tune sweep /var/lib/disktune/bench/tune/other.json is not readable (its id else does not match the file name); "
                + "move it out of /var/lib/disktune/bench/tune or repair it", mismatch.getMessage());
    }
}
