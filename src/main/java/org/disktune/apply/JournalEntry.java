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
 */
public record JournalEntry(String id, String description, EntryState state, String time, String bootId,
        String undoOf, String undoneBy, List<ChangeRecord> changes, List<FileRecord> files,
        List<String> createdDirectories, String failure, String failureOutput, List<String> reverts) {
    public JournalEntry {
        changes = changes == null ? List.of() : List.copyOf(changes);
        files = files == null ? List.of() : List.copyOf(files);
        createdDirectories = createdDirectories == null ? List.of() : List.copyOf(createdDirectories);
        reverts = reverts == null ? List.of() : List.copyOf(reverts);
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

    JournalEntry applied(List<FileRecord> filesAfter, List<String> created) {
        return new JournalEntry(id, description, EntryState.APPLIED, time, bootId, undoOf, undoneBy, changes,
                filesAfter, created, null, null, reverts);
    }

    JournalEntry failed(EntryState failedState, List<String> created, String why, String output) {
        return new JournalEntry(id, description, failedState, time, bootId, undoOf, undoneBy, changes, files,
                created, why, output, reverts);
    }

    JournalEntry undoneBy(String undoId) {
        return new JournalEntry(id, description, EntryState.UNDONE, time, bootId, undoOf, undoId, changes, files,
                createdDirectories, failure, failureOutput, reverts);
    }
}
