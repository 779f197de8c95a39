package org.disktune.bench.sweep;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.disktune.core.DisktuneException;

/**
 * Chooses the points of a sweep that fit its time budget; pure. A point costs {@code rounds} rounds of two trials
 * (the baseline's and the point's, interleaved) of every workload, each trial taking the trial time plus
 * {@link #OVERHEAD_PER_TRIAL} (the settings switch through the journal, a cache flush, opening the device). One more
 * point's time is reserved for the confirmation run of the best point ({@link InterleavedSweep}). Points that change
 * one setting come first, then those that change two, then three (each group in the space's order), so that a short
 * budget still sees every setting's own effect; the rest are left out, and the plan says which.
 */
public final class SweepPlanner {
    /** Added to each trial's time in the estimate: measured about 20-60 ms for a switch and a flush on a loop device. */
    public static final Duration OVERHEAD_PER_TRIAL = Duration.ofMillis(100);

    private SweepPlanner() {
    }

    /** The time one point takes: {@code rounds} x 2 x {@code workloads} x (trial time + overhead). */
    public static Duration pointTime(int rounds, int workloads, Duration trialTime) {
        return trialTime.plus(OVERHEAD_PER_TRIAL).multipliedBy(2L * rounds * workloads);
    }

    /**
     * The points of {@code space} that fit {@code budget}.
     *
     * @throws DisktuneException (usage) when the budget does not fit one point and its confirmation, or the space has
     *                           no point besides the baseline
     */
    public static SweepPlan plan(SweepSpace space, Duration budget, int rounds, int workloads, Duration trialTime) {
        Duration perPoint = pointTime(rounds, workloads, trialTime);
        List<SweepPoint> all = new ArrayList<>(space.points());
        if (all.isEmpty()) {
            throw DisktuneException.usage("nothing to sweep: the device offers no other scheduler or read-ahead value than its current "
                    + space.baseline().label());
        }
        all.sort(Comparator.comparingInt(p -> p.distance(space.baseline()))); // stable: the space's order within a group
        long fit = budget.toMillis() / Math.max(1, perPoint.toMillis()) - 1; // one point's time for the confirmation
        if (fit < 1) {
            throw DisktuneException.usage("--budget " + human(budget) + " fits no point: each takes about " + human(perPoint)
                    + ", and the best one is measured again; give at least --budget " + human(perPoint.multipliedBy(2)));
        }
        int kept = (int) Math.min(fit, all.size());
        List<SweepPoint> points = all.subList(0, kept);
        List<SweepPoint> leftOut = all.subList(kept, all.size());
        return new SweepPlan(space.baseline(), points, leftOut, perPoint, perPoint.multipliedBy(kept + 1L), budget);
    }

    /** "1m30s", "45s", "2h" (rounded up to seconds). */
    public static String human(Duration d) {
        long s = (d.toMillis() + 999) / 1000;
        long h = s / 3600;
        long m = s % 3600 / 60;
        long sec = s % 60;
        return (h > 0 ? h + "h" : "") + (m > 0 ? m + "m" : "") + (sec > 0 || s == 0 ? sec + "s" : "");
    }
}
