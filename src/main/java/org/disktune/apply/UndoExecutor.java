package org.disktune.apply;

import java.util.List;
import java.util.Optional;

import org.disktune.host.Host;
import org.disktune.host.HostLock;

/**
 * Undoes the newest applied entry under the host lock: plans with {@link UndoPlanner}, applies the
 * plan through {@link PlanExecutor} as a new entry ("undo of ID (description)", {@code undo_of} =
 * ID, itself backed up and rolled back on failure), then marks the reverted entry "undone".
 * Empty when there is nothing to undo: the CLI says "nothing to undo" and exits 0. For an entry interrupted while
 * applying (only with force), the temporary files its killed initramfs generator left ({@link GeneratorLeftovers})
 * are removed first and listed in the new entry's {@code removed_leftovers}. The directories the entry created are
 * removed once empty ({@link CreatedDirectories}).
 */
public final class UndoExecutor {
    private final UndoPlanner planner = new UndoPlanner();
    private final PlanExecutor executor = new PlanExecutor(PostconditionChecker.NONE);

    @SuppressWarnings("try") // the lock is held for the body
    public Optional<JournalEntry> undo(Host host, boolean force) {
        try (HostLock lock = HostLock.acquire(host)) {
            Journal journal = new Journal(host);
            Optional<UndoPlan> undo = planner.plan(host, journal, force);
            if (undo.isEmpty()) {
                // nothing to undo is still a run holding the lock: what a killed run left goes, as in rollback
                executor.cleanUpAfterCrash(host, journal.entries());
                return Optional.empty();
            }
            JournalEntry target = undo.get().target();
            // the interrupted generator's temporary files (--force consents); none while a generator still runs
            List<String> leftovers = GeneratorLeftovers.of(host, List.of(target));
            GeneratorLeftovers.remove(host, leftovers);
            JournalEntry entry = executor.applyHoldingLock(host, journal, undo.get().plan(),
                    "undo of " + target.id() + " (" + target.description() + ")", target.id());
            if (!leftovers.isEmpty()) {
                entry = entry.withRemovedLeftovers(leftovers);
                journal.save(entry);
            }
            journal.save(target.undoneBy(entry.id()));
            CreatedDirectories.removeEmpty(host, List.of(target));
            return Optional.of(entry);
        }
    }
}
