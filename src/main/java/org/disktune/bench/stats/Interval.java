package org.disktune.bench.stats;

/**
 * An estimate of the ratio B/A of two runs' typical figures and its confidence interval ({@code low <= estimate <=
 * high}). 1.0 is "no change"; {@code low} may be 0 and {@code high} infinite when the trials are too few to bound the
 * ratio (see {@link RatioInterval}).
 */
public record Interval(double estimate, double low, double high) {
    public Interval {
        if (Double.isNaN(estimate) || Double.isNaN(low) || Double.isNaN(high) || low > estimate || estimate > high) {
            throw new IllegalArgumentException("not an interval around its estimate: " + estimate + " [" + low + ", " + high + "]");
        }
    }

    /** True when the whole interval lies on one side of 1.0 ("no change"). */
    public boolean excludesOne() {
        return low > 1.0 || high < 1.0;
    }
}
