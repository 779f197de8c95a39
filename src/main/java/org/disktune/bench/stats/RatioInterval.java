package org.disktune.bench.stats;

import java.util.Arrays;

/**
 * The ratio B/A of the typical figures of two sets of trials with its 95% confidence interval, by the Hodges–Lehmann
 * estimate and the distribution-free interval that inverts the Wilcoxon–Mann–Whitney rank-sum test, applied to the
 * logarithms of the figures (Hollander, Wolfe and Chicken, <i>Nonparametric Statistical Methods</i>, 3rd ed., §4.3;
 * Bauer 1972, "Constructing confidence sets using rank statistics", JASA 67; the same interval as R's
 * {@code wilcox.test(log(b), log(a), conf.int = TRUE)} with exact critical values). All methods are static and
 * deterministic: no random numbers are involved.
 *
 * <p>Method: form the m·n pairwise differences {@code log b_j - log a_i}; the estimate is their median and the
 * interval runs from the k-th smallest to the k-th largest, where k is the largest count with P(U &lt; k) &lt;= 2.5% under
 * the exact null distribution of the Mann–Whitney statistic U for sizes m and n (computed exactly by the recursion
 * c(m, n, u) = c(m-1, n, u-n) + c(m, n-1, u) up to m·n = {@value #EXACT_LIMIT}, by its normal approximation above). The
 * exponentials of these three numbers are the ratio and its bounds.
 *
 * <p>Assumption: the noise of a workload's figure is multiplicative and has the same shape in both runs, so that B's
 * figures are A's multiplied by one factor (a shift of the logarithms); the factor is then the ratio of the medians, or
 * of any other quantile, and the interval covers it with probability at least 95% for every continuous noise
 * distribution, however skewed or heavy-tailed (96.8% for 5 trials per side and 96.0% for 9, exactly, since U is
 * discrete). When a change also changes the spread, coverage is only approximate; the unit tests measure it. Tied
 * figures (rounding) make the interval slightly conservative. With fewer than 4 trials per side no interval excludes 1.0
 * at this level: the interval is then [0, ∞] and no change is ever claimed.
 *
 * <p>A figure of 0 (a workload that did nothing) has logarithm -∞: a ratio with a zero side is 0 or ∞, two zeros count
 * as a tie (ratio 1), and an estimate half way between 0 and ∞ is taken as 1.
 */
public final class RatioInterval {
    /** The confidence level of every interval. */
    public static final double LEVEL = 0.95;
    /** Largest m·n for which the null distribution of U is computed exactly (50 trials per side). */
    public static final int EXACT_LIMIT = 2500;
    private static final double Z_975 = 1.959963984540054;
    /** Tolerance for comparing a tail probability with 2.5% (the probabilities are ratios of exact counts). */
    private static final double EPSILON = 1e-12;

    private RatioInterval() {
    }

    /**
     * The ratio B/A of typical values and its 95% confidence interval.
     *
     * @throws IllegalArgumentException when a side has fewer than 2 trials, or a figure is negative, infinite or NaN
     */
    public static Interval ratio(double[] a, double[] b) {
        check(a, "A");
        check(b, "B");
        int m = a.length;
        int n = b.length;
        double[] differences = new double[m * n];
        int i = 0;
        for (double x : a) {
            double logX = Math.log(x);
            for (double y : b) {
                double d = Math.log(y) - logX;
                differences[i++] = Double.isNaN(d) ? 0.0 : d; // 0 and 0: -inf - -inf, a tie
            }
        }
        Arrays.sort(differences);
        int count = differences.length;
        double middle = count % 2 == 1 ? differences[count / 2] : (differences[count / 2 - 1] + differences[count / 2]) / 2;
        if (Double.isNaN(middle)) {
            middle = 0.0; // half way between a ratio of 0 and one of infinity
        }
        int k = criticalCount(m, n);
        double low = k == 0 ? Double.NEGATIVE_INFINITY : differences[k - 1];
        double high = k == 0 ? Double.POSITIVE_INFINITY : differences[count - k];
        return new Interval(Math.exp(middle), Math.exp(low), Math.exp(high));
    }

