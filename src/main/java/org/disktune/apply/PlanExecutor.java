package org.disktune.apply;

import org.disktune.core.Sha256;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.AtomicFileWriter;
import org.disktune.host.CommandResult;
import org.disktune.host.Host;
import org.disktune.host.HostLock;

/**
 * Applies a {@link Plan}, all or nothing. Under the host lock it
 * <ol>
 * <li>checks that every file still holds the bytes the planner read (else ENVIRONMENT "PATH changed
 * since the plan was made; run again", nothing changed);</li>
 * <li>copies every file the plan may touch (written, deleted, or produced by a program) to
 * {@code /var/lib/disktune/backups/<id>/PATH} and records its sha256;</li>
 * <li>writes the journal entry in state "applying";</li>
 * <li>executes the changes in order: atomic writes and deletes, programs through
 * {@code host.commands()} (a non-zero exit fails), {@link Verify} checks;</li>
 * <li>on the first failure restores every file already changed byte for byte (newest first),
 * removes directories it created, journals "rolled-back" and throws ROLLED_BACK with one line
 * naming what failed and what was restored (an {@link ApplyFailure} cause carries the output);</li>
 * <li>otherwise journals "applied" with every file's new sha256.</li>
 * </ol>
 */
public final class PlanExecutor {
    private static final int OUTPUT_KEPT = 16_000;
    private static final String UNKNOWN = "unknown";

    private final AtomicFileWriter writer = new AtomicFileWriter();

    /** Applies {@code plan}; empty when the plan is empty (then nothing is locked, journaled or written). */
    @SuppressWarnings("try") // the lock is held for the body
    public Optional<JournalEntry> apply(Host host, Plan plan, String description) {
        if (plan.isEmpty()) {
            return Optional.empty();
        }
        try (HostLock lock = HostLock.acquire(host)) {
            return Optional.of(applyHoldingLock(host, new Journal(host), plan, description, null));
        }
    }

    private record StepFailure(String what, String output) {
    }

    JournalEntry applyHoldingLock(Host host, Journal journal, Plan plan, String description, String undoOf) {
        List<Change> changes = plan.changes();
        checkUnchanged(host, changes);
        String id = journal.nextId();
        Map<String, FileRecord> files = backUp(host, id, touchedPaths(changes));
        JournalEntry entry = new JournalEntry(id, description, EntryState.APPLYING,
                Instant.now(host.clock()).truncatedTo(ChronoUnit.SECONDS).toString(), BootIdReader.read(host), undoOf,
                null, changes.stream().map(ChangeRecord::of).toList(), List.copyOf(files.values()), List.of(), null,
                null);
        journal.save(entry);

        List<String> created = new ArrayList<>();
        for (int i = 0; i < changes.size(); i++) {
            StepFailure failure = execute(host, changes.get(i), created);
            if (failure != null) {
                throw rollBack(host, journal, entry, files, changes.subList(0, i + 1), created, failure);
            }
        }
        List<FileRecord> after = new ArrayList<>();
        for (FileRecord record : files.values()) {
            after.add(record.withNewSha256(shaOf(host, record.path())));
        }
        JournalEntry applied = entry.applied(after, created);
        journal.save(applied);
        return applied;
    }

    private StepFailure execute(Host host, Change change, List<String> created) {
        try {
            if (change instanceof WriteFile write) {
                List<String> missing = missingDirectories(host, write.path());
                writer.write(host.path(write.path()), write.newBytes(), true);
                created.addAll(missing);
            } else if (change instanceof DeleteFile delete) {
                writer.delete(host.path(delete.path()));
            } else if (change instanceof RunProgram program) {
                CommandResult result = host.commands().run(program.argv());
                if (!result.ok()) {
                    return new StepFailure(ShellWords.join(program.argv()) + " exited " + result.exitCode(), output(result));
                }
            } else {
                Verify verify = (Verify) change;
                Optional<String> problem = verify.check().problem(host);
                if (problem.isPresent()) {
                    return new StepFailure("check failed (" + verify.description() + "): " + problem.get(), problem.get());
                }
            }
            return null;
        } catch (DisktuneException e) {
            return new StepFailure(e.getMessage(), "");
        } catch (IOException | RuntimeException e) {
            return new StepFailure(describe(change) + " failed: " + oneLine(e), "");
        }
    }

