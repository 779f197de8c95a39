package org.disktune.apply;

import org.disktune.core.Sha256;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.core.FileMode;
import org.disktune.host.CommandResult;
import org.disktune.host.Host;
import org.disktune.host.HostLock;

/**
 * Applies a {@link Plan}, all or nothing. Under the host lock it
 * <ol>
 * <li>checks that every file still holds the bytes the planner read and every sysfs attribute still
 * reads the value the planner read (else ENVIRONMENT "PATH changed since the plan was made; run again",
 * nothing changed);</li>
 * <li>removes what an earlier killed run left behind: temporary files of the atomic writer in the
 * directories the plan touches and in the journal, and backup directories that no journal entry names
 * (a crash while backing up, before the entry was written);</li>
 * <li>writes the journal entry in state "preparing" (each sysfs write with its path, device, identity,
 * old and new value), so that a kill while backing up leaves an entry naming its backup folder, never an orphan
 * folder; the next run discards such an entry and its folder, recording it "rolled-back";</li>
 * <li>copies every file the plan may touch (written, deleted, or produced by a program) to
 * {@code /var/lib/disktune/backups/<id>/PATH} and records its sha256, then journals the entry "applying";</li>
 * <li>executes the changes in order: atomic writes and deletes, sysfs writes through
 * {@link Host#writeAttribute}, programs through {@code host.commands()} (a non-zero exit fails),
 * {@link Verify} post-conditions through the {@link PostconditionChecker} it was given;</li>
 * <li>on the first failure puts back everything already done, newest first: files byte for byte,
 * attributes to their old values; removes directories it created, journals "rolled-back" and throws
 * ROLLED_BACK with one line naming what failed and what was restored (an {@link ApplyFailure} cause
 * carries the output);</li>
 * <li>otherwise journals "applied" with every file's new sha256; an entry of the same command (same description)
 * a crash left "applying" is then recorded "applied" too, completed by this run ({@code completed_by}), with the
 * files as they were before this run (see {@link #completeInterrupted} for a run with nothing left to change).</li>
 * </ol>
 */
public final class PlanExecutor {
    private static final int OUTPUT_KEPT = 16_000;
    private static final String UNKNOWN = "unknown";

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

    private record StepFailure(String what, String output) {
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
        if (interruptedRuns(new Journal(host).entries(), description).isEmpty() && !new Journal(host).hasStrayTemporaries()) {
            return List.of();
        }
        try (HostLock lock = HostLock.acquire(host)) {
            Journal journal = new Journal(host);
            List<JournalEntry> entries = journal.entries();
            cleanUpAfterCrash(host, entries, null, List.of());
            List<JournalEntry> interrupted = interruptedRuns(entries, description);
            String now = Instant.now(host.clock()).truncatedTo(ChronoUnit.SECONDS).toString();
            List<String> leftovers = GeneratorLeftovers.of(host, interrupted);
            GeneratorLeftovers.remove(host, leftovers);
            for (JournalEntry entry : interrupted) {
                journal.save(entry.completed(filesNow(host, entry), now, null).withRemovedLeftovers(leftovers));
            }
            return interrupted.stream().map(JournalEntry::id).toList();
        }
    }

    /** The entries of {@code description} a crash left "applying" (never an undo or rollback: those have their own recovery). */
    private static List<JournalEntry> interruptedRuns(List<JournalEntry> entries, String description) {
        return entries.stream().filter(e -> e.state() == EntryState.APPLYING && !e.isRevert() && e.description().equals(description))
                .toList();
    }

    private static List<FileRecord> filesNow(Host host, JournalEntry entry) {
        return entry.files().stream().map(f -> f.withNewSha256(shaOf(host, f.path()))).toList();
    }

    JournalEntry applyHoldingLock(Host host, Journal journal, Plan plan, String description, String undoOf) {
        return applyHoldingLock(host, journal, plan, description, undoOf, List.of());
    }

