package org.disktune.apply;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.Host;

/**
 * Plans the undo of the newest journal entry that was applied and not yet undone (undo entries
 * themselves are never undone: undoing twice reverts the entry before), with the steps of the one
 * {@link UndoStepPlanner} that rollback and a failed apply use too: every file the entry touched is put
 * back byte for byte from its backup, or deleted when it did not exist before; produced files
 * (initramfs images) likewise; a file whose mode the entry changed gets its old mode back in the same
 * write; sysfs attributes and program settings go back to their old values (a device that is gone is
 * skipped). The result is an ordinary {@link Plan}, so {@code --dry-run} can render it.
 *
 * <p>Refused (ENVIRONMENT, one line) when a file changed since the entry wrote it (it holds neither what the entry
 * left nor what was there before), unless forced;
 * when a backup is missing or damaged; and when the newest entry was interrupted while applying,
 * unless forced (then its backups are restored whatever the files hold now). Empty when there is
 * nothing to undo.
 */
public final class UndoPlanner {

    public Optional<UndoPlan> plan(Host host, boolean force) {
        return plan(host, new Journal(host), force);
    }

    Optional<UndoPlan> plan(Host host, Journal journal, boolean force) {
        List<JournalEntry> entries = journal.entries();
        Set<String> undone = RollbackPlanner.revertedIds(entries);
        JournalEntry target = null;
        for (int i = entries.size() - 1; i >= 0 && target == null; i--) {
            JournalEntry entry = entries.get(i);
            if (RollbackPlanner.isRevertible(entry) && !undone.contains(entry.id())) {
                target = entry;
            }
        }
        if (target == null) {
            return Optional.empty();
        }
        boolean interrupted = target.state() == EntryState.APPLYING;
        if (interrupted && !force) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, target.interruption().orElseThrow());
        }
        String reason = "undo of " + target.id() + " (" + target.description() + ")";
        UndoStepPlanner.Steps steps = new UndoStepPlanner(host, "undo").plan(List.of(target), reason, force);
        return Optional.of(new UndoPlan(target, new Plan(steps.changes())));
    }
}
