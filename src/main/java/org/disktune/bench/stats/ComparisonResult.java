package org.disktune.bench.stats;

import java.util.List;

/**
 * The comparison of two benchmark runs A (before) and B (after): a verdict for every workload both measured, notes on
 * what makes the comparison doubtful or incomplete (different devices, profiles or kernels, settings that differ,
 * workloads measured by one run only), and whether any workload got significantly worse.
 */
public record ComparisonResult(List<Verdict> verdicts, List<String> notes, boolean regression) {
    public ComparisonResult {
        verdicts = List.copyOf(verdicts);
        notes = List.copyOf(notes);
    }
}
