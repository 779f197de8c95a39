package org.disktune.bench.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

import org.disktune.bench.Profile;
import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.Workload;
import org.disktune.bench.WorkloadContext;
import org.disktune.bench.stats.Direction;
import org.junit.jupiter.api.Test;

/**
 * The winner rule with fake workloads whose figure depends on the point in force (a fake switcher), times a
 * multiplicative noise of about 3% from a seeded generator: no device, no sysfs.
 */
class InterleavedSweepTest {
    private static final SweepPoint BASE = new SweepPoint("mq-deadline", null, 128);
    private static final SweepPoint FASTER = new SweepPoint("mq-deadline", null, 4096);
    private static final SweepPoint MIXED = new SweepPoint("none", null, 128);
    private static final SweepPoint SAME = new SweepPoint("bfq", null, 128);
    /** The sweep's time in nanoseconds: a second per trial. */
    private static final AtomicLong CLOCK = new AtomicLong();

    /** The point in force and every switch, in order. */
    private static final class FakeSwitcher implements Switcher {
        SweepPoint current = BASE;
        final List<SweepPoint> switches = new ArrayList<>();

        @Override
        public void set(SweepPoint point, String why) {
            current = point;
            switches.add(point);
        }
    }

    /** A workload of figure 100 x the factor of the point in force x noise. */
    private static final class FakeWorkload implements Workload {
        private final String name;
        private final FakeSwitcher switcher;
        private final Map<SweepPoint, Double> factors;
        private final Random random;

        FakeWorkload(String name, FakeSwitcher switcher, Map<SweepPoint, Double> factors, Random random) {
            this.name = name;
            this.switcher = switcher;
            this.factors = factors;
            this.random = random;
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
        public Trial run(WorkloadContext context) {
            CLOCK.addAndGet(1_000_000_000L); // each trial takes a second of the fake clock
            double v = 100 * factors.getOrDefault(switcher.current, 1.0) * Math.exp(0.03 * random.nextGaussian());
            return new Trial(v, null, 0, 0, 0);
        }
    }

    private static InterleavedSweep.Outcome sweep(FakeSwitcher switcher, long seed, List<SweepPoint> points,
            Map<SweepPoint, Double> first, Map<SweepPoint, Double> second) {
        return sweep(switcher, seed, points, first, second, Duration.ofDays(1));
    }

    private static InterleavedSweep.Outcome sweep(FakeSwitcher switcher, long seed, List<SweepPoint> points,
            Map<SweepPoint, Double> first, Map<SweepPoint, Double> second, Duration budget) {
        Random random = new Random(seed);
        List<Workload> workloads = List.of(new FakeWorkload("seq-read-buffered", switcher, first, random),
                new FakeWorkload("rand-read-4k-qd4", switcher, second, random));
        WorkloadContext context = new WorkloadContext(null, "fake", Path.of("fake"), Profile.QUICK, Clock.systemUTC(), CLOCK::get,
                Duration.ofMillis(1));
        InterleavedSweep s = new InterleavedSweep(workloads, context, switcher, 1, 5, InterleavedSweep.Progress.NONE);
        return s.run(new SweepPlan(BASE, points, List.of(), Duration.ZERO, Duration.ZERO, budget));
    }

    // Real gains here are on every workload: a workload with no true change is called significantly worse by chance in
    // up to 2.5% of comparisons (the rule's price, twice with the confirmation), which would make such a test flaky.
    @Test
    void aSignificantlyBetterPointWinsAndThePointsAlternateWithTheBaselineTrialByTrial() {
        FakeSwitcher switcher = new FakeSwitcher();
        InterleavedSweep.Outcome o = sweep(switcher, 1, List.of(SAME, FASTER), Map.of(FASTER, 1.3), Map.of(FASTER, 1.2));
        assertEquals(2, o.rows().size());
        assertEquals(FASTER, o.winner(), o.rows() + " " + o.confirmation());
        assertEquals(Direction.BETTER, o.rows().get(1).verdicts().get(0).direction());
        assertTrue(o.confirmation().qualifies());
        // per point and for the confirmation: 6 rounds of baseline then point; the loop ends on the baseline
        List<SweepPoint> expected = new ArrayList<>();
        for (SweepPoint p : List.of(SAME, FASTER, FASTER)) {
            for (int round = 0; round < 6; round++) {
                expected.add(BASE);
                expected.add(p);
            }
        }
        expected.add(BASE);
        assertEquals(expected, switcher.switches);
        assertEquals(BASE, switcher.current);
    }

