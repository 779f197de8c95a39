package org.disktune.bench.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;

import org.junit.jupiter.api.Test;

/** The order-statistic interval of a median: its ranks against the binomial tables, and its coverage in simulation. */
class MedianIntervalTest {
    @Test
    void ranksAndCoverageMatchTheBinomialTable() {
        // 9 trials: [x(2), x(8)], 1 - 2 * 10/512 = 0.9609; 20 trials: [x(6), x(15)], 0.9586 (sign-test tables)
        assertEquals(2, MedianInterval.rank(9));
        assertEquals(1 - 2 * 10.0 / 512, MedianInterval.coverage(9), 1e-12);
        assertEquals(6, MedianInterval.rank(20));
        assertEquals(0.9586, MedianInterval.coverage(20), 1e-4);
        // too few trials for 95%: [min, max]
        assertEquals(1, MedianInterval.rank(5));
        assertEquals(1 - 2 / 32.0, MedianInterval.coverage(5), 1e-12);
        assertEquals(1, MedianInterval.rank(1));
        assertEquals(0, MedianInterval.coverage(1), 1e-12);
        for (int n = 6; n <= 2000; n += n < 100 ? 1 : 97) {
            assertTrue(MedianInterval.coverage(n) >= 0.95, "n=" + n);
            int k = MedianInterval.rank(n);
            if (2 * (k + 1) <= n + 1) {
                assertTrue(MedianInterval.coverageAt(n, k + 1) < 0.95, "n=" + n + ": the widest rank that keeps 95%");
            }
        }
    }

    @Test
    void theIntervalIsTheOrderStatisticsInAnyInputOrder() {
        double[] values = {9, 1, 8, 2, 7, 3, 6, 4, 5};
        assertArrayEquals(new double[] {2, 8}, MedianInterval.of(values));
        assertArrayEquals(new double[] {9, 1, 8, 2, 7, 3, 6, 4, 5}, values, "the input is not sorted in place");
        assertArrayEquals(new double[] {1, 5}, MedianInterval.of(new double[] {5, 4, 3, 2, 1}));
        assertArrayEquals(new double[] {3, 3}, MedianInterval.of(new double[] {3}));
        assertThrows(IllegalArgumentException.class, () -> MedianInterval.of(new double[0]));
        assertThrows(IllegalArgumentException.class, () -> MedianInterval.of(new double[] {1, Double.NaN}));
    }

    @Test
    void coverageOfTheTrueMedianIsAsPromisedOnSkewedAndSymmetricDistributions() {
        SplittableRandom random = new SplittableRandom(20240917);
        // exponential (rate 1): median ln 2; normal(100, 15): median 100; lognormal: median e^0 = 1
        assertCoverage(() -> -Math.log(1 - random.nextDouble()), Math.log(2), random);
        assertCoverage(() -> 100 + 15 * gaussian(random), 100, random);
        assertCoverage(() -> Math.exp(gaussian(random)), 1, random);
    }

    private static void assertCoverage(DoubleSupplier draw, double median, SplittableRandom random) {
        int experiments = 20_000;
        for (int n : new int[] {5, 9, 20, 31}) {
            int covered = 0;
            double[] values = new double[n];
            for (int e = 0; e < experiments; e++) {
                for (int i = 0; i < n; i++) {
                    values[i] = draw.getAsDouble();
                }
                double[] interval = MedianInterval.of(values);
                if (interval[0] <= median && median <= interval[1]) {
                    covered++;
                }
            }
            double observed = covered / (double) experiments;
            // binomial standard error of the observed share is about 0.0015: 5 of them is a wide margin
            assertEquals(MedianInterval.coverage(n), observed, 0.0075, "n=" + n);
            if (n >= 6) {
                assertTrue(observed > 0.94, "n=" + n + ": " + observed);
            }
        }
    }

    private static double gaussian(SplittableRandom random) {
        // Box-Muller
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }
}
