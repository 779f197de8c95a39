package org.disktune.apply;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.Host;

/**
 * What a killed run left behind, found and removed by the next run that holds the lock (so no writer is half way
 * now): the atomic writer's temporary files beside every path the new plan touches, beside every path of an entry
 * left "applying" (the only writes a kill can interrupt outside the journal) and in the journal; entries left
 * "preparing" (a kill while backing up, before anything changed) are recorded "rolled-back" and their partial backups
 * removed; and backup directories no journal entry names (a kill before the entry was saved), including the new id's.
 */
final class CrashRecovery {
    private CrashRecovery() {
    }

    /** Cleans up after a crash before the run {@code id} (null: a run that journals nothing) makes {@code changes}. */
    static void cleanUp(Host host, List<JournalEntry> existing, String id, List<Change> changes) {
        Set<String> directories = new LinkedHashSet<>();
        directories.add(Journal.DIRECTORY);
        for (JournalEntry entry : existing) {
            if (entry.state() == EntryState.APPLYING) {
                entry.files().forEach(f -> directories.add(MachineState.parentOf(f.path())));
                UndoNeeds needs = UndoNeeds.of(entry.changes());
                needs.files().forEach(p -> directories.add(MachineState.parentOf(p)));
                needs.attributes().forEach(a -> directories.add(MachineState.parentOf(a.path())));
            }
        }
        UndoNeeds planned = UndoNeeds.of(changes.stream().map(JournaledChange::of).toList());
        planned.attributes().forEach(a -> directories.add(MachineState.parentOf(a.path())));
        changes.forEach(c -> c.touchedFiles().forEach(p -> directories.add(MachineState.parentOf(p))));
        for (String directory : directories) {
            if (!directory.isEmpty()) {
                host.files().removeStrayTemporaries(host.path(directory));
            }
        }
        Journal journal = new Journal(host);
        for (JournalEntry entry : existing) {
            if (entry.state() == EntryState.PREPARING && !entry.id().equals(id)) {
                host.files().deleteTree(host.path(Journal.BACKUPS + "/" + entry.id()));
                journal.save(entry.failed(EntryState.ROLLED_BACK, List.of(), "interrupted while backing up, before anything changed; "
                        + "its partial backups were removed by the next run", null));
            }
        }
        removeOrphanBackups(host, existing, id);
    }

    private static void removeOrphanBackups(Host host, List<JournalEntry> existing, String id) {
        Path backups = host.path(Journal.BACKUPS);
        if (!Files.isDirectory(backups)) {
            return;
        }
        Set<String> named = new HashSet<>();
        existing.stream().filter(e -> e.files().stream().anyMatch(f -> f.backup() != null) || e.state() != EntryState.ROLLED_BACK)
                .forEach(e -> named.add(e.id()));
        if (id != null) {
            named.remove(id);
        }
        try (Stream<Path> listing = Files.list(backups)) {
            for (Path dir : listing.toList()) {
                if (!named.contains(dir.getFileName().toString())) {
                    host.files().deleteTree(dir);
                }
            }
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot list " + Journal.BACKUPS + ": " + MachineState.oneLine(e), e);
        }
    }

    /** The entries of {@code description} a crash left "applying" (never an undo or rollback: those have their own recovery). */
    static List<JournalEntry> interruptedRuns(List<JournalEntry> entries, String description) {
        return entries.stream().filter(e -> e.state() == EntryState.APPLYING && !e.isRevert() && e.description().equals(description))
                .toList();
    }

    /** {@code entry}'s files with the hashes they have now. */
    static List<FileRecord> filesNow(Host host, JournalEntry entry) {
        return entry.files().stream().map(f -> f.withNewSha256(MachineState.sha(host, f.path()))).toList();
    }
}
