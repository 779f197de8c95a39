package org.disktune.apply;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.disktune.core.DisktuneException;
import org.disktune.host.Host;
import org.disktune.host.HostLock;

/**
 * Applies a {@link Plan}, all or nothing. Under the host lock it
 * <ol>
 * <li>checks that every file still holds the bytes the planner read and every sysfs attribute still
 * reads the value the planner read ({@link PlanPreconditions});</li>
 * <li>removes what an earlier killed run left behind: temporary files of the atomic writer in the
 * directories the plan touches and in the journal, and backup directories that no journal entry names
 * (a crash while backing up, before the entry was written) ({@link CrashRecovery});</li>
 * <li>writes the journal entry in state "preparing" (each sysfs write with its path, device, identity,
 * old and new value), so that a kill while backing up leaves an entry naming its backup folder, never an orphan
 * folder; the next run discards such an entry and its folder, recording it "rolled-back";</li>
 * <li>copies every file the plan may touch (written, deleted, or produced by a program) to
 * {@code /var/lib/disktune/backups/<id>/PATH} and records its sha256 ({@link Backups}), then journals the entry
 * "applying";</li>
 * <li>executes the changes in order: atomic writes and deletes, sysfs writes through
 * {@link Host#writeAttribute}, programs through {@code host.commands()} (a non-zero exit fails),
 * {@link Verify} post-conditions through the {@link PostconditionChecker} it was given ({@link StepRunner});</li>
 * <li>on the first failure puts back everything already done, newest first: files byte for byte,
 * attributes to their old values, with the steps undo and rollback use ({@link FailedApplyRollback}); removes
 * directories it created, journals "rolled-back" and throws ROLLED_BACK with one line naming what failed and what
 * was restored (an {@link ApplyFailure} cause carries the output);</li>
 * <li>otherwise journals "applied" with every file's new sha256; an entry of the same command (same description)
 * a crash left "applying" is then recorded "applied" too, completed by this run ({@code completed_by}), with the
 * files as they were before this run (see {@link #completeInterrupted} for a run with nothing left to change).</li>
 * </ol>
 */
public final class PlanExecutor {
    private final PostconditionChecker checker;

    /** An executor that evaluates {@link Verify} steps with {@code checker}. */
    public PlanExecutor(PostconditionChecker checker) {
        this.checker = java.util.Objects.requireNonNull(checker, "checker");
    }

    /** Applies {@code plan}; empty when the plan is empty (then nothing is locked, journaled or written). */
    @SuppressWarnings("try") // the lock is held for the body
    public Optional<JournalEntry> apply(Host host, Plan plan, String description) {
        if (plan.isEmpty()) {
            completeInterrupted(host, description);
            return Optional.empty();
        }
        try (HostLock lock = HostLock.acquire(host)) {
            return Optional.of(applyHoldingLock(host, new Journal(host), plan, description, null, List.of()));
        }
    }

    /**
     * A run of the command {@code description} that found nothing left to change completes the entries of that
     * command a crash left "applying": each is recorded "applied" as the machine holds it now (its backups kept, so
     * undo still restores the state before it), with {@code completed_at}, and the temporary files its killed
     * generator left are removed (the same command, consented again); so are the temporary files a run killed while
     * saving a journal entry left. Nothing is locked when the journal has neither. Returns the ids completed.
     */
    @SuppressWarnings("try") // the lock is held for the body
    public List<String> completeInterrupted(Host host, String description) {
        if (CrashRecovery.interruptedRuns(new Journal(host).entries(), description).isEmpty() && !new Journal(host).hasStrayTemporaries()) {
            return List.of();
        }
        try (HostLock lock = HostLock.acquire(host)) {
            Journal journal = new Journal(host);
            List<JournalEntry> entries = journal.entries();
            CrashRecovery.cleanUp(host, entries, null, List.of());
            List<JournalEntry> interrupted = CrashRecovery.interruptedRuns(entries, description);
            String now = Instant.now(host.clock()).truncatedTo(ChronoUnit.SECONDS).toString();
            List<String> leftovers = GeneratorLeftovers.of(host, interrupted);
            GeneratorLeftovers.remove(host, leftovers);
            for (JournalEntry entry : interrupted) {
                journal.save(entry.completed(CrashRecovery.filesNow(host, entry), now, null).withRemovedLeftovers(leftovers));
            }
            return interrupted.stream().map(JournalEntry::id).toList();
        }
    }

    /** What a killed run left behind goes (see {@link CrashRecovery}); for a run, holding the lock, that changes nothing. */
    void cleanUpAfterCrash(Host host, List<JournalEntry> existing) {
        CrashRecovery.cleanUp(host, existing, null, List.of());
    }

