package org.disktune.bench.stats;

import java.util.List;
import java.util.Optional;

/**
 * The ratio B/A between two sets of separate runs, with a confidence interval that accounts for the variation between
 * runs and not only the trials inside each: a block-level statistic with the run as the block. Each run is reduced to
 * the logarithm of the median of its trials; the estimate is the difference of the mean log-medians of B's and A's runs,
 * and the interval is Welch's t interval of that difference (Welch 1947, "The generalization of Student's problem when
 * several different population variances are involved", Biometrika 34), at {@value #LEVEL}. The exponentials are the
 * ratio and its bounds.
 *
 * <p>Why: two runs of one device at the same true speed differ by more than their trials say (the page cache, the
 * drive's zone, the machine's load change between runs), so an interval from the trials of one run per side claims
 * changes that are only drift. The spread of the run medians contains both the drift and the trial noise, so it needs
 * no model of either; it needs at least 2 runs per side, and with one run on a side it cannot tell
 * ({@link Optional#empty()}).
 *
 * <p>Assumption: the log-medians of runs are roughly normal around each side's true value (a median of several trials
 * times a run effect of the machine). The level is 99%, not the 95% of interleaved trials ({@link RatioInterval}),
 * because that assumption is parametric and a before/after of separate runs must not report drift as a gain: at 99%
 * fewer than one A/A comparison in 50 claims a change (RunLevelIntervalTest measures it).
 */
public final class RunLevelInterval {
    /** The confidence level of the interval. */
    public static final double LEVEL = 0.99;

    private RunLevelInterval() {
    }

    /** The interval of B/A from runs of each side (each a run's trial figures), or empty with fewer than 2 runs on a side. */
    public static Optional<Interval> ratio(List<double[]> a, List<double[]> b) {
        if (a.size() < 2 || b.size() < 2) {
            return Optional.empty();
        }
        double[] la = logMedians(a, "A");
        double[] lb = logMedians(b, "B");
        double va = variance(la) / la.length;
        double vb = variance(lb) / lb.length;
        double difference = mean(lb) - mean(la);
        double se = Math.sqrt(va + vb);
        double df = se == 0 ? la.length + lb.length - 2 : Math.pow(va + vb, 2)
                / (va * va / (la.length - 1) + vb * vb / (lb.length - 1));
        double half = StudentT.quantile(1 - (1 - LEVEL) / 2, df) * se;
        return Optional.of(new Interval(Math.exp(difference), Math.exp(difference - half), Math.exp(difference + half)));
    }

    private static double[] logMedians(List<double[]> runs, String side) {
        double[] logs = new double[runs.size()];
        for (int i = 0; i < logs.length; i++) {
            double median = RatioInterval.median(runs.get(i));
            if (!(median > 0) || Double.isInfinite(median)) {
                throw new IllegalArgumentException("a run's median is a finite positive number; run " + (i + 1) + " of " + side + " has " + median);
            }
            logs[i] = Math.log(median);
        }
        return logs;
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    private static double variance(double[] values) {
        double mean = mean(values);
        double sum = 0;
        for (double v : values) {
            sum += (v - mean) * (v - mean);
        }
        return sum / (values.length - 1);
    }
}
