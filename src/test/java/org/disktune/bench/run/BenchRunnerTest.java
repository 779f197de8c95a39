package org.disktune.bench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.Test;
import org.disktune.bench.Unit;
import org.disktune.bench.Latency;
import org.disktune.bench.Trial;
import org.disktune.bench.Profile;
import org.disktune.bench.Workload;
import org.disktune.bench.WorkloadContext;
import org.disktune.bench.WorkloadResult;

class BenchRunnerTest {
    /** A workload that records when it ran and answers figures from a list. */
    static final class Fake implements Workload {
        final String name;
        final double[] figures;
        final List<String> log;
        int next;
        boolean closed;
        final int failAt;

        Fake(String name, List<String> log, int failAt, double... figures) {
            this.name = name;
            this.log = log;
            this.failAt = failAt;
            this.figures = figures;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public Unit unit() {
            return Unit.MB_S;
        }

        @Override
        public void prepare(WorkloadContext context) {
            log.add("prepare " + name);
        }

        @Override
        public Trial run(WorkloadContext context) throws IOException {
            if (next == failAt) {
                throw new IOException("Input/output error");
            }
            log.add(name + " " + next);
            double v = figures[next++];
            return new Trial(v, v >= 100 ? new Latency(v, v * 2, v * 3) : null, 1, 1, 1.0);
        }

        @Override
        public void close() {
            closed = true;
            log.add("close " + name);
        }
    }

    static WorkloadContext context() {
        return new WorkloadContext(null, "loop0", Path.of("/dev/loop0"), Profile.QUICK, Clock.systemUTC(), System::nanoTime);
    }

    @Test
    void warmUpIsDiscardedAndTrialsInterleaveAcrossWorkloads() {
        List<String> log = new ArrayList<>();
        Fake a = new Fake("a", log, -1, 999, 10, 30, 20, 50, 40);
        Fake b = new Fake("b", log, -1, 1, 200, 400, 300, 500, 100);
        List<int[]> progress = new ArrayList<>();
        List<WorkloadResult> results = new BenchRunner().run(List.of(a, b), context(), (done, total, w) -> progress.add(new int[] {done, total}));
        assertEquals(List.of("prepare a", "prepare b", "a 0", "b 0", "a 1", "b 1", "a 2", "b 2", "a 3", "b 3", "a 4", "b 4", "a 5", "b 5",
                "close a", "close b"), log);
        assertEquals(List.of(10.0, 30.0, 20.0, 50.0, 40.0), results.get(0).trials().stream().map(Trial::value).toList(), "warm-up dropped");
        assertEquals(30.0, results.get(0).median());
        assertEquals(300.0, results.get(1).median());
        assertEquals(new Latency(300, 600, 900), results.get(1).latency(), "median of each percentile over the trials");
        assertEquals(null, results.get(0).latency());
        assertEquals(12, progress.size());
        assertEquals(12, progress.get(11)[0]);
        assertEquals(12, progress.get(11)[1]);
    }

    @Test
    void aFailingTrialClosesEveryWorkloadAndIsOneLine() {
        List<String> log = new ArrayList<>();
        Fake a = new Fake("a", log, 2, 1, 2, 3, 4, 5, 6);
        Fake b = new Fake("b", log, -1, 1, 2, 3, 4, 5, 6);
        DisktuneException e = assertThrows(DisktuneException.class, () -> new BenchRunner().run(List.of(a, b), context(), BenchRunner.Progress.NONE));
        assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
        assertEquals("benchmark of /dev/loop0 failed: Input/output error", e.getMessage());
        assertTrue(a.closed && b.closed, log.toString());
    }

    @Test
    void medianOfOddAndEvenCounts() {
        assertEquals(3.0, BenchRunner.median(new double[] {5, 1, 3}));
        assertEquals(2.5, BenchRunner.median(new double[] {4, 1, 2, 3}));
        assertTrue(Double.isNaN(BenchRunner.median(new double[0])));
    }
}
