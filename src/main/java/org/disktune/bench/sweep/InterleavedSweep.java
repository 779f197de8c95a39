package org.disktune.bench.sweep;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import org.disktune.bench.Trial;
import org.disktune.bench.Workload;
import org.disktune.bench.WorkloadContext;
import org.disktune.bench.stats.Direction;
import org.disktune.bench.stats.Verdict;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;

/**
 * The measuring loop and the winner rule of a sweep, independent of where the settings live (a {@link Switcher}).
 *
 * <p>Each point is measured against the baseline interleaved, trial by trial: baseline, point, baseline, point ...
 * (each time every workload once), {@code warmups} rounds discarded and {@code trials} kept, so that a drift of the
 * machine during the point (another job, a drive warming up) hits both sides alike; the point's verdicts compare it with
 * its own interleaved baseline trials by {@link Verdict} (the Hodges-Lehmann ratio with the 95% interval of
 * {@link org.disktune.bench.stats.RatioInterval}), never with baseline figures measured earlier.
 *
 * <p>Winner rule: a point qualifies when it is significantly better on at least one workload and significantly worse
 * on none; the candidate is the qualifying point with the largest estimated gain on the first workload. With many
 * points and workloads some comparisons of equal settings come out "significant" by chance (each one-sided claim has
 * a chance of up to 2.5%; 30 points x 3 workloads make about two), so the candidate is measured once more, with fresh
 * interleaved trials, and wins only if it qualifies again; otherwise there is no winner. The price: a real winner with
 * a workload it does not change is vetoed when that workload comes out "significantly worse" by chance (up to 2.5% per
 * comparison, in either run), so the rule errs towards keeping the current settings.
 *
 * <p>Budget: the plan's points fit the budget by an estimate ({@link SweepPlanner}); on a device slower to switch or
 * flush than the estimate assumes (null_blk at 40 ms a request took 29 s a point against an estimate of 22 s), the loop
 * would overrun it. So before each point after the first it looks at the time the points so far really took: when one
 * more point and the confirmation (a point's time each, at the mean so far) would end past the budget, that point and
 * the rest are left out, and the outcome says which.
 */
public final class InterleavedSweep {
    /** Told after each trial: how many are done of how many, and what runs. */
    public interface Progress {
        Progress NONE = (done, total, what) -> {
        };

        void trialDone(int done, int total, String what);
    }

    private final List<Workload> workloads;
    private final WorkloadContext context;
    private final Switcher switcher;
    private final int warmups;
    private final int trials;
    private final Progress progress;
    private int done;
    private int total;

    public InterleavedSweep(List<Workload> workloads, WorkloadContext context, Switcher switcher, int warmups, int trials,
            Progress progress) {
        if (trials < 4) {
            throw new IllegalArgumentException("a verdict can exclude no change only with 4 trials per side or more: " + trials);
        }
        this.workloads = List.copyOf(workloads);
        this.context = context;
        this.switcher = switcher;
        this.warmups = warmups;
        this.trials = trials;
        this.progress = progress;
    }

    /** What the loop found: every point's row, the candidate and its confirmation (null when none), the winner. */
    public record Outcome(List<SweepRow> rows, SweepRow candidate, SweepRow confirmation, SweepPoint winner, List<SweepPoint> leftOut) {
        public Outcome {
            leftOut = List.copyOf(leftOut);
        }
    }

    /**
     * Measures the points of {@code plan} against the baseline while they fit its budget, confirms the candidate, and
     * ends on the baseline's settings (the caller restores them again in a finally block: a failing trial leaves the
     * loop early).
     */
    public Outcome run(SweepPlan plan) {
        total = (plan.points().size() + 1) * (warmups + trials) * 2 * workloads.size();
        done = 0;
        long start = context.nanoTime().getAsLong();
        List<SweepRow> rows = new ArrayList<>();
        List<SweepPoint> leftOut = new ArrayList<>();
        try {
            for (Workload w : workloads) {
                w.prepare(context);
            }
            List<SweepPoint> points = plan.points();
            for (int i = 0; i < points.size(); i++) {
                if (i > 0 && !fits(context.nanoTime().getAsLong() - start, i, plan.budget())) {
                    leftOut.addAll(points.subList(i, points.size()));
                    total = (i + 1) * (warmups + trials) * 2 * workloads.size();
                    break;
                }
                rows.add(measure(plan.baseline(), points.get(i), "point " + (i + 1) + " of " + points.size()));
            }
            Optional<SweepRow> candidate = candidate(rows);
            SweepRow confirmation = null;
            if (candidate.isPresent()) {
                confirmation = measure(plan.baseline(), candidate.get().point(), "confirmation");
            } else {
                total = done;
            }
            switcher.set(plan.baseline(), "back to the current settings");
            SweepPoint winner = confirmation != null && confirmation.qualifies() ? confirmation.point() : null;
            return new Outcome(rows, candidate.orElse(null), confirmation, winner, leftOut);
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "sweep of " + context.path() + " failed: " + e.getMessage(), e);
        }
    }

    /** Whether one more point and the confirmation end within {@code budget}, after {@code measured} points took {@code elapsedNanos}. */
    static boolean fits(long elapsedNanos, int measured, Duration budget) {
        long perPoint = elapsedNanos / measured;
        return elapsedNanos + 2 * perPoint <= budget.toNanos();
    }

    /** The qualifying row with the largest gain on the first workload; empty when no row qualifies. */
    static Optional<SweepRow> candidate(List<SweepRow> rows) {
        return rows.stream().filter(SweepRow::qualifies)
                .max(Comparator.comparingDouble(r -> r.verdicts().get(0).ratio().estimate()));
    }

    /** Significantly better on one workload at least, significantly worse on none. */
    static boolean qualifies(List<Verdict> verdicts) {
        return verdicts.stream().anyMatch(v -> v.direction() == Direction.BETTER)
                && verdicts.stream().noneMatch(v -> v.direction() == Direction.WORSE);
    }

    private SweepRow measure(SweepPoint baseline, SweepPoint point, String what) throws IOException {
        int k = workloads.size();
        double[][] a = new double[k][trials];
        double[][] b = new double[k][trials];
        for (int round = 0; round < warmups + trials; round++) {
            switcher.set(baseline, "back to the current settings (" + what + ")");
            runAll(a, round, "baseline");
            switcher.set(point, point.label() + " (" + what + ")");
            runAll(b, round, point.label());
        }
        List<Verdict> verdicts = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            Workload w = workloads.get(i);
            verdicts.add(Verdict.of(w.name(), w.unit(), a[i], b[i]));
        }
        return new SweepRow(point, point.label(), verdicts, qualifies(verdicts));
    }

    private void runAll(double[][] into, int round, String what) throws IOException {
        for (int i = 0; i < workloads.size(); i++) {
            Workload w = workloads.get(i);
            Trial t = w.run(context);
            if (round >= warmups) {
                into[i][round - warmups] = t.value();
            }
            progress.trialDone(++done, Math.max(done, total), w.name() + " " + what);
        }
    }

    /** Closes every workload; the first failure is thrown after all were tried. */
    public void close() {
        org.disktune.bench.run.BenchRunner.closeAll(workloads);
    }
}
