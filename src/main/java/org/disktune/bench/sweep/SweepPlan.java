package org.disktune.bench.sweep;

import java.time.Duration;
import java.util.List;

/**
 * What a sweep will measure: the baseline (the current settings), the points that fit the budget, in the order they
 * run, those left out, and the estimated time of one point (its interleaved baseline trials included) and of the whole
 * sweep (the points and one confirmation run of the best point).
 */
public record SweepPlan(SweepPoint baseline, List<SweepPoint> points, List<SweepPoint> leftOut, Duration perPoint, Duration estimate,
        Duration budget) {
    public SweepPlan {
        points = List.copyOf(points);
        leftOut = List.copyOf(leftOut);
    }
}
