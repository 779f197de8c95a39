package org.disktune.apply;

import org.disktune.core.Sha256;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.Host;

/**
 * Plans the undo of the newest journal entry that was applied and not yet undone (undo entries
 * themselves are never undone: undoing twice reverts the entry before). Every file the entry
 * touched is put back byte for byte from its backup, or deleted when it did not exist before;
 * produced files (initramfs images) likewise. The result is an ordinary {@link Plan} of
 * {@link WriteFile}/{@link DeleteFile} changes, so {@code --dry-run} can render it. Sysfs attributes
 * the entry wrote are set back to their old values as {@link RollbackPlanner} does (a device that is
 * gone is skipped); a file whose mode the entry changed gets its old mode back in the same write.
 *
 * <p>Refused (ENVIRONMENT, one line) when a file changed since the entry wrote it, unless forced;
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
            boolean candidate = entry.state() == EntryState.APPLIED || entry.state() == EntryState.APPLYING;
            if (candidate && !entry.isRevert() && !undone.contains(entry.id())) {
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
        List<Change> changes = new ArrayList<>();
        List<FileRecord> files = new ArrayList<>(target.files());
        java.util.Collections.reverse(files);
        for (FileRecord file : files) {
            Path path = host.path(file.path());
            byte[] current = read(host, path, file.path());
            if (!force && !interrupted && !Objects.equals(current == null ? null : Sha256.of(current), file.newSha256())) {
                throw new DisktuneException(ExitCode.ENVIRONMENT, file.path() + " changed since " + target.id()
                        + " wrote it (sha256 differs); undo --force restores it anyway");
            }
            if (!file.existedBefore()) {
                if (current != null) {
                    changes.add(new DeleteFile(file.path(), current, reason));
                }
                continue;
            }
            byte[] before = backup(host, target, file);
            RollbackPlanner.restoring(host, file.path(), current, before, RollbackPlanner.modeBefore(List.of(target), file.path()), reason)
                    .ifPresent(changes::add);
        }
        changes.addAll(RollbackPlanner.attributeSteps(host, List.of(target), reason, new ArrayList<>()));
        changes.addAll(RollbackPlanner.programSteps(List.of(target), reason, new ArrayList<>()));
        return Optional.of(new UndoPlan(target, new Plan(changes)));
    }

    private static byte[] backup(Host host, JournalEntry target, FileRecord file) {
        if (file.backup() != null) {
            host.requireTrusted(file.backup(), "backup");
        }
        byte[] bytes = file.backup() == null ? null : read(host, host.path(file.backup()), file.backup());
        if (bytes == null || !Sha256.of(bytes).equals(file.oldSha256())) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "the backup " + file.backup() + " of " + file.path() + " is "
                    + (bytes == null ? "missing" : "damaged (sha256 differs)") + "; cannot undo " + target.id());
        }
        return bytes;
    }

    private static byte[] read(Host host, Path path, String shown) {
        try {
            if (Files.isDirectory(path)) {
                throw new DisktuneException(ExitCode.ENVIRONMENT, shown + " is a directory; cannot undo a file there");
            }
            return Files.exists(path) ? host.readAllBytes(path) : null;
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot read " + shown + ": " + PlanExecutor.oneLine(e), e);
        }
    }
}
