package org.disktune.cli;

import java.util.List;

import org.disktune.bench.run.BeforeAfter;

/**
 * The JSON of one baseline measured again by verify --bench: key, the result ids of the runs before and after, verdict
 * texts, notes, regression.
 */
record BenchAfterView(String key, List<String> baselineIds, List<String> resultIds, List<String> verdicts, List<String> notes,
        boolean regression, String skipped) {
    static BenchAfterView of(BeforeAfter.After a) {
        List<String> results = a.results().stream().map(r -> r.id()).toList();
        if (a.comparison() == null) {
            return new BenchAfterView(a.key(), a.baselineIds(), results, List.of(), List.of(), false, a.skipped());
        }
        return new BenchAfterView(a.key(), a.baselineIds(), results, a.comparison().verdicts().stream().map(v -> v.text()).toList(),
                a.comparison().notes(), a.comparison().regression(), null);
    }
}