    JournalEntry applyHoldingLock(Host host, Journal journal, Plan plan, String description, String undoOf) {
        return applyHoldingLock(host, journal, plan, description, undoOf, List.of());
    }

    JournalEntry applyHoldingLock(Host host, Journal journal, Plan plan, String description, String undoOf,
            List<String> reverts) {
        List<Change> changes = plan.changes();
        PlanPreconditions.requireUnchanged(host, changes);
        List<JournalEntry> existing = journal.entries();
        String id = journal.nextId(existing);
        CrashRecovery.cleanUp(host, existing, id, changes);
        existing = journal.entries();
        String now = Instant.now(host.clock()).truncatedTo(ChronoUnit.SECONDS).toString();
        List<JournalEntry> interrupted = undoOf == null && reverts.isEmpty() ? CrashRecovery.interruptedRuns(existing, description) : List.of();
        List<JournalEntry> completedNow = interrupted.stream().map(e -> e.completed(CrashRecovery.filesNow(host, e), now, id)).toList();
        // the directories the writes will create are journaled up front, so that undo --force of a killed run removes them
        Set<String> toCreate = new LinkedHashSet<>();
        touchedPaths(changes).forEach(p -> toCreate.addAll(MachineState.missingDirectories(host, p)));
        // journal first, then back up: a kill while backing up leaves a "preparing" entry naming the backup folder,
        // which the next run discards (CrashRecovery), never a folder nobody knows
        JournalEntry preparing = new JournalEntry(id, description, EntryState.PREPARING, now, BootIdReader.read(host), undoOf,
                null, changes.stream().map(JournaledChange::of).toList(), List.of(), List.copyOf(toCreate), null, null, reverts, null, null,
                null);
        journal.save(preparing);
        Map<String, FileRecord> files = Backups.take(host, id, touchedPaths(changes));
        JournalEntry entry = preparing.withFiles(List.copyOf(files.values())).withState(EntryState.APPLYING);
        journal.save(entry);
        List<String> leftovers = GeneratorLeftovers.of(host, interrupted);
        GeneratorLeftovers.remove(host, leftovers);
        completedNow = completedNow.stream().map(e -> e.withRemovedLeftovers(leftovers)).toList();

        StepRunner runner = new StepRunner(host, checker);
        FailedApplyRollback rollback = new FailedApplyRollback(host, journal, runner);
        List<String> created = new ArrayList<>();
        for (int i = 0; i < changes.size(); i++) {
            List<String> produces = generatorOutputs(changes.get(i));
            if (!produces.isEmpty()) { // what recovery needs to recognise this run's work after a kill (GeneratorRun)
                entry = entry.withGeneratorRun(entry.generatorRun() != null ? entry.generatorRun()
                        : new GeneratorRun(Instant.now(host.clock()).toString(), GeneratorLeftovers.present(host), Map.of()));
                journal.save(entry);
            }
            Optional<StepRunner.Failure> failure = runner.run(changes.get(i), created);
            if (failure.isPresent()) {
                throw rollback.rollBack(entry, changes.subList(0, i + 1), created, failure.get());
            }
            if (!produces.isEmpty()) {
                Map<String, String> produced = new HashMap<>();
                produces.forEach(f -> produced.put(f, MachineState.sha(host, f)));
                entry = entry.withGeneratorRun(entry.generatorRun().returned(produced));
                journal.save(entry);
            }
        }
        List<FileRecord> after = new ArrayList<>();
        for (FileRecord record : files.values()) {
            after.add(record.withNewSha256(MachineState.sha(host, record.path())));
        }
        JournalEntry applied = entry.applied(after, created);
        try {
            journal.save(applied);
        } catch (DisktuneException e) {
            // The journal cannot record the plan as applied (ENOSPC, EIO): put everything back, so that the failed
            // command changed nothing. Left as it was, the entry would stay APPLYING without the new files' hashes,
            // and rollback would refuse files a program (an initramfs generator) rewrote.
            throw rollback.rollBack(entry, changes, created, new StepRunner.Failure(e.getMessage(), ""));
        }
        completedNow.forEach(journal::save); // completed by this run: "applied" as the machine was before it
        return applied;
    }

    /** The files a step that runs a program rewrites (an initramfs generator's images); empty for every other step. */
    private static List<String> generatorOutputs(Change change) {
        return UndoNeeds.of(List.of(JournaledChange.of(change))).produced();
    }

    /** Every file the changes may touch, in plan order, each once (sysfs attributes are not files). */
    static Set<String> touchedPaths(List<Change> changes) {
        Set<String> paths = new LinkedHashSet<>();
        changes.forEach(c -> paths.addAll(c.touchedFiles()));
        return paths;
    }
}
