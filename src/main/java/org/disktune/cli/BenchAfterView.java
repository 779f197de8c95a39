package org.disktune.cli;

import java.util.List;

import org.disktune.bench.run.BeforeAfter;

/** The JSON of one baseline measured again by verify --bench: key, both ids, verdict texts, notes, regression. */
record BenchAfterView(String key, String baselineId, String resultId, List<String> verdicts, List<String> notes, boolean regression,
        String skipped) {
    static BenchAfterView of(BeforeAfter.After a) {
        if (a.comparison() == null) {
            return new BenchAfterView(a.key(), a.baselineId(), null, List.of(), List.of(), false, a.skipped());
        }
        return new BenchAfterView(a.key(), a.baselineId(), a.result().id(), a.comparison().verdicts().stream().map(v -> v.text()).toList(),
                a.comparison().notes(), a.comparison().regression(), null);
    }
}
