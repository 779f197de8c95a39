package org.disktune.bench.sweep;

import java.util.List;

/**
 * The result of {@code disktune tune}: what was swept and how, one row per point measured, the candidate (the best
 * qualifying point) with its confirmation run, and the winner (the candidate when the confirmation qualifies too;
 * null otherwise, and {@code conclusion} says so). {@code journalFrom} is the first journal entry the sweep wrote
 * (null when it wrote none): {@code disktune rollback --to} it puts back every setting the sweep switched, should it be
 * killed before restoring them. {@code written} is the configuration file the winner went into (null without --write).
 */
public record SweepReport(String target, String device, String identity, SweepPoint baseline, List<String> workloads, int trials,
        double trialSeconds, List<SweepRow> rows, List<SweepPoint> leftOut, SweepRow candidate, SweepRow confirmation,
        SweepPoint winner, String conclusion, String journalFrom, String written, String writtenJournalId) {
    public SweepReport {
        workloads = List.copyOf(workloads);
        rows = List.copyOf(rows);
        leftOut = List.copyOf(leftOut);
    }

    /** This report with the winner written into {@code file} by journal entry {@code journalId}. */
    public SweepReport withWritten(String file, String journalId) {
        return new SweepReport(target, device, identity, baseline, workloads, trials, trialSeconds, rows, leftOut, candidate, confirmation,
                winner, conclusion, journalFrom, file, journalId);
    }
}
