package org.disktune.apply;

import java.util.List;
import java.util.Optional;

import org.disktune.apply.JournalEntry;
import org.disktune.apply.PlanRenderer;
import org.disktune.apply.Restored;
import org.disktune.apply.UndoExecutor;
import org.disktune.apply.UndoPlan;
import org.disktune.apply.UndoPlanner;
import org.disktune.host.Host;
import org.disktune.apply.ChangePreflight;
import org.disktune.apply.UndoService;

/** disktune undo: revert the newest journaled change (or show what that would restore). */
public final class UndoService {
    private final Host host;

    public UndoService(Host host) {
        this.host = host;
    }

    /**
     * What an undo did or would do: the entry undone, the new journal entry (null for a dry run), what was (or
     * would be) put back as {@link Restored} names it (files, sysfs values, program settings), whether that needs a
     * reboot (an image or a boot file), and the rendered plan of a dry run. {@code undoneId} null: nothing to undo.
     */
    public record UndoResult(boolean dryRun, String undoneId, String undoneDescription, String journalId, String bootId,
            List<String> restored, boolean rebootNeeded, String plan) {
        public boolean nothingToUndo() {
            return undoneId == null;
        }
    }

    public UndoResult undo(boolean force, boolean dryRun) {
        if (dryRun) {
            Optional<UndoPlan> plan = new UndoPlanner().plan(host, force);
            return plan.map(p -> {
                Restored restored = Restored.of(p.plan());
                return new UndoResult(true, p.target().id(), p.target().description(), null, null, restored.items(),
                        restored.rebootNeeded(), new PlanRenderer().render(p.plan()));
            }).orElse(nothing(true));
        }
        ChangePreflight.requireRoot(host, "undo");
        Optional<JournalEntry> entry = new UndoExecutor().undo(host, force);
        return entry.map(e -> {
            Restored restored = Restored.of(e);
            return new UndoResult(false, e.undoOf(), e.description(), e.id(), e.bootId(), restored.items(), restored.rebootNeeded(), null);
        }).orElse(nothing(false));
    }

    private static UndoResult nothing(boolean dryRun) {
        return new UndoResult(dryRun, null, null, null, null, List.of(), false, "");
    }
}