    JournalEntry applyHoldingLock(Host host, Journal journal, Plan plan, String description, String undoOf,
            List<String> reverts) {
        List<Change> changes = plan.changes();
        checkUnchanged(host, changes);
        List<JournalEntry> existing = journal.entries();
        String id = journal.nextId(existing);
        cleanUpAfterCrash(host, existing, id, changes);
        existing = journal.entries();
        String now = Instant.now(host.clock()).truncatedTo(ChronoUnit.SECONDS).toString();
        List<JournalEntry> interrupted = undoOf == null && reverts.isEmpty() ? interruptedRuns(existing, description) : List.of();
        List<JournalEntry> completedNow = interrupted.stream().map(e -> e.completed(filesNow(host, e), now, id)).toList();
        // the directories the writes will create are journaled up front, so that undo --force of a killed run removes them
        Set<String> toCreate = new LinkedHashSet<>();
        touchedPaths(changes).forEach(p -> toCreate.addAll(missingDirectories(host, p)));
        // journal first, then back up: a kill while backing up leaves a "preparing" entry naming the backup folder,
        // which the next run discards (cleanUpAfterCrash), never a folder nobody knows
        JournalEntry preparing = new JournalEntry(id, description, EntryState.PREPARING, now, BootIdReader.read(host), undoOf,
                null, changes.stream().map(ChangeRecord::of).toList(), List.of(), List.copyOf(toCreate), null, null, reverts, null, null,
                null);
        journal.save(preparing);
        Map<String, FileRecord> files = backUp(host, id, touchedPaths(changes));
        JournalEntry entry = preparing.withFiles(List.copyOf(files.values())).withState(EntryState.APPLYING);
        journal.save(entry);
        List<String> leftovers = GeneratorLeftovers.of(host, interrupted);
        GeneratorLeftovers.remove(host, leftovers);
        completedNow = completedNow.stream().map(e -> e.withRemovedLeftovers(leftovers)).toList();

        List<String> created = new ArrayList<>();
        for (int i = 0; i < changes.size(); i++) {
            RunProgram generator = changes.get(i) instanceof RunProgram run && !run.producesFiles().isEmpty() ? run : null;
            if (generator != null) { // what recovery needs to recognise this run's work after a kill (GeneratorRun)
                entry = entry.withGeneratorRun(entry.generatorRun() != null ? entry.generatorRun()
                        : new GeneratorRun(Instant.now(host.clock()).toString(), GeneratorLeftovers.present(host), Map.of()));
                journal.save(entry);
            }
            StepFailure failure = execute(host, changes.get(i), created);
            if (failure != null) {
                throw rollBack(host, journal, entry, files, changes.subList(0, i + 1), created, failure);
            }
            if (generator != null) {
                Map<String, String> produced = new HashMap<>();
                generator.producesFiles().forEach(f -> produced.put(f, shaOf(host, f)));
                entry = entry.withGeneratorRun(entry.generatorRun().returned(produced));
                journal.save(entry);
            }
        }
        List<FileRecord> after = new ArrayList<>();
        for (FileRecord record : files.values()) {
            after.add(record.withNewSha256(shaOf(host, record.path())));
        }
        JournalEntry applied = entry.applied(after, created);
        try {
            journal.save(applied);
        } catch (DisktuneException e) {
            // The journal cannot record the plan as applied (ENOSPC, EIO): put everything back, so that the failed
            // command changed nothing. Left as it was, the entry would stay APPLYING without the new files' hashes,
            // and rollback would refuse files a program (an initramfs generator) rewrote.
            throw rollBack(host, journal, entry, files, changes, created, new StepFailure(e.getMessage(), ""));
        }
        completedNow.forEach(journal::save); // completed by this run: "applied" as the machine was before it
        return applied;
    }

