package org.disktune.apply;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.core.FileMode;
import org.disktune.core.Sha256;
import org.disktune.host.Host;

/**
 * Plans a rollback of several journal entries as one ordinary {@link Plan} (so {@code --dry-run} renders
 * it and the executor journals it as one entry). Reverted are the entries that were applied (or left
 * "applying" by a crash) and not yet reverted, excluding undo and rollback entries themselves: with an
 * id, that entry and every later one; without, all of them (back to before disktune's first change).
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
        List<Change> changes = new ArrayList<>(fileSteps(host, targets, reason, force));
        List<String> notRestored = new ArrayList<>();
        changes.addAll(attributeSteps(host, targets, reason, notRestored));
        changes.addAll(programSteps(targets, reason, notRestored));
        return Optional.of(new RollbackPlan(targets, new Plan(changes), notRestored));
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

    /** {@code newestFirst}'s files put back, the newest entry's files first. */
    private static List<Change> fileSteps(Host host, List<JournalEntry> newestFirst, String reason, boolean force) {
        Map<String, FileRecord> earliest = new LinkedHashMap<>();
        Map<String, JournalEntry> earliestEntry = new LinkedHashMap<>();
        for (JournalEntry entry : newestFirst) {
            for (FileRecord file : entry.files()) {
                earliest.put(file.path(), file);
                earliestEntry.put(file.path(), entry);
            }
        }
        List<Change> changes = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (JournalEntry newest : newestFirst) {
            List<FileRecord> files = new ArrayList<>(newest.files());
            java.util.Collections.reverse(files);
            for (FileRecord file : files) {
                if (!seen.add(file.path())) {
                    continue;
                }
                FileRecord first = earliest.get(file.path());
                byte[] current = read(host, file.path());
                String currentSha = current == null ? null : Sha256.of(current);
                Optional<FileMode> mode = modeBefore(newestFirst, file.path());
                if (Objects.equals(currentSha, first.oldSha256())) {
                    restoring(host, file.path(), current, current, mode, reason).ifPresent(changes::add);
                    continue;
                }
                if (!force && !leftBy(newest, file).contains(currentSha) && !generatorWrote(host, newest, file, currentSha)) {
                    throw new DisktuneException(ExitCode.ENVIRONMENT, file.path() + " changed since " + newest.id()
                            + " wrote it (sha256 differs); rollback --force restores it anyway");
                }
                if (!first.existedBefore()) {
                    changes.add(new DeleteFile(file.path(), current, reason));
                } else {
                    byte[] before = backup(host, earliestEntry.get(file.path()), first);
                    restoring(host, file.path(), current, before, mode, reason).ifPresent(changes::add);
                }
            }
        }
        return changes;
    }

    /**
     * The mode {@code path} had before the oldest of {@code newestFirst} that changed it (empty: none changed its mode,
     * or the entries were written before modes were journaled). Shared with undo.
     */
    static Optional<FileMode> modeBefore(List<JournalEntry> newestFirst, String path) {
        Optional<FileMode> oldest = Optional.empty();
        for (JournalEntry entry : newestFirst) {
            for (ChangeRecord change : entry.changes()) {
                if (path.equals(change.path()) && change.modeBefore().isPresent()) {
                    oldest = change.modeBefore();
                    break; // the first in the entry is the mode before it
                }
            }
        }
        return oldest;
    }

    /**
     * The write that puts {@code path} back to the bytes {@code before} and, when one is known, its {@code mode} before
     * disktune; empty when it holds both now. Shared with undo.
     */
    static Optional<Change> restoring(Host host, String path, byte[] current, byte[] before, Optional<FileMode> mode, String reason) {
        Optional<FileMode> now = current == null ? Optional.empty() : host.mode(path);
        if (mode.isPresent() && now.isPresent() && !now.equals(mode)) {
            return Optional.of(new WriteFile(path, current, before, now.get(), mode.get(), reason));
        }
        return java.util.Arrays.equals(current, before) ? Optional.empty() : Optional.of(new WriteFile(path, current, before, reason));
    }

    /**
     * The hashes {@code file} may have after {@code entry} (null = absent): its new hash when applied; for an
     * entry interrupted while applying, its old hash or any a step meant to write.
     */
    private static Set<String> leftBy(JournalEntry entry, FileRecord file) {
        Set<String> shas = new HashSet<>();
        if (entry.state() == EntryState.APPLIED) {
            shas.add(file.newSha256());
            return shas;
        }
        shas.add(file.oldSha256());
        for (ChangeRecord change : entry.changes()) {
            if (file.path().equals(change.path())
                    && (change.kind() == ChangeKind.WRITE_FILE || change.kind() == ChangeKind.DELETE_FILE)) {
                shas.add(change.newSha256());
            }
        }
        return shas;
    }

    /**
     * True when {@code file} of an entry interrupted while applying holds what its own initramfs generator wrote (see
     * {@link GeneratorRun#wrote}): a file the generator of the entry produces, its run journaled.
     */
    private static boolean generatorWrote(Host host, JournalEntry entry, FileRecord file, String currentSha) {
        boolean produced = entry.changes().stream()
                .anyMatch(c -> c.kind() == ChangeKind.RUN_PROGRAM && c.producesFiles().contains(file.path()));
        return entry.state() == EntryState.APPLYING && produced && entry.generatorRun() != null
                && entry.generatorRun().wrote(host, file.path(), currentSha);
    }

    /**
     * Steps that set every attribute {@code newestFirst} wrote back to its oldest old value, on the device as
     * it is named now; devices that are gone are added to {@code notRestored}. Shared with undo.
     */
    static List<Change> attributeSteps(Host host, List<JournalEntry> newestFirst, String reason, List<String> notRestored) {
        Map<String, ChangeRecord> oldest = new LinkedHashMap<>();
        Map<String, String> devices = new LinkedHashMap<>();
        for (JournalEntry entry : newestFirst) {
            List<ChangeRecord> records = new ArrayList<>(entry.changes());
            java.util.Collections.reverse(records);
            for (ChangeRecord record : records) {
                if (record.kind() != ChangeKind.WRITE_ATTRIBUTE || record.path() == null || record.oldValue() == null) {
                    continue;
                }
                Optional<String[]> now = locate(host, record);
                if (now.isEmpty()) {
                    String gone = "could not restore " + record.path() + ": device gone";
                    if (!notRestored.contains(gone)) {
                        notRestored.add(gone);
                    }
                    continue;
                }
                String path = now.get()[0];
                // newest first: a later (older) record replaces the value, keeping the first-seen position
                oldest.put(path, record);
                devices.put(path, now.get()[1]);
            }
        }
        List<Change> changes = new ArrayList<>();
        List<Map.Entry<String, ChangeRecord>> ordered = new ArrayList<>(oldest.entrySet());
        ordered.sort(java.util.Comparator.comparing(e -> !SysfsOrder.resetsOthers(e.getKey()))); // schedulers first, stable
        for (Map.Entry<String, ChangeRecord> e : ordered) {
            String path = e.getKey();
            ChangeRecord record = e.getValue();
            String current = PlanExecutor.readAttribute(host, path);
            if (!current.equals(record.oldValue())) {
                changes.add(new WriteAttribute(path, devices.get(path), record.identity(), current, record.oldValue(), reason));
            }
        }
        return changes;
    }

    /**
     * Steps that put every drive feature and mount option {@code newestFirst} set through a program back to its
     * oldest old value, by running the journaled undo program (hdparm names the disk by its /dev/disk/by-id path,
     * so a moved kernel name does not matter). A setting whose old value was unknown (hdparm cannot read a drive's
     * standby timer) is added to {@code notRestored}, never guessed. Shared with undo.
     */
    static List<Change> programSteps(List<JournalEntry> newestFirst, String reason, List<String> notRestored) {
        Map<String, ChangeRecord> oldest = new LinkedHashMap<>();
        for (JournalEntry entry : newestFirst) {
            List<ChangeRecord> records = new ArrayList<>(entry.changes());
            java.util.Collections.reverse(records);
            for (ChangeRecord record : records) {
                if (record.kind() == ChangeKind.PROGRAM_SETTING && record.path() != null && record.setting() != null) {
                    oldest.put(record.path() + " " + record.setting(), record);
                }
            }
        }
        List<Change> changes = new ArrayList<>();
        for (ChangeRecord record : oldest.values()) {
            if (record.oldValue() == null || record.undoArgv().isEmpty()) {
                String unknown = "could not restore " + record.path() + " " + record.setting() + ": its value before disktune was unknown";
                if (!notRestored.contains(unknown)) {
                    notRestored.add(unknown);
                }
                continue;
            }
            changes.add(new ProgramSetting(record.path(), record.device(), record.identity(), record.setting(), record.newValue(), record.oldValue(),
                    record.undoArgv(), record.argv(), reason));
        }
        return changes;
    }

    /** The attribute's path and kernel name now: through its identity when that resolves, else as journaled. */
    private static Optional<String[]> locate(Host host, ChangeRecord record) {
        String device = record.device();
        Optional<String> named = host.deviceByIdentity(record.identity());
        if (named.isPresent() && device != null) {
            String prefix = "/sys/block/" + device + "/";
            if (record.path().startsWith(prefix)) {
                String moved = "/sys/block/" + named.get() + "/" + record.path().substring(prefix.length());
                if (Files.exists(host.path(moved))) {
                    return Optional.of(new String[] {moved, named.get()});
                }
            }
        }
        if (Files.exists(host.path(record.path()))) {
            return Optional.of(new String[] {record.path(), device == null ? "" : device});
        }
        return Optional.empty();
    }

    private static byte[] backup(Host host, JournalEntry entry, FileRecord file) {
        if (file.backup() != null) {
            host.requireTrusted(file.backup(), "backup");
        }
        byte[] bytes = file.backup() == null ? null : read(host, file.backup());
        if (bytes == null || !Sha256.of(bytes).equals(file.oldSha256())) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "the backup " + file.backup() + " of " + file.path() + " is "
                    + (bytes == null ? "missing" : "damaged (sha256 differs)") + "; cannot roll back " + entry.id());
        }
        return bytes;
    }

    private static byte[] read(Host host, String machinePath) {
        Path path = host.path(machinePath);
        try {
            if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                throw new DisktuneException(ExitCode.ENVIRONMENT, machinePath + " is a directory; cannot put a file back there");
            }
            return Files.exists(path) ? host.readAllBytes(path) : null;
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot read " + machinePath + ": " + PlanExecutor.oneLine(e), e);
        }
    }
}
