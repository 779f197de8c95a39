package org.disktune.bench.sweep;

import java.util.List;

import org.disktune.bench.stats.Verdict;

/**
 * One point of a sweep measured against the baseline trials interleaved with its own: the verdict of every workload
 * (B = the point, A = the baseline; a change is claimed only when the 95% interval excludes it), and whether the point
 * qualifies as a winner (significantly better on at least one workload, significantly worse on none).
 */
public record SweepRow(SweepPoint point, String label, List<Verdict> verdicts, boolean qualifies) {
    public SweepRow {
        verdicts = List.copyOf(verdicts);
    }
}
