package org.disktune.apply;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.disktune.host.Host;
import org.disktune.host.HostLock;

/**
 * {@code disktune rollback [--to ID] [--dry-run] [--force]} and {@code disktune history}: the service the
 * commands call (they parse, call one method, render the result).
 *
 * <p>{@link #rollback} reverts journaled changes newest first as planned by {@link RollbackPlanner}
 * (read it for the rules: which entries, files byte for byte from backups, attributes to their oldest
 * old values, devices found by identity or reported gone, when force is needed). Under the host lock
 * ({@code /run/disktune/lock}) the plan is applied by the {@link PlanExecutor} as ONE new journal entry
 * ("rollback of ..."; {@code reverts} lists every reverted id newest first, {@code undo_of} the oldest),
 * itself backed up and all-or-nothing, then every reverted entry is marked "undone" with
 * {@code undone_by} = the new id. A rollback of entries whose files and attributes already are as before
 * still writes that entry, so the history shows them reverted. After a crash (SIGKILL, power cut) in an
 * apply or a rollback, {@code rollback} without force brings everything back: see
 * {@link RollbackPlanner} for the one case that needs force. Stray temporary files and orphan backup
 * directories of the killed run are removed by the next apply or rollback (even one with nothing to roll back), and
 * so are the temporary files of an initramfs generator killed in a reverted entry ({@code removed_leftovers}). The
 * directories the reverted entries created are removed once empty ({@link CreatedDirectories}).
 *
 * <p>Exit codes through {@link org.disktune.core.DisktuneException}: USAGE for an unknown id ("no journal
 * entry ID; see disktune history"); ENVIRONMENT for a file changed since disktune wrote it (without
 * force), a damaged backup, a held lock; ROLLED_BACK when a step failed and the rollback's own changes
 * were put back. The caller checks root first (tuning.ChangePreflight) unless it is a dry run.
 */
public final class RollbackService {
    private final Host host;
    private final RollbackPlanner planner = new RollbackPlanner();
    private final PlanExecutor executor = new PlanExecutor(PostconditionChecker.NONE);

    public RollbackService(Host host) {
        this.host = host;
    }

    /**
     * What a rollback did or would do. {@code reverted}: the ids reverted, newest first (empty: nothing to
     * roll back); {@code journalId}/{@code bootId}: the new entry (null for a dry run or when nothing was
     * done); {@code changed}: the machine paths (files and sysfs attributes) written, removed or that a dry
     * run would change, in plan order; {@code restored}: the same as {@link Restored} names it for the message
     * ("sda queue/scheduler = mq-deadline"), and {@code rebootNeeded} whether that needs a reboot (an image or a
     * boot file); {@code notRestored}: lines such as "could not restore
     * /sys/block/sdc/queue/scheduler: device gone"; {@code plan}: the rendered plan (diffs), always set.
     */
    public record RollbackResult(boolean dryRun, List<String> reverted, String journalId, String bootId, List<String> changed,
            List<String> restored, boolean rebootNeeded, List<String> notRestored, String plan) {
        public RollbackResult {
            reverted = List.copyOf(reverted);
            changed = List.copyOf(changed);
            restored = List.copyOf(restored);
            notRestored = List.copyOf(notRestored);
        }

        public boolean nothingToRollBack() {
            return reverted.isEmpty();
        }
    }

    /**
     * Reverts every applied, not yet reverted entry from {@code toId} (included) on, or all of them when
     * empty; see the class comment. {@code dryRun}: plan only (no lock, nothing written).
     */
    @SuppressWarnings("try") // the lock is held for the body
    public RollbackResult rollback(Optional<String> toId, boolean dryRun, boolean force) {
        if (dryRun) {
            return planner.plan(host, toId, force).map(p -> result(true, p, null)).orElse(nothing(true));
        }
        try (HostLock lock = HostLock.acquire(host)) {
            Journal journal = new Journal(host);
            List<JournalEntry> entries = journal.entries();
            Optional<RollbackPlan> planned = planner.plan(host, entries, toId, force);
            if (planned.isEmpty()) {
                executor.cleanUpAfterCrash(host, entries);
                return nothing(false);
            }
            RollbackPlan plan = planned.get();
            List<String> ids = plan.targets().stream().map(JournalEntry::id).toList();
            String oldest = ids.get(ids.size() - 1);
            String description = toId.isPresent() ? "rollback to before " + toId.get() : "rollback of every change";
            description += " (" + (ids.size() == 1 ? ids.get(0) : ids.size() + " entries, " + oldest + " to " + ids.get(0)) + ")";
            List<String> leftovers = GeneratorLeftovers.of(host, plan.targets());
            GeneratorLeftovers.remove(host, leftovers);
            JournalEntry entry = executor.applyHoldingLock(host, journal, plan.plan(), description, oldest, ids);
            if (!leftovers.isEmpty()) {
                entry = entry.withRemovedLeftovers(leftovers);
                journal.save(entry);
            }
            for (JournalEntry target : plan.targets()) {
                journal.save(target.undoneBy(entry.id()));
            }
            CreatedDirectories.removeEmpty(host, plan.targets());
            return result(false, plan, entry);
        }
    }

    /** Every journal entry, oldest first, as {@code disktune history} shows it. */
    public List<HistoryEntry> history() {
        List<HistoryEntry> history = new ArrayList<>();
        for (JournalEntry entry : new Journal(host).entries()) {
            history.add(HistoryEntry.of(entry));
        }
        return List.copyOf(history);
    }

    private static RollbackResult result(boolean dryRun, RollbackPlan plan, JournalEntry entry) {
        List<String> changed = new ArrayList<>();
        for (Change change : plan.plan().changes()) {
            changed.addAll(change.touchedFiles());
            UndoNeeds.of(List.of(JournaledChange.of(change))).attributes().forEach(a -> changed.add(a.path()));
        }
        Restored restored = Restored.of(plan.plan());
        return new RollbackResult(dryRun, plan.targets().stream().map(JournalEntry::id).toList(),
                entry == null ? null : entry.id(), entry == null ? null : entry.bootId(), changed, restored.items(),
                restored.rebootNeeded(), plan.notRestored(), new PlanRenderer().render(plan.plan()));
    }

    private static RollbackResult nothing(boolean dryRun) {
        return new RollbackResult(dryRun, List.of(), null, null, List.of(), List.of(), false, List.of(), "");
    }
}