    @Test
    void aPointSignificantlyWorseOnOneWorkloadNeverWinsHoweverMuchBetterOnAnother() {
        FakeSwitcher switcher = new FakeSwitcher();
        InterleavedSweep.Outcome o = sweep(switcher, 2, List.of(MIXED, FASTER), Map.of(MIXED, 1.5, FASTER, 1.1), Map.of(MIXED, 0.8, FASTER, 1.1));
        SweepRow mixed = o.rows().get(0);
        assertEquals(Direction.BETTER, mixed.verdicts().get(0).direction());
        assertEquals(Direction.WORSE, mixed.verdicts().get(1).direction());
        assertFalse(mixed.qualifies());
        assertEquals(FASTER, o.winner(), "the smaller but clean gain wins");

        InterleavedSweep.Outcome alone = sweep(new FakeSwitcher(), 3, List.of(MIXED), Map.of(MIXED, 1.5), Map.of(MIXED, 0.8));
        assertNull(alone.winner());
        assertNull(alone.candidate());
    }

    @Test
    void noiseAloneGivesNoWinner() {
        // every point equal to the baseline: 6 points x 2 workloads of pure noise, for 20 seeds; a spurious candidate
        // (each comparison claims a change with at most 5%) must not survive its confirmation run
        int candidates = 0;
        List<SweepPoint> points = List.of(SAME, FASTER, MIXED, new SweepPoint("kyber", null, 128), new SweepPoint("bfq", null, 1024),
                new SweepPoint("none", null, 4096));
        for (long seed = 100; seed < 120; seed++) {
            InterleavedSweep.Outcome o = sweep(new FakeSwitcher(), seed, points, Map.of(), Map.of());
            assertNull(o.winner(), "seed " + seed + ": " + o.rows());
            candidates += o.candidate() == null ? 0 : 1;
        }
        assertTrue(candidates < 20, "spurious candidates in " + candidates + " of 20 sweeps");
    }

    @Test
    void pointsThatWouldEndPastTheBudgetAtTheMeasuredPaceAreLeftOutAndTheConfirmationStillFits() {
        // a point is 6 rounds x 2 sides x 2 workloads = 24 s of the fake clock; with 100 s, after 3 points (72 s) one
        // more and the confirmation would end at 120 s: the fourth and fifth are left out, and the sweep ends at 96 s
        List<SweepPoint> points = List.of(SAME, FASTER, MIXED, new SweepPoint("kyber", null, 128), new SweepPoint("none", null, 4096));
        long start = CLOCK.get();
        InterleavedSweep.Outcome o = sweep(new FakeSwitcher(), 7, points, Map.of(FASTER, 1.3), Map.of(FASTER, 1.2), Duration.ofSeconds(100));
        assertEquals(points.subList(0, 3), o.rows().stream().map(SweepRow::point).toList());
        assertEquals(points.subList(3, 5), o.leftOut());
        assertEquals(FASTER, o.winner());
        assertEquals(Duration.ofSeconds(96), Duration.ofNanos(CLOCK.get() - start));

        assertTrue(InterleavedSweep.fits(Duration.ofSeconds(24).toNanos(), 1, Duration.ofSeconds(72)));
        assertFalse(InterleavedSweep.fits(Duration.ofSeconds(24).toNanos(), 1, Duration.ofSeconds(71)));
    }
}
