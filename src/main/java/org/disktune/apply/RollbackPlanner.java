package org.disktune.apply;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.disktune.core.DisktuneException;
import org.disktune.host.Host;

/**
 * Plans a rollback of several journal entries as one ordinary {@link Plan} (so {@code --dry-run} renders
 * it and the executor journals it as one entry). Reverted are the entries that were applied (or left
 * "applying" by a crash) and not yet reverted, excluding undo and rollback entries themselves: with an
 * id, that entry and every later one; without, all of them (back to before disktune's first change).
 * The steps are those of the one {@link UndoStepPlanner}:
 * <ul>
 * <li>Each file goes back to its state before the earliest reverted entry that touched it: that entry's
 * backup byte for byte (its sha256 checked), or deleted when it did not exist then.</li>
 * <li>A file that changed since disktune wrote it (its sha256 is not what the newest reverted entry
 * left) is refused, one line, unless {@code force}. A file that already holds what rollback would
 * put back is left alone.</li>
 * <li>An entry left "applying" by a crash needs no force when each of its files holds either its old
 * bytes or bytes a step of the entry meant to write (all the atomic writer can leave), and an image its own
 * initramfs generator wrote (journaled when the generator returned, or, killed before, proven by the
 * {@link GeneratorRun} journaled before it started); any other content of a file a program rewrote needs force.</li>
 * <li>Each sysfs attribute goes back to the oldest old value among the reverted entries. Its device is
 * found by its identity ({@code /dev/disk/by-id/IDENTITY}) when the kernel name moved; when neither
 * the journaled path nor the identity leads to it, it is reported as
 * "could not restore PATH: device gone", not a failure. Attribute values are not compared with what
 * disktune wrote (udev, an admin or a reboot change them legitimately).</li>
 * </ul>
 * An unknown id is USAGE "no journal entry ID; see disktune history". Empty when there is nothing to roll back.
 */
public final class RollbackPlanner {

    /** Plans the rollback of {@code host}'s journal; see the class comment. */
    public Optional<RollbackPlan> plan(Host host, Optional<String> toId, boolean force) {
        return plan(host, new Journal(host).entries(), toId, force);
    }

    Optional<RollbackPlan> plan(Host host, List<JournalEntry> entries, Optional<String> toId, boolean force) {
        int from = 0;
        if (toId.isPresent()) {
            from = -1;
            for (int i = 0; i < entries.size(); i++) {
                if (entries.get(i).id().equals(toId.get())) {
                    from = i;
                }
            }
            if (from < 0) {
                throw DisktuneException.usage("no journal entry " + toId.get() + "; see disktune history");
            }
        }
        Set<String> reverted = revertedIds(entries);
        List<JournalEntry> targets = new ArrayList<>();
        for (int i = entries.size() - 1; i >= from; i--) {
            JournalEntry entry = entries.get(i);
            if (isRevertible(entry) && !reverted.contains(entry.id())) {
                targets.add(entry);
            }
        }
        if (targets.isEmpty()) {
            return Optional.empty();
        }
        String reason = targets.size() == 1 ? "rollback of " + targets.get(0).id() + " (" + targets.get(0).description() + ")"
                : "rollback of " + targets.size() + " entries, " + targets.get(targets.size() - 1).id() + " to " + targets.get(0).id();
        UndoStepPlanner.Steps steps = new UndoStepPlanner(host, "rollback").plan(targets, reason, force);
        return Optional.of(new RollbackPlan(targets, new Plan(steps.changes()), steps.notRestoredLines()));
    }

    /** Applied or interrupted, and not itself an undo or rollback. */
    static boolean isRevertible(JournalEntry entry) {
        return (entry.state() == EntryState.APPLIED || entry.state() == EntryState.APPLYING) && !entry.isRevert();
    }

    /** The ids already reverted: marked undone, or named by an applied undo or rollback entry. */
    static Set<String> revertedIds(List<JournalEntry> entries) {
        Set<String> reverted = new HashSet<>();
        for (JournalEntry entry : entries) {
            if (entry.state() == EntryState.UNDONE) {
                reverted.add(entry.id());
            }
            if (entry.state() == EntryState.APPLIED) {
                reverted.addAll(entry.reverted());
            }
        }
        return reverted;
    }
}