    private StepFailure execute(Host host, Change change, List<String> created) {
        try {
            return change.accept(new ChangeVisitor<StepFailure>() {
                @Override
                public StepFailure writeFile(WriteFile write) {
                    List<String> missing = missingDirectories(host, write.path());
                    host.files().write(host.node(write.path()), write.newBytes(), true, write.newMode());
                    created.addAll(missing);
                    return null;
                }

                @Override
                public StepFailure deleteFile(DeleteFile delete) {
                    host.files().delete(host.node(delete.path()));
                    return null;
                }

                @Override
                public StepFailure runProgram(RunProgram program) {
                    CommandResult result = host.commands().run(program.argv());
                    if (!result.ok()) {
                        return new StepFailure(ShellWords.join(program.argv()) + " exited " + result.exitCode(), output(result));
                    }
                    return null;
                }

                @Override
                public StepFailure verify(Verify verify) {
                    Optional<String> problem = unchecked(() -> checker.problem(host, verify.condition()));
                    return problem.map(p -> new StepFailure("check failed (" + verify.description() + "): " + p, p)).orElse(null);
                }

                @Override
                public StepFailure writeAttribute(WriteAttribute attribute) {
                    unchecked(() -> {
                        host.writeAttribute(attribute.path(), attribute.newValue());
                        return null;
                    });
                    return null;
                }

                @Override
                public StepFailure programSetting(ProgramSetting setting) {
                    CommandResult result = host.commands().run(setting.argv());
                    if (!result.ok()) {
                        return new StepFailure(ShellWords.join(setting.argv()) + " exited " + result.exitCode(), output(result));
                    }
                    return null;
                }
            });
        } catch (DisktuneException e) {
            return new StepFailure(e.getMessage(), "");
        } catch (UncheckedIOException e) {
            return new StepFailure(describe(change) + " failed: " + oneLine(e.getCause()), "");
        } catch (RuntimeException e) {
            return new StepFailure(describe(change) + " failed: " + oneLine(e), "");
        }
    }

    private interface IoCall<T> {
        T call() throws IOException;
    }

