package org.disktune.apply;

import java.util.List;

/**
 * One applied (or attempted) plan, one JSON file {@code /var/lib/disktune/journal/<id>.json}
 * (snake_case names). {@code id} sorts by time ({@code 20261130T131500Z-0001}); {@code time} is
 * ISO-8601 UTC; {@code bootId} is the kernel's boot ID when the entry was written ("unknown" when
 * unreadable), so that a later session can tell whether the machine has rebooted since.
 * {@code undoOf} names the entry an undo reverted (for a rollback of several entries: the oldest),
 * {@code reverts} every entry a rollback reverted, newest first (empty for other entries and for
 * entries written before rollback existed); {@code undoneBy} the entry that reverted this one.
 * {@code completedAt}/{@code completedBy}: an entry interrupted while applying that a later run of the same
 * command completed (state then "applied"): when, and that run's entry (null when the run found nothing left to
 * change). {@code removedLeftovers}: temporary files of an interrupted initramfs generator this entry removed.
 * {@code createdDirectories}: the directories the entry's writes created (while it is applying, and for an entry
 * interrupted then: those it would create, missing when it began); rollback and undo remove each once empty.
 * {@code generatorRun}: what was journaled right before the entry's initramfs generator ran ({@link GeneratorRun}).
 * Fields added later are absent (null, empty) in older entries.
 */
public record JournalEntry(String id, String description, EntryState state, String time, String bootId,
        String undoOf, String undoneBy, List<JournaledChange> changes, List<FileRecord> files,
        List<String> createdDirectories, String failure, String failureOutput, List<String> reverts,
        String completedAt, String completedBy, List<String> removedLeftovers, GeneratorRun generatorRun) {
    public JournalEntry {
        changes = changes == null ? List.of() : List.copyOf(changes);
        files = files == null ? List.of() : List.copyOf(files);
        createdDirectories = createdDirectories == null ? List.of() : List.copyOf(createdDirectories);
        reverts = reverts == null ? List.of() : List.copyOf(reverts);
        removedLeftovers = removedLeftovers == null ? List.of() : List.copyOf(removedLeftovers);
    }

    /** An entry with no generator run journaled (see {@link GeneratorRun}). */
    public JournalEntry(String id, String description, EntryState state, String time, String bootId, String undoOf,
            String undoneBy, List<JournaledChange> changes, List<FileRecord> files, List<String> createdDirectories,
            String failure, String failureOutput, List<String> reverts, String completedAt, String completedBy,
            List<String> removedLeftovers) {
        this(id, description, state, time, bootId, undoOf, undoneBy, changes, files, createdDirectories, failure, failureOutput,
                reverts, completedAt, completedBy, removedLeftovers, null);
    }

    /** True when a step of this entry wrote or removed the file {@code path}. */
    public boolean wrote(String path) {
        return UndoNeeds.of(changes).files().contains(path);
    }

    /** True for an entry that reverted others (undo or rollback): it is never reverted itself. */
    public boolean isRevert() {
        return undoOf != null || !reverts.isEmpty();
    }

    /** The entries this one reverted: {@code reverts}, or the single {@code undoOf} of an undo. */
    public List<String> reverted() {
        if (!reverts.isEmpty()) {
            return reverts;
        }
        return undoOf == null ? List.of() : List.of(undoOf);
    }

    /**
     * One line on an entry interrupted by a crash (state preparing or applying): what was interrupted, when, and
     * which command recovers it. Empty for other states.
     */
    public java.util.Optional<String> interruption() {
        String head = "entry " + id + " (" + description + ") was interrupted at " + time;
        return switch (state) {
            case PREPARING -> java.util.Optional.of(head + " while backing up, before anything changed; the next disktune "
                    + "command that changes the machine discards it");
            case APPLYING -> java.util.Optional.of(head + " while applying; run the same command again to complete it, or "
                    + "disktune undo --force to restore its files from " + Journal.BACKUPS + "/" + id);
            default -> java.util.Optional.empty();
        };
    }

    /** This entry with only {@code done} as its changes: what a failed apply takes back. */
    JournalEntry withChanges(List<JournaledChange> done) {
        return new JournalEntry(id, description, state, time, bootId, undoOf, undoneBy, done, files, createdDirectories,
                failure, failureOutput, reverts, completedAt, completedBy, removedLeftovers, generatorRun);
    }

    JournalEntry withState(EntryState newState) {
        return new JournalEntry(id, description, newState, time, bootId, undoOf, undoneBy, changes, files, createdDirectories,
                failure, failureOutput, reverts, completedAt, completedBy, removedLeftovers, generatorRun);
    }

    JournalEntry withFiles(List<FileRecord> newFiles) {
        return new JournalEntry(id, description, state, time, bootId, undoOf, undoneBy, changes, newFiles, createdDirectories,
                failure, failureOutput, reverts, completedAt, completedBy, removedLeftovers, generatorRun);
    }

    JournalEntry applied(List<FileRecord> filesAfter, List<String> created) {
        return new JournalEntry(id, description, EntryState.APPLIED, time, bootId, undoOf, undoneBy, changes,
                filesAfter, created, null, null, reverts, completedAt, completedBy, removedLeftovers, generatorRun);
    }

    /** This interrupted entry, completed by a run of the same command at {@code at} ({@code by}: its entry, or null). */
    JournalEntry completed(List<FileRecord> filesNow, String at, String by) {
        return new JournalEntry(id, description, EntryState.APPLIED, time, bootId, undoOf, undoneBy, changes,
                filesNow, createdDirectories, null, null, reverts, at, by, removedLeftovers, generatorRun);
    }

    JournalEntry failed(EntryState failedState, List<String> created, String why, String output) {
        return new JournalEntry(id, description, failedState, time, bootId, undoOf, undoneBy, changes, files,
                created, why, output, reverts, completedAt, completedBy, removedLeftovers, generatorRun);
    }

    JournalEntry undoneBy(String undoId) {
        return new JournalEntry(id, description, EntryState.UNDONE, time, bootId, undoOf, undoId, changes, files,
                createdDirectories, failure, failureOutput, reverts, completedAt, completedBy, removedLeftovers, generatorRun);
    }

    /** This entry naming no backup copy (a failed apply that put everything back removes them). */
    JournalEntry withoutBackups() {
        return withFiles(files.stream().map(FileRecord::withoutBackup).toList());
    }

    JournalEntry withGeneratorRun(GeneratorRun run) {
        return new JournalEntry(id, description, state, time, bootId, undoOf, undoneBy, changes, files, createdDirectories,
                failure, failureOutput, reverts, completedAt, completedBy, removedLeftovers, run);
    }

    JournalEntry withRemovedLeftovers(List<String> removed) {
        return new JournalEntry(id, description, state, time, bootId, undoOf, undoneBy, changes, files, createdDirectories,
                failure, failureOutput, reverts, completedAt, completedBy, removed, generatorRun);
    }
}
