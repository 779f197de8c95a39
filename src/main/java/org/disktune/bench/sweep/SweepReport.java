package org.disktune.bench.sweep;

import java.util.List;

/**
 * The result of {@code disktune tune}: what was swept and how, one row per point measured, the candidate (the best
 * qualifying point) with its confirmation run, and the winner (the candidate when the confirmation qualifies too;
 * null otherwise, and {@code conclusion} says so). {@code journalFrom} is the sweep's journal entry (the settings before it)
 * (null when it wrote none): {@code disktune rollback --to} it puts back every setting the sweep switched, should it be
 * killed before restoring them. {@code written} is the configuration file the winner went into (null without --write).
 *
 * <p>Stored as {@code /var/lib/disktune/bench/tune/ID.json} ({@link SweepStore}) with {@code schema_version}, its
 * {@code id} (null until stored) and the {@code time} the sweep ended, so that {@code disktune bench plot ID} draws
 * the table as a heat map later.
 */
public record SweepReport(int schemaVersion, String id, String time, String target, String device, String identity, SweepPoint baseline,
        List<String> workloads, int trials, double trialSeconds, List<SweepRow> rows, List<SweepPoint> leftOut, SweepRow candidate,
        SweepRow confirmation, SweepPoint winner, String conclusion, String journalFrom, String written, String writtenJournalId) {
    /** The layout of a stored sweep this disktune writes and reads. */
    public static final int SCHEMA_VERSION = 1;

    public SweepReport {
        workloads = workloads == null ? List.of() : List.copyOf(workloads);
        rows = rows == null ? List.of() : List.copyOf(rows);
        leftOut = leftOut == null ? List.of() : List.copyOf(leftOut);
    }

    /** This report with the winner written into {@code file} by journal entry {@code journalId}. */
    public SweepReport withWritten(String file, String journalId) {
        return new SweepReport(schemaVersion, id, time, target, device, identity, baseline, workloads, trials, trialSeconds, rows, leftOut,
                candidate, confirmation, winner, conclusion, journalFrom, file, journalId);
    }

    /** This report under the id it is stored by. */
    public SweepReport withId(String newId) {
        return new SweepReport(schemaVersion, newId, time, target, device, identity, baseline, workloads, trials, trialSeconds, rows, leftOut,
                candidate, confirmation, winner, conclusion, journalFrom, written, writtenJournalId);
    }
}