    private static <T> T unchecked(IoCall<T> call) {
        try {
            return call.call();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What a rollback put back, in the order it was done. */
    private static final class PutBack {
        final List<String> restored = new ArrayList<>();
        final List<String> removed = new ArrayList<>();
        final List<String> attributes = new ArrayList<>();
        final List<String> paths = new ArrayList<>();
        final List<String> unknown = new ArrayList<>();
    }

    private DisktuneException rollBack(Host host, Journal journal, JournalEntry entry, Map<String, FileRecord> files,
            List<Change> done, List<String> created, StepFailure failure) {
        Map<String, String> oldValues = new HashMap<>();
        for (Change change : done) {
            attributeOf(change).ifPresent(a -> oldValues.putIfAbsent(a.path(), a.oldValue()));
        }
        Set<String> seen = new HashSet<>();
        PutBack putBack = new PutBack();
        List<String> afterSchedulers = new ArrayList<>();
        try {
            for (int i = done.size() - 1; i >= 0; i--) {
                Change change = done.get(i);
                Optional<WriteAttribute> attribute = attributeOf(change);
                if (attribute.isPresent()) {
                    String path = attribute.get().path();
                    if (seen.add(path)) {
                        if (SysfsOrder.resetsOthers(path)) {
                            restoreAttribute(host, path, oldValues.get(path), putBack);
                        } else {
                            afterSchedulers.add(path);
                        }
                    }
                    continue;
                }
                Optional<ProgramSetting> setting = programSettingOf(change);
                if (setting.isPresent()) {
                    if (i < done.size() - 1) { // the program that failed changed nothing it could report
                        restoreProgramSetting(host, setting.get(), putBack);
                    }
                    continue;
                }
                List<String> paths = new ArrayList<>(touchedPaths(List.of(change)));
                java.util.Collections.reverse(paths);
                for (String path : paths) {
                    if (seen.add(path)) {
                        restoreFile(host, files.get(path), putBack);
                    }
                }
            }
            for (String path : afterSchedulers) { // a scheduler switch resets nr_requests: put those back after it
                restoreAttribute(host, path, oldValues.get(path), putBack);
            }
            restoreModes(host, done, putBack);
            for (int i = created.size() - 1; i >= 0; i--) {
                host.files().deleteEmptyDirectory(host.node(created.get(i)));
            }
        } catch (IOException | RuntimeException e) {
            String why = failure.what() + "; restoring failed too ("
                    + (e instanceof UncheckedIOException u ? oneLine(u.getCause()) : oneLine(e)) + "); the backups are in "
                    + Journal.BACKUPS + "/" + entry.id();
            saveQuietly(journal, entry.failed(EntryState.ROLLBACK_FAILED, created, host.inMachineTerms(why), kept(failure.output())));
            return new DisktuneException(ExitCode.ENVIRONMENT, why, e);
        }
        // the journal names the machine's paths: it is read on the machine, and the tree may be elsewhere then
        saveQuietly(journal, entry.failed(EntryState.ROLLED_BACK, List.of(), host.inMachineTerms(failure.what()), kept(failure.output()))
                .withoutBackups());
        // everything is back: the copies are not needed, and retries of a failing apply do not pile up whole images
        try {
            host.files().deleteTree(host.path(Journal.BACKUPS + "/" + entry.id()));
        } catch (RuntimeException e) {
            // the entry names none of them now: the next run removes the folder (cleanUpAfterCrash)
        }
        StringBuilder message = new StringBuilder(failure.what());
        if (!putBack.restored.isEmpty()) {
            message.append("; restored ").append(joinWords(putBack.restored));
        }
        if (!putBack.removed.isEmpty()) {
            message.append("; removed ").append(joinWords(putBack.removed));
        }
        if (!putBack.attributes.isEmpty()) {
            message.append("; set back ").append(joinWords(putBack.attributes));
        }
        if (!putBack.unknown.isEmpty()) {
            message.append("; could not set back ").append(joinWords(putBack.unknown)).append(" (the value before was unknown)");
        }
        if (putBack.paths.isEmpty()) {
            message.append("; nothing had changed");
        }
        return new DisktuneException(ExitCode.ROLLED_BACK, message.toString(),
                new ApplyFailure(entry.id(), failure.what(), failure.output(), putBack.paths));
    }

    private void restoreFile(Host host, FileRecord record, PutBack putBack) throws IOException {
        String path = record.path();
        Path target = host.node(path);
        if (Objects.equals(Sha256.ofFile(host.path(path)), record.oldSha256())) {
            return;
        }
        if (record.existedBefore()) {
            host.requireTrusted(record.backup(), "backup");
            host.files().copy(host.path(record.backup()), target, true);
            putBack.restored.add(path);
        } else {
            host.files().delete(target);
            putBack.removed.add(path);
        }
        putBack.paths.add(path);
        if (!Objects.equals(Sha256.ofFile(target), record.oldSha256())) {
            throw new IOException(path + " still differs from its backup");
        }
    }

    /** Each file a done write gave another mode gets its mode before the plan back (its bytes are back already). */
    private static void restoreModes(Host host, List<Change> done, PutBack putBack) throws IOException {
        Map<String, FileMode> before = new java.util.LinkedHashMap<>();
        for (Change change : done) {
            if (change instanceof WriteFile w && w.changesMode()) {
                before.putIfAbsent(w.path(), w.oldMode());
            }
        }
        for (Map.Entry<String, FileMode> e : before.entrySet()) {
            Optional<FileMode> now = host.mode(e.getKey());
            if (now.isPresent() && !now.get().equals(e.getValue())) {
                host.files().setMode(host.node(e.getKey()), e.getValue());
                putBack.attributes.add("the mode of " + e.getKey() + " to " + e.getValue());
                putBack.paths.add(e.getKey());
            }
        }
    }

    private static void restoreAttribute(Host host, String path, String oldValue, PutBack putBack) throws IOException {
        if (oldValue.equals(host.readAttribute(path))) {
            return;
        }
        host.writeAttribute(path, oldValue);
        putBack.attributes.add(path + " to " + oldValue);
        putBack.paths.add(path);
        String now = host.readAttribute(path);
        if (!oldValue.equals(now)) {
            throw new IOException(path + " reads " + now + " after writing " + oldValue);
        }
    }

    /** Runs the program that puts a setting back; a setting whose old value was unknown is reported, not guessed. */
    private static void restoreProgramSetting(Host host, ProgramSetting setting, PutBack putBack) throws IOException {
        Optional<ProgramSetting> back = setting.reversed("roll back");
        if (back.isEmpty()) {
            putBack.unknown.add(setting.target() + " " + setting.setting());
            return;
        }
        CommandResult result = host.commands().run(back.get().argv());
        if (!result.ok()) {
            throw new IOException(ShellWords.join(back.get().argv()) + " exited " + result.exitCode());
        }
        putBack.attributes.add(setting.target() + " " + setting.setting() + " to " + setting.oldValue());
        putBack.paths.add(setting.target());
    }

    /** The program setting a step is, if it is one. */
    static Optional<ProgramSetting> programSettingOf(Change change) {
        return change.accept(new ChangeVisitor<Optional<ProgramSetting>>() {
            @Override
            public Optional<ProgramSetting> writeFile(WriteFile change) {
                return Optional.empty();
            }

            @Override
            public Optional<ProgramSetting> deleteFile(DeleteFile change) {
                return Optional.empty();
            }

            @Override
            public Optional<ProgramSetting> runProgram(RunProgram change) {
                return Optional.empty();
            }

            @Override
            public Optional<ProgramSetting> verify(Verify change) {
                return Optional.empty();
            }

            @Override
            public Optional<ProgramSetting> writeAttribute(WriteAttribute change) {
                return Optional.empty();
            }

            @Override
            public Optional<ProgramSetting> programSetting(ProgramSetting change) {
                return Optional.of(change);
            }
        });
    }

    /** The sysfs write a step is, if it is one. */
    static Optional<WriteAttribute> attributeOf(Change change) {
        return change.accept(new ChangeVisitor<Optional<WriteAttribute>>() {
            @Override
            public Optional<WriteAttribute> writeFile(WriteFile change) {
                return Optional.empty();
            }

            @Override
            public Optional<WriteAttribute> deleteFile(DeleteFile change) {
                return Optional.empty();
            }

            @Override
            public Optional<WriteAttribute> runProgram(RunProgram change) {
                return Optional.empty();
            }

            @Override
            public Optional<WriteAttribute> verify(Verify change) {
                return Optional.empty();
            }

            @Override
            public Optional<WriteAttribute> writeAttribute(WriteAttribute change) {
                return Optional.of(change);
            }

            @Override
            public Optional<WriteAttribute> programSetting(ProgramSetting change) {
                return Optional.empty();
            }
        });
    }

    /**
     * Refuses, before anything changes, when a file no longer holds what the planner read or an attribute
     * no longer reads the planner's old value.
     */
    private static void checkUnchanged(Host host, List<Change> changes) {
        Map<String, String> planned = new HashMap<>();
        Map<String, String> plannedValues = new HashMap<>();
        for (Change change : changes) {
            change.accept(new ChangeVisitor<Void>() {
                @Override
                public Void writeFile(WriteFile write) {
                    if (write.changesMode() && !planned.containsKey(write.path()) && !host.mode(write.path()).equals(Optional.of(write.oldMode()))) {
                        throw new DisktuneException(ExitCode.ENVIRONMENT, write.path() + " changed since the plan was made (its mode is not "
                                + write.oldMode() + " any more); run again");
                    }
                    requireState(host, planned, write.path(), write.creates() ? null : Sha256.of(write.oldBytes()));
                    planned.put(write.path(), Sha256.of(write.newBytes()));
                    return null;
                }

                @Override
                public Void deleteFile(DeleteFile delete) {
                    requireState(host, planned, delete.path(), Sha256.of(delete.oldBytes()));
                    planned.put(delete.path(), null);
                    return null;
                }

                @Override
                public Void runProgram(RunProgram program) {
                    program.producesFiles().forEach(f -> planned.put(f, UNKNOWN));
                    return null;
                }

                @Override
                public Void verify(Verify verify) {
                    return null;
                }

                @Override
                public Void writeAttribute(WriteAttribute attribute) {
                    String path = attribute.path();
                    String actual = plannedValues.containsKey(path) ? plannedValues.get(path) : readAttribute(host, path);
                    if (!attribute.oldValue().equals(actual)) {
                        throw new DisktuneException(ExitCode.ENVIRONMENT, path + " changed since the plan was made (it reads "
                                + actual + ", the plan expected " + attribute.oldValue() + "); run again");
                    }
                    plannedValues.put(path, attribute.newValue());
                    return null;
                }

                @Override
                public Void programSetting(ProgramSetting setting) {
                    return null; // a drive feature or mount option is read again by the planner only: no cheap re-read here
                }
            });
        }
    }

    static String readAttribute(Host host, String path) {
        try {
            return host.readAttribute(path);
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot read " + path + ": " + oneLine(e)
                    + "; check that the device is still there and run again", e);
        }
    }

    private static void requireState(Host host, Map<String, String> planned, String path, String expected) {
        String actual;
        if (planned.containsKey(path)) {
            actual = planned.get(path);
            if (UNKNOWN.equals(actual)) {
                return;
            }
        } else {
            if (Files.isSymbolicLink(host.node(path))) {
                throw new DisktuneException(ExitCode.ENVIRONMENT,
                        path + " is a symbolic link; disktune changes only regular files (point it at the real file)");
            }
            actual = shaOf(host, path);
        }
        if (!Objects.equals(actual, expected)) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, path + " changed since the plan was made; run again");
        }
    }

    /**
     * Removes what a killed run left (we hold the lock, so no writer is half way now): the atomic writer's
     * temporary files beside every path the plan touches, beside every path of an entry left "applying"
     * (the only writes a kill can interrupt outside the journal) and in the journal, and backup directories no
     * journal entry names (a kill while backing up, before the entry was saved), including the new id's.
     */
    void cleanUpAfterCrash(Host host, List<JournalEntry> existing, String id, List<Change> changes) {
        Set<String> directories = new LinkedHashSet<>();
        directories.add(Journal.DIRECTORY);
        for (JournalEntry entry : existing) {
            if (entry.state() == EntryState.APPLYING) {
                entry.files().forEach(f -> directories.add(parentOf(f.path())));
                entry.changes().stream().filter(c -> c.path() != null).forEach(c -> directories.add(parentOf(c.path())));
            }
        }
        for (Change change : changes) {
            attributeOf(change).ifPresent(a -> directories.add(parentOf(a.path())));
        }
        touchedPaths(changes).forEach(p -> directories.add(parentOf(p)));
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
        try (java.util.stream.Stream<Path> listing = Files.list(backups)) {
            for (Path dir : listing.toList()) {
                if (!named.contains(dir.getFileName().toString())) {
                    host.files().deleteTree(dir);
                }
            }
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot list " + Journal.BACKUPS + ": " + oneLine(e), e);
        }
    }

    private Map<String, FileRecord> backUp(Host host, String id, Set<String> paths) {
        Map<String, FileRecord> records = new java.util.LinkedHashMap<>();
        for (String path : paths) {
            Path source = host.path(path);
            if (!Files.exists(source)) {
                records.put(path, new FileRecord(path, null, null, null));
                continue;
            }
            String backup = Journal.backupPath(id, path);
            host.files().copy(source, host.path(backup), true);
            String copied = shaOf(host, backup);
            if (copied == null) { // the copy is not where it was written: a directory of the state was swapped meanwhile
                throw new DisktuneException(ExitCode.ENVIRONMENT, "the backup of " + path + " is not at " + backup
                        + " after it was written (was a directory replaced meanwhile?); nothing was changed; run again");
            }
            if (!copied.equals(shaOf(host, path))) {
                throw new DisktuneException(ExitCode.ENVIRONMENT,
                        path + " changed while it was being backed up; nothing was changed; run again");
            }
            records.put(path, new FileRecord(path, copied, backup, null));
        }
        return records;
    }

    /** Every file the changes may touch, in plan order, each once (sysfs attributes are not files). */
    static Set<String> touchedPaths(List<Change> changes) {
        Set<String> paths = new LinkedHashSet<>();
        for (Change change : changes) {
            paths.addAll(change.accept(new ChangeVisitor<List<String>>() {
                @Override
                public List<String> writeFile(WriteFile write) {
                    return List.of(write.path());
                }

                @Override
                public List<String> deleteFile(DeleteFile delete) {
                    return List.of(delete.path());
                }

                @Override
                public List<String> runProgram(RunProgram program) {
                    return program.producesFiles();
                }

                @Override
                public List<String> verify(Verify verify) {
                    return List.of();
                }

                @Override
                public List<String> writeAttribute(WriteAttribute attribute) {
                    return List.of();
                }

                @Override
                public List<String> programSetting(ProgramSetting setting) {
                    return List.of();
                }
            }));
        }
        return paths;
    }

    private static List<String> missingDirectories(Host host, String path) {
        List<String> missing = new ArrayList<>();
        for (String dir = parentOf(path); !dir.isEmpty() && !Files.exists(host.path(dir)); dir = parentOf(dir)) {
            missing.add(0, dir);
        }
        return missing;
    }

    private static String parentOf(String path) {
        return path.substring(0, path.lastIndexOf('/'));
    }

    private static String shaOf(Host host, String path) {
        try {
            Path file = host.path(path);
            if (!Files.exists(file)) {
                return null;
            }
            try (java.io.InputStream in = host.newInputStream(file)) {
                return Sha256.of(in);
            }
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot read " + path + ": " + oneLine(e), e);
        }
    }

    private static void saveQuietly(Journal journal, JournalEntry entry) {
        try {
            journal.save(entry);
        } catch (DisktuneException e) {
            // the machine is what matters; an entry left "applying" is shown by undo as interrupted
        }
    }

    private static String describe(Change change) {
        return change.accept(new ChangeVisitor<String>() {
            @Override
            public String writeFile(WriteFile write) {
                return "writing " + write.path();
            }

            @Override
            public String deleteFile(DeleteFile delete) {
                return "deleting " + delete.path();
            }

            @Override
            public String runProgram(RunProgram program) {
                return ShellWords.join(program.argv());
            }

            @Override
            public String verify(Verify verify) {
                return "check (" + verify.description() + ")";
            }

            @Override
            public String writeAttribute(WriteAttribute attribute) {
                return "writing " + attribute.newValue() + " to " + attribute.path();
            }

            @Override
            public String programSetting(ProgramSetting setting) {
                return ShellWords.join(setting.argv());
            }
        });
    }

    private static String output(CommandResult result) {
        String out = result.stdout() == null ? "" : result.stdout();
        String err = result.stderr() == null ? "" : result.stderr();
        return out.isEmpty() || err.isEmpty() ? out + err : out + (out.endsWith("\n") ? "" : "\n") + err;
    }

    private static String kept(String output) {
        return output.length() <= OUTPUT_KEPT ? output : output.substring(output.length() - OUTPUT_KEPT);
    }

    static String oneLine(Throwable e) {
        if (e instanceof java.nio.file.NoSuchFileException n) {
            return "no such file " + n.getFile();
        }
        if (e instanceof java.nio.file.AccessDeniedException a) {
            return "permission denied: " + a.getFile();
        }
        String message = e.getMessage();
        String text = message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
        return text.lines().findFirst().orElse(text);
    }

    static String joinWords(List<String> words) {
        if (words.size() == 1) {
            return words.get(0);
        }
        return String.join(", ", words.subList(0, words.size() - 1)) + " and " + words.get(words.size() - 1);
    }
}
