package org.disktune.bench.stats;

import java.util.Locale;

import org.disktune.bench.Unit;

/**
 * What a comparison of two runs says about one workload: the medians of A's and B's trials, the ratio B/A with its 95%
 * confidence interval ({@link RatioInterval}), and the claim it supports. A change is claimed only when the interval
 * excludes 1.0; a bare percentage is never shown.
 */
public record Verdict(String workload, Unit unit, double medianA, double medianB, Interval ratio, Direction direction) {

    /** The verdict of A's and B's figures of one workload. */
    public static Verdict of(String workload, Unit unit, double[] a, double[] b) {
        Interval ratio = RatioInterval.ratio(a, b);
        return new Verdict(workload, unit, RatioInterval.median(a), RatioInterval.median(b), ratio, Direction.of(ratio));
    }

    /**
     * The verdict when between-run variation cannot be estimated (one run on a side of a comparison of separate runs):
     * the ratio of the medians, the interval [0, ∞] and {@link Direction#CANNOT_TELL}.
     */
    public static Verdict cannotTell(String workload, Unit unit, double[] a, double[] b) {
        double medianA = RatioInterval.median(a);
        double medianB = RatioInterval.median(b);
        double estimate = medianA == 0 ? (medianB == 0 ? 1 : Double.POSITIVE_INFINITY) : medianB / medianA;
        return new Verdict(workload, unit, medianA, medianB, new Interval(estimate, 0, Double.POSITIVE_INFINITY), Direction.CANNOT_TELL);
    }

    /**
     * One line: "seq-read-buffered +7.9% [+3.1%, +12.4%]" for a change, "seq-read-buffered: no detectable change (-1.2%
     * [-4.0%, +1.9%])" otherwise. Percentages are (ratio - 1) · 100 with one decimal and a sign always ("+0.0%", never
     * "-0.0%"); an unbounded interval shows "+inf%".
     */
    public String text() {
        String numbers = percent(ratio.estimate()) + " [" + percent(ratio.low()) + ", " + percent(ratio.high()) + "]";
        return switch (direction) {
            case NONE -> workload + ": no detectable change (" + numbers + ")";
            case CANNOT_TELL -> workload + ": cannot tell (medians " + percent(ratio.estimate()) + "; with one run on a side the "
                    + "variation between runs is unknown: compare 2 or more runs of each side)";
            case BETTER, WORSE -> workload + " " + numbers;
        };
    }

    /**
     * True when the medians of A's and B's trials moved one way and the estimate the other (each as shown, to one
     * decimal): the estimate is the median of all ratios of a trial of B to a trial of A, not the ratio of the two
     * medians, and with spread-out trials the two can disagree in sign.
     */
    public boolean mediansDisagree() {
        double estimate = shown(ratio.estimate());
        double medians = shown(medianA == 0 ? (medianB == 0 ? 1 : Double.POSITIVE_INFINITY) : medianB / medianA);
        return estimate != 0 && medians != 0 && (estimate > 0) != (medians > 0);
    }

    /** The change of the trial medians, B against A, as {@link #text} shows a change: "-20.3%". */
    public String mediansChange() {
        return percent(medianA == 0 ? (medianB == 0 ? 1 : Double.POSITIVE_INFINITY) : medianB / medianA);
    }

    /** The change B/A - 1 in percent (may be infinite). */
    public static double changePercent(double ratio) {
        return (ratio - 1) * 100;
    }

    static String percent(double ratio) {
        double p = shown(ratio);
        if (Double.isInfinite(p)) {
            return p > 0 ? "+inf%" : "-inf%";
        }
        return String.format(Locale.ROOT, "%+.1f%%", p);
    }

    /** The change in percent as shown: to one decimal, never -0.0 (infinite stays infinite). */
    private static double shown(double ratio) {
        double p = changePercent(ratio);
        if (Double.isInfinite(p)) {
            return p;
        }
        double rounded = Math.round(p * 10) / 10.0;
        return rounded == 0 ? 0.0 : rounded; // no "-0.0%"
    }
}
