package org.disktune.bench.stats;

import java.util.Arrays;

/**
 * The 95% confidence interval of a median from order statistics, exact and distribution-free: for n independent
 * trials of a continuous distribution, the number B of trials below the true median is Binomial(n, 1/2), so the
 * interval [x(k), x(n+1-k)] between the k-th smallest and the k-th largest trial covers the median with probability
 * P(k &le; B &le; n-k) = 1 - 2 P(B &le; k-1) (Hollander, Wolfe and Chicken, "Nonparametric Statistical Methods", the
 * sign-test interval; Conover, "Practical Nonparametric Statistics", 3.2). The largest k whose coverage is at least
 * 95% is used, so the coverage is 95% or a little more (96.1% for 9 trials). Below 6 trials no k reaches 95%: the
 * interval is then [min, max], covering with 1 - 2^(1-n) (93.75% for 5 trials), as {@link #coverage} says.
 */
public final class MedianInterval {
    public static final double LEVEL = 0.95;

    private MedianInterval() {
    }

    /** {low, high}: the order statistics bounding the median's 95% interval (any order of {@code values}). */
    public static double[] of(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("a median interval needs at least one value");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        if (Double.isNaN(sorted[sorted.length - 1])) {
            throw new IllegalArgumentException("NaN among the values: " + Arrays.toString(values));
        }
        int k = rank(sorted.length);
        return new double[] {sorted[k - 1], sorted[sorted.length - k]};
    }

    /** The probability that the interval of {@code n} values covers the true median (of a continuous distribution). */
    public static double coverage(int n) {
        return coverageAt(n, rank(n));
    }

    /** k, 1-based: the largest rank whose interval [x(k), x(n+1-k)] covers with at least 95%, else 1. */
    static int rank(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("n is at least 1: " + n);
        }
        int k = 1;
        while (k + 1 <= (n + 1) / 2 && coverageAt(n, k + 1) >= LEVEL) {
            k++;
        }
        return k;
    }

    /** 1 - 2 P(B &le; k-1) for B ~ Binomial(n, 1/2), summed in log space so that large n does not underflow. */
    static double coverageAt(int n, int k) {
        if (2 * k > n + 1) {
            throw new IllegalArgumentException("rank " + k + " beyond the middle of " + n);
        }
        double logPmf = -n * Math.log(2);
        double below = 0;
        for (int i = 0; i <= k - 1; i++) {
            if (i > 0) {
                logPmf += Math.log((double) (n - i + 1) / i);
            }
            below += Math.exp(logPmf);
        }
        return Math.max(0, 1 - 2 * below);
    }
}
