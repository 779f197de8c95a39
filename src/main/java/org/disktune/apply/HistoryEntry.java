package org.disktune.apply;

import java.util.List;

/**
 * One line of {@code disktune history}: a journal entry without its details, for a table or JSON
 * (the CLI's mapper names the fields in snake_case: {@code boot_id}, {@code undone_by}, ...).
 * {@code files} counts the files the entry backed up and changed (or meant to), {@code attributes} the
 * distinct sysfs attributes it wrote; {@code undoOf}/{@code reverts} name what an undo or rollback
 * reverted, {@code undoneBy} the entry that reverted this one; {@code failure} is the one-line reason
 * of a rolled-back entry (null otherwise).
 */
public record HistoryEntry(String id, String time, String bootId, EntryState state, String description, int files,
        int attributes, String undoneBy, String undoOf, List<String> reverts, String failure) {
    public HistoryEntry {
        reverts = reverts == null ? List.of() : List.copyOf(reverts);
    }

    static HistoryEntry of(JournalEntry entry) {
        int attributes = (int) UndoNeeds.of(entry.changes()).attributes().stream().map(JournaledChange.AttributeWrite::path)
                .distinct().count();
        return new HistoryEntry(entry.id(), entry.time(), entry.bootId(), entry.state(), entry.description(),
                entry.files().size(), attributes, entry.undoneBy(), entry.undoOf(), entry.reverts(), entry.failure());
    }
}
