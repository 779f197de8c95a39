package org.disktune.bench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;
import org.junit.jupiter.api.Test;

/**
 * The interval of {@link RatioInterval}: its critical values against published tables and brute-force enumeration,
 * and its coverage measured over simulated experiments with a known true ratio.
 *
 * <p>Figures these simulations measure (2000 experiments each, with the seeds in the code): coverage of the true ratio
 * 1.079, and the share of experiments that claim a change.
 * <pre>
 *                                              coverage          change claimed
 *                                              n = 5   n = 9     n = 5   n = 9
 * lognormal noise, sigma 5%                    0.9605  0.958     0.4535  0.8005
 * Student t (2 df) on logs, scale 3%           0.971   0.965     0.507   0.832
 * "hdparm swing": a quarter of the trials up
 *   to 5x slower, else 2% lognormal            0.967   0.966     0.2695  0.5555
 * unequal spread (A 3%, B 9% lognormal)        0.956   0.9575    0.285   0.5535   (outside the shift model)
 * A/A (ratio 1), lognormal 5%                  -       -         0.0325  0.033
 * A/A (ratio 1), Student t                     -       -         0.0265  0.0455
 * ratio 1.3 and 1/1.3, lognormal 5%            -       -         >= 0.99 (asserted)
 * </pre>
 * Exact coverage under the shift model is 0.968 (n = 5) and 0.960 (n = 9); 2000 experiments have a standard error of
 * about 0.004.
 * <p>For comparison (not used by disktune), a percentile bootstrap of the ratio of medians (2000 resamples, 1000
 * experiments) covered 0.966/0.979 (lognormal, n = 5/9) and 0.973/0.968 (Student t): adequate here too, but random,
 * slower and without a guarantee; the rank interval is exact for every continuous noise of the same shape.
 */
class RatioIntervalTest {
    private static final int EXPERIMENTS = 2000;
    private static final double TRUE_RATIO = 1.079;

    /** Noise of the logarithm of a figure. */
    private interface Noise {
        double next(RandomGenerator random);
    }

    private static Noise lognormal(double sigma) {
        return r -> sigma * r.nextGaussian();
    }

    private static Noise studentT2(double scale, RandomGenerator random) {
        TDistribution t = new TDistribution(random, 2);
        return r -> scale * t.sample();
    }

    /** The first RAID report's hdparm -t: most trials near one figure, a quarter of them anywhere down to a fifth. */
    private static Noise swing() {
        return r -> r.nextDouble() < 0.25 ? -r.nextDouble() * 1.6 : 0.02 * r.nextGaussian();
    }