    private DisktuneException rollBack(Host host, Journal journal, JournalEntry entry, Map<String, FileRecord> files,
            List<Change> done, List<String> created, StepFailure failure) {
        List<String> newestFirst = new ArrayList<>(touchedPaths(done));
        java.util.Collections.reverse(newestFirst);
        List<String> restored = new ArrayList<>();
        List<String> removed = new ArrayList<>();
        try {
            for (String path : newestFirst) {
                FileRecord record = files.get(path);
                Path target = host.path(path);
                if (Objects.equals(Sha256.ofFile(target), record.oldSha256())) {
                    continue;
                }
                if (record.existedBefore()) {
                    writer.copy(host.path(record.backup()), target, true);
                    restored.add(path);
                } else {
                    writer.delete(target);
                    removed.add(path);
                }
                if (!Objects.equals(Sha256.ofFile(target), record.oldSha256())) {
                    throw new IOException(path + " still differs from its backup");
                }
            }
            for (int i = created.size() - 1; i >= 0; i--) {
                writer.deleteEmptyDirectory(host.path(created.get(i)));
            }
        } catch (IOException | RuntimeException e) {
            String why = failure.what() + "; restoring failed too (" + oneLine(e) + "); the backups are in "
                    + Journal.BACKUPS + "/" + entry.id();
            saveQuietly(journal, entry.failed(EntryState.ROLLBACK_FAILED, created, why, kept(failure.output())));
            return new DisktuneException(ExitCode.ENVIRONMENT, why, e);
        }
        saveQuietly(journal, entry.failed(EntryState.ROLLED_BACK, List.of(), failure.what(), kept(failure.output())));
        List<String> putBack = new ArrayList<>(restored);
        putBack.addAll(removed);
        StringBuilder message = new StringBuilder(failure.what());
        if (!restored.isEmpty()) {
            message.append("; restored ").append(joinWords(restored));
        }
        if (!removed.isEmpty()) {
            message.append("; removed ").append(joinWords(removed));
        }
        if (putBack.isEmpty()) {
            message.append("; nothing had changed");
        }
        return new DisktuneException(ExitCode.ROLLED_BACK, message.toString(),
                new ApplyFailure(entry.id(), failure.what(), failure.output(), putBack));
    }

    /** Refuses, before anything changes, when a file no longer holds what the planner read. */
    private static void checkUnchanged(Host host, List<Change> changes) {
        Map<String, String> planned = new HashMap<>();
        for (Change change : changes) {
            if (change instanceof WriteFile write) {
                requireState(host, planned, write.path(), write.creates() ? null : Sha256.of(write.oldBytes()));
                planned.put(write.path(), Sha256.of(write.newBytes()));
            } else if (change instanceof DeleteFile delete) {
                requireState(host, planned, delete.path(), Sha256.of(delete.oldBytes()));
                planned.put(delete.path(), null);
            } else if (change instanceof RunProgram program) {
                program.producesFiles().forEach(f -> planned.put(f, UNKNOWN));
            }
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
            if (Files.isSymbolicLink(host.path(path))) {
                throw new DisktuneException(ExitCode.ENVIRONMENT,
                        path + " is a symbolic link; disktune changes only regular files (point it at the real file)");
            }
            actual = shaOf(host, path);
        }
        if (!Objects.equals(actual, expected)) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, path + " changed since the plan was made; run again");
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
            writer.copy(source, host.path(backup), true);
            String copied = shaOf(host, backup);
            if (!copied.equals(shaOf(host, path))) {
                throw new DisktuneException(ExitCode.ENVIRONMENT,
                        path + " changed while it was being backed up; nothing was changed; run again");
            }
            records.put(path, new FileRecord(path, copied, backup, null));
        }
        return records;
    }

    /** Every file the changes may touch, in plan order, each once. */
    static Set<String> touchedPaths(List<Change> changes) {
        Set<String> paths = new LinkedHashSet<>();
        for (Change change : changes) {
            if (change instanceof WriteFile write) {
                paths.add(write.path());
            } else if (change instanceof DeleteFile delete) {
                paths.add(delete.path());
            } else if (change instanceof RunProgram program) {
                paths.addAll(program.producesFiles());
            }
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
            return Sha256.ofFile(host.path(path));
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
        if (change instanceof WriteFile write) {
            return "writing " + write.path();
        }
        if (change instanceof DeleteFile delete) {
            return "deleting " + delete.path();
        }
        if (change instanceof RunProgram program) {
            return ShellWords.join(program.argv());
        }
        return "check (" + change.reason() + ")";
    }

    private static String output(CommandResult result) {
        String out = result.stdout() == null ? "" : result.stdout();
        String err = result.stderr() == null ? "" : result.stderr();
        return out.isEmpty() || err.isEmpty() ? out + err : out + (out.endsWith("\n") ? "" : "\n") + err;
    }

    private static String kept(String output) {
        return output.length() <= OUTPUT_KEPT ? output : output.substring(output.length() - OUTPUT_KEPT);
    }

    static String oneLine(Exception e) {
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
