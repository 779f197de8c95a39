package org.disktune.bench.stats;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What a comparison claims for one workload. Higher is better for every {@link org.disktune.bench.Unit}, so B is
 * BETTER when the whole confidence interval of B/A lies above 1.0, WORSE when it lies below, and NONE otherwise;
 * CANNOT_TELL when no interval can be given (see {@link Verdict#cannotTell}).
 */
public enum Direction {
    @JsonProperty("better") BETTER,
    @JsonProperty("worse") WORSE,
    @JsonProperty("none") NONE,
    /** Separate runs with one run on a side: the variation between runs is unknown, so no interval can be given. */
    @JsonProperty("cannot-tell") CANNOT_TELL;

    /** The claim an interval of B/A supports. */
    public static Direction of(Interval ratio) {
        if (ratio.low() > 1.0) {
            return BETTER;
        }
        if (ratio.high() < 1.0) {
            return WORSE;
        }
        return NONE;
    }
}