    private static double[] draw(RandomGenerator r, Noise noise, int n, double typical) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = typical * Math.exp(noise.next(r));
        }
        return x;
    }

    /** {fraction of intervals covering the true ratio, fraction claiming a change}. */
    private static double[] simulate(RandomGenerator r, Noise a, Noise b, int n, double ratio) {
        int covered = 0;
        int claimed = 0;
        for (int s = 0; s < EXPERIMENTS; s++) {
            Interval interval = RatioInterval.ratio(draw(r, a, n, 100), draw(r, b, n, 100 * ratio));
            if (interval.low() <= ratio && ratio <= interval.high()) {
                covered++;
            }
            if (interval.excludesOne()) {
                claimed++;
            }
        }
        return new double[] {covered / (double) EXPERIMENTS, claimed / (double) EXPERIMENTS};
    }

    @Test
    void criticalCountsAreThoseOfThePublishedMannWhitneyTables() {
        // two-sided 5% critical values of U (e.g. Siegel & Castellan, table J): 2, 5, 8, 13, 17, 23, 127; 7 for 5 and 9;
        // the interval's k is the critical value + 1
        assertEquals(3, RatioInterval.criticalCount(5, 5));
        assertEquals(6, RatioInterval.criticalCount(6, 6));
        assertEquals(9, RatioInterval.criticalCount(7, 7));
        assertEquals(14, RatioInterval.criticalCount(8, 8));
        assertEquals(18, RatioInterval.criticalCount(9, 9));
        assertEquals(24, RatioInterval.criticalCount(10, 10));
        assertEquals(128, RatioInterval.criticalCount(20, 20));
        assertEquals(8, RatioInterval.criticalCount(5, 9));
        assertEquals(8, RatioInterval.criticalCount(9, 5));
        assertEquals(0, RatioInterval.criticalCount(3, 3), "P(U = 0) = 1/20 > 2.5%: no bounded interval");
        assertEquals(1, RatioInterval.criticalCount(4, 4), "P(U = 0) = 1/70");
    }

    @Test
    void theNullDistributionIsTheOneOfEveryOrderingEquallyLikely() {
        for (int[] sizes : new int[][] {{4, 5}, {5, 5}, {3, 7}, {6, 2}, {1, 4}}) {
            int m = sizes[0];
            int n = sizes[1];
            long[] counts = new long[m * n + 1];
            long total = 0;
            for (int mask = 0; mask < 1 << (m + n); mask++) {
                if (Integer.bitCount(mask) != m) {
                    continue;
                }
                int u = 0;
                int bsBelow = 0;
                for (int position = 0; position < m + n; position++) {
                    if ((mask >> position & 1) == 1) {
                        u += bsBelow;
                    } else {
                        bsBelow++;
                    }
                }
                counts[u]++;
                total++;
            }
            double[] cumulative = RatioInterval.nullCumulative(m, n);
            long sum = 0;
            for (int u = 0; u <= m * n; u++) {
                sum += counts[u];
                assertEquals(sum / (double) total, cumulative[u], 1e-15, "m=" + m + " n=" + n + " u=" + u);
            }
        }
    }

    @Test
    void theExactConfidenceIsAtLeastTheLevelAndNearIt() {
        assertEquals(1 - 2 * 4 / 252.0, RatioInterval.exactConfidence(5, 5), 1e-12);
        assertEquals(0.9600, RatioInterval.exactConfidence(9, 9), 1e-4);
        for (int n = 4; n <= 30; n++) {
            double c = RatioInterval.exactConfidence(n, n);
            assertTrue(c >= 0.95 && c < 0.975, n + ": " + c);
        }
        assertEquals(0.0, RatioInterval.exactConfidence(3, 3));
    }

    @Test
    void theNormalApproximationAboveTheExactLimitIsWithinOneOfTheExactCount() {
        double[] cumulative = RatioInterval.nullCumulative(60, 60);
        int exact = 0;
        while (cumulative[exact] <= 0.025) {
            exact++;
        }
        int approximate = RatioInterval.criticalCount(60, 60);
        assertTrue(Math.abs(exact - approximate) <= 1, exact + " vs " + approximate);
        assertTrue(approximate <= exact, "the approximation may only widen the interval");
    }

    @Test
    void lognormalNoiseIsCoveredAtFiveAndNineTrials() {
        double[] five = simulate(new Well19937c(11), lognormal(0.05), lognormal(0.05), 5, TRUE_RATIO);
        double[] nine = simulate(new Well19937c(12), lognormal(0.05), lognormal(0.05), 9, TRUE_RATIO);
        assertCoverage(five[0], 5);
        assertCoverage(nine[0], 9);
    }

    @Test
    void heavyTailedNoiseIsCoveredAtFiveAndNineTrials() {
        RandomGenerator r5 = new Well19937c(21);
        double[] five = simulate(r5, studentT2(0.03, r5), studentT2(0.03, r5), 5, TRUE_RATIO);
        RandomGenerator r9 = new Well19937c(22);
        double[] nine = simulate(r9, studentT2(0.03, r9), studentT2(0.03, r9), 9, TRUE_RATIO);
        assertCoverage(five[0], 5);
        assertCoverage(nine[0], 9);
    }

    @Test
    void theSwingOfTheRaidReportIsCovered() {
        assertCoverage(simulate(new Well19937c(31), swing(), swing(), 5, TRUE_RATIO)[0], 5);
        assertCoverage(simulate(new Well19937c(32), swing(), swing(), 9, TRUE_RATIO)[0], 9);
    }

    @Test
    void aChangeOfSpreadAsWellAsLevelIsStillCoveredNearlyAtTheLevel() {
        // outside the shift model (B three times as noisy): approximate, measured 0.956 and 0.9575
        assertTrue(simulate(new Well19937c(41), lognormal(0.03), lognormal(0.09), 5, TRUE_RATIO)[0] >= 0.93);
        assertTrue(simulate(new Well19937c(42), lognormal(0.03), lognormal(0.09), 9, TRUE_RATIO)[0] >= 0.93);
    }

    @Test
    void twoRunsOfTheSameDistributionClaimAChangeAtMostOnceInTwenty() {
        for (int n : new int[] {5, 9}) {
            double lognormal = simulate(new Well19937c(50 + n), lognormal(0.05), lognormal(0.05), n, 1.0)[1];
            RandomGenerator r = new Well19937c(60 + n);
            double heavy = simulate(r, studentT2(0.03, r), studentT2(0.03, r), n, 1.0)[1];
            assertTrue(lognormal <= 0.055 && lognormal >= 0.015, n + " lognormal: " + lognormal);
            assertTrue(heavy <= 0.055 && heavy >= 0.015, n + " heavy-tailed: " + heavy);
        }
    }

    @Test
    void aLargeRealChangeIsDetectedNearlyAlwaysInItsDirection() {
        for (int n : new int[] {5, 9}) {
            RandomGenerator r = new Well19937c(70 + n);
            int better = 0;
            int worse = 0;
            for (int s = 0; s < EXPERIMENTS; s++) {
                if (Direction.of(RatioInterval.ratio(draw(r, lognormal(0.05), n, 100), draw(r, lognormal(0.05), n, 130))) == Direction.BETTER) {
                    better++;
                }
                if (Direction.of(RatioInterval.ratio(draw(r, lognormal(0.05), n, 100), draw(r, lognormal(0.05), n, 77))) == Direction.WORSE) {
                    worse++;
                }
            }
            assertTrue(better >= 0.99 * EXPERIMENTS, n + ": " + better);
            assertTrue(worse >= 0.99 * EXPERIMENTS, n + ": " + worse);
        }
    }

    private static void assertCoverage(double coverage, int n) {
        // exact under the shift model: 0.968 (n = 5) and 0.960 (n = 9); 2000 experiments have a standard error of 0.004
        assertTrue(coverage >= 0.93 && coverage <= 0.99, "coverage at n = " + n + ": " + coverage);
    }

    @Test
    void aDoubledFigureGivesTheRatioTwoAndTheExtremeRatiosAsBoundsAtFourTrials() {
        Interval i = RatioInterval.ratio(new double[] {100, 110, 120, 130}, new double[] {200, 220, 240, 260});
        assertEquals(2.0, i.estimate(), 1e-12);
        assertEquals(200 / 130.0, i.low(), 1e-12);
        assertEquals(2.6, i.high(), 1e-12);
    }

    @Test
    void theResultDependsNeitherOnTheOrderOfTrialsNorOnTheScale() {
        double[] a = {101.2, 97.5, 99.9, 103.4, 100.1, 98.8, 102.0};
        double[] b = {104.3, 106.0, 101.1, 105.5, 103.9, 107.2, 104.0};
        Interval i = RatioInterval.ratio(a, b);
        double[] shuffled = {b[3], b[0], b[6], b[1], b[5], b[2], b[4]};
        assertEquals(i, RatioInterval.ratio(new double[] {a[6], a[2], a[4], a[0], a[1], a[5], a[3]}, shuffled));
        Interval scaled = RatioInterval.ratio(Arrays.stream(a).map(x -> x * 1000).toArray(), Arrays.stream(b).map(x -> x * 1000).toArray());
        assertEquals(i.estimate(), scaled.estimate(), 1e-12);
        assertEquals(i.low(), scaled.low(), 1e-12);
        assertEquals(i.high(), scaled.high(), 1e-12);
        Interval reversed = RatioInterval.ratio(b, a);
        assertEquals(1 / i.estimate(), reversed.estimate(), 1e-12);
        assertEquals(1 / i.high(), reversed.low(), 1e-12);
    }

    @Test
    void identicalTrialsOnBothSidesAreNoChange() {
        Interval i = RatioInterval.ratio(new double[] {50, 50, 50, 50, 50}, new double[] {50, 50, 50, 50, 50});
        assertEquals(new Interval(1.0, 1.0, 1.0), i);
        assertFalse(i.excludesOne());
    }

    @Test
    void constantButDifferentRunsAreAChange() {
        Interval i = RatioInterval.ratio(new double[] {100, 100, 100, 100, 100}, new double[] {110, 110, 110, 110, 110});
        assertEquals(1.1, i.estimate(), 1e-12);
        assertEquals(1.1, i.low(), 1e-12);
        assertEquals(Direction.BETTER, Direction.of(i));
    }

    @Test
    void tiesBetweenTheRunsWidenTheIntervalToOne() {
        // rounded figures: three of five the same on both sides
        Interval i = RatioInterval.ratio(new double[] {100, 100, 100, 99, 101}, new double[] {100, 100, 100, 102, 103});
        assertFalse(i.excludesOne(), i.toString());
        assertTrue(i.low() <= 1.0 && i.estimate() > 1.0, i.toString());
    }

    @Test
    void zeroFiguresGiveRatiosOfZeroOrInfinityAndTwoZerosAreATie() {
        Interval fromNothing = RatioInterval.ratio(new double[] {0, 0, 0, 0, 0}, new double[] {5, 6, 7, 6, 5});
        assertEquals(Double.POSITIVE_INFINITY, fromNothing.low());
        assertEquals(Direction.BETTER, Direction.of(fromNothing));
        Interval toNothing = RatioInterval.ratio(new double[] {5, 6, 7, 6, 5}, new double[] {0, 0, 0, 0, 0});
        assertEquals(0.0, toNothing.high());
        assertEquals(Direction.WORSE, Direction.of(toNothing));
        assertEquals(new Interval(1, 1, 1), RatioInterval.ratio(new double[] {0, 0, 0, 0, 0}, new double[] {0, 0, 0, 0, 0}));
        Interval some = RatioInterval.ratio(new double[] {0, 10, 10, 10, 10}, new double[] {10, 0, 10, 10, 10});
        assertEquals(1.0, some.estimate(), 1e-12);
        assertFalse(some.excludesOne());
    }

    @Test
    void tooFewTrialsOrBadFiguresAreRefusedInOneLine() {
        IllegalArgumentException one = assertThrows(IllegalArgumentException.class,
                () -> RatioInterval.ratio(new double[] {100}, new double[] {100, 101, 102}));
        assertEquals("a confidence interval needs at least 2 trials per side; A has 1", one.getMessage());
        assertThrows(IllegalArgumentException.class, () -> RatioInterval.ratio(new double[] {1, 2}, new double[] {}));
        assertThrows(IllegalArgumentException.class, () -> RatioInterval.ratio(new double[] {1, -2}, new double[] {1, 2}));
        assertThrows(IllegalArgumentException.class, () -> RatioInterval.ratio(new double[] {1, 2}, new double[] {Double.NaN, 2}));
        assertThrows(IllegalArgumentException.class, () -> RatioInterval.ratio(new double[] {1, 2}, new double[] {Double.POSITIVE_INFINITY, 2}));
    }

    @Test
    void twoOrThreeTrialsPerSideGiveAnUnboundedIntervalThatClaimsNothing() {
        Interval i = RatioInterval.ratio(new double[] {100, 101, 100.5}, new double[] {200, 201, 200.5});
        assertEquals(0.0, i.low());
        assertEquals(Double.POSITIVE_INFINITY, i.high());
        assertEquals(Direction.NONE, Direction.of(i));
        assertEquals(2.0, i.estimate(), 0.01);
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertEquals(2.5, RatioInterval.median(new double[] {4, 1, 3, 2}));
        assertEquals(3.0, RatioInterval.median(new double[] {5, 1, 3}));
    }
}