    /**
     * k: the interval is the k-th smallest to the k-th largest pairwise difference, the largest k with P(U &lt;= k-1) &lt;=
     * 2.5% (0 when even P(U = 0) is larger).
     */
    static int criticalCount(int m, int n) {
        long product = (long) m * n;
        if (product > EXACT_LIMIT) {
            double k = Math.floor(product / 2.0 - Z_975 * Math.sqrt(product * (m + n + 1) / 12.0));
            return (int) Math.max(0, k);
        }
        double[] cumulative = nullCumulative(m, n);
        double tail = (1 - LEVEL) / 2;
        int k = 0;
        while (k < cumulative.length && cumulative[k] <= tail + EPSILON) {
            k++;
        }
        return k;
    }

    /**
     * The confidence an interval for m and n trials really has: 1 - 2 P(U &lt;= k-1) under the exact null distribution
     * (at least {@link #LEVEL}; above it because U is discrete), or 0 when no finite interval reaches the level.
     */
    public static double exactConfidence(int m, int n) {
        if ((long) m * n > EXACT_LIMIT) {
            throw new IllegalArgumentException("exact confidence is computed up to m·n = " + EXACT_LIMIT);
        }
        int k = criticalCount(m, n);
        return k == 0 ? 0.0 : 1 - 2 * nullCumulative(m, n)[k - 1];
    }

    /**
     * P(U &lt;= u) for u = 0 .. m·n, U the Mann–Whitney count of (A, B) pairs in which A is the larger (its distribution
     * is symmetric, so the same as for B the larger), when both samples come from one continuous distribution: every
     * one of the C(m+n, m) orderings is equally likely, and c(i, j, u), the number of orderings of i A's and j B's with
     * U = u, follows c(i, j, u) = c(i-1, j, u-j) + c(i, j-1, u) (the largest item is an A, larger than all j B's, or a
     * B, larger than no pair's A). Exact in doubles: only additions of non-negative integers below 2^53 for m + n up
     * to 55, and relative rounding of 1e-16 above.
     */
    static double[] nullCumulative(int m, int n) {
        // previous[j] = counts for (i-1, j), current[j] = counts for (i, j); the array for (i, j) has i·j + 1 entries
        double[][] previous = new double[n + 1][];
        for (int j = 0; j <= n; j++) {
            previous[j] = new double[] {1.0};
        }
        for (int i = 1; i <= m; i++) {
            double[][] current = new double[n + 1][];
            current[0] = new double[] {1.0};
            for (int j = 1; j <= n; j++) {
                double[] counts = new double[i * j + 1];
                double[] lastIsA = previous[j]; // shifted by j: an A larger than every B adds j pairs
                for (int u = 0; u < lastIsA.length; u++) {
                    counts[u + j] += lastIsA[u];
                }
                double[] lastIsB = current[j - 1];
                for (int u = 0; u < lastIsB.length; u++) {
                    counts[u] += lastIsB[u];
                }
                current[j] = counts;
            }
            previous = current;
        }
        double[] counts = previous[n];
        double total = 0;
        for (double c : counts) {
            total += c;
        }
        double[] cumulative = new double[counts.length];
        double sum = 0;
        for (int u = 0; u < counts.length; u++) {
            sum += counts[u];
            cumulative[u] = sum / total;
        }
        return cumulative;
    }

    /** The median of the figures (the mean of the two middle ones for an even count). */
    public static double median(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("the median of no figures");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int c = sorted.length;
        return c % 2 == 1 ? sorted[c / 2] : (sorted[c / 2 - 1] + sorted[c / 2]) / 2;
    }

    private static void check(double[] values, String side) {
        if (values == null || values.length < 2) {
            throw new IllegalArgumentException("a confidence interval needs at least 2 trials per side; " + side + " has "
                    + (values == null ? 0 : values.length));
        }
        for (double v : values) {
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("a trial's figure is a finite non-negative number; " + side + " has " + v);
            }
        }
    }
}
