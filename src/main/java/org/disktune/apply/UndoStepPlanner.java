package org.disktune.apply;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
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
 * The one planner of the steps that take journal entries back: for {@code undo}, for {@code rollback}, and for an
 * apply that failed half way (its entry with the changes done so far). The steps are ordinary {@link Change}s, files
 * first (the newest entry's newest file first), then attributes (schedulers first: switching one resets its device's
 * nr_requests, see {@link SysfsOrder}), then readaheads set by ioctl, then program settings.
 * <ul>
 * <li>Each file goes back to its state before the oldest entry that touched it: that entry's backup byte for byte (its
 * sha256 checked), or deleted when it did not exist then, with the mode it had before the first write that changed its
 * mode. A file that already holds that is left alone.</li>
 * <li>A file that changed since disktune wrote it (it holds neither its state before nor what a step of the newest
 * entry left) is refused, one line, unless {@code force}; for an entry interrupted while applying, an image its own
 * initramfs generator wrote counts as left by it ({@link GeneratorRun#wrote}).</li>
 * <li>Each sysfs attribute goes back to the oldest old value, on its device found by identity when the kernel name
 * moved; an attribute whose device is gone is {@linkplain NotRestored not restored}, not a failure. Values are not
 * compared with what disktune wrote (udev, an admin or a reboot change them legitimately).</li>
 * <li>Each readahead set through BLKRASET goes back to its oldest old value, on its device found by identity when the
 * kernel name moved; one whose device is gone is not restored.</li>
 * <li>Each program setting goes back to its oldest old value through the journaled undo program; one whose old value
 * was unknown is not restored, never guessed.</li>
 * </ul>
 */
final class UndoStepPlanner {
    /** What could not be put back, and why. */
    record NotRestored(String what, boolean deviceGone) {
        /** "could not restore /sys/block/sdc/queue/scheduler: device gone", as undo and rollback say it. */
        String line() {
            return "could not restore " + what + (deviceGone ? ": device gone" : ": its value before disktune was unknown");
        }
    }

    /** The steps, and what they cannot put back. */
    record Steps(List<Change> changes, List<NotRestored> notRestored) {
        Steps {
            changes = List.copyOf(changes);
            notRestored = List.copyOf(notRestored);
        }

        List<String> notRestoredLines() {
            return notRestored.stream().map(NotRestored::line).toList();
        }
    }

    private final Host host;
    /** The command that takes back ("undo", "rollback"), as the refusals name it. */
    private final String command;

    UndoStepPlanner(Host host, String command) {
        this.host = host;
        this.command = command;
    }

    /** The steps that take back {@code newestFirst}; see the class comment. */
    Steps plan(List<JournalEntry> newestFirst, String reason, boolean force) {
        List<Change> changes = new ArrayList<>(fileSteps(newestFirst, reason, force));
        List<NotRestored> notRestored = new ArrayList<>();
        changes.addAll(attributeSteps(newestFirst, reason, notRestored));
        changes.addAll(readAheadSteps(newestFirst, reason, notRestored));
        changes.addAll(settingSteps(newestFirst, reason, notRestored));
        return new Steps(changes, notRestored.stream().distinct().toList());
    }

    private List<Change> fileSteps(List<JournalEntry> newestFirst, String reason, boolean force) {
        Map<String, FileRecord> earliest = new LinkedHashMap<>();
        Map<String, JournalEntry> earliestEntry = new LinkedHashMap<>();
        Map<String, FileMode> modeBefore = new LinkedHashMap<>();
        for (JournalEntry entry : newestFirst) {
            UndoNeeds needs = UndoNeeds.of(entry.changes());
            for (FileRecord file : entry.files()) {
                earliest.put(file.path(), file);
                earliestEntry.put(file.path(), entry);
                needs.modeBefore(file.path()).ifPresent(m -> modeBefore.put(file.path(), m));
            }
        }
        List<Change> changes = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (JournalEntry newest : newestFirst) {
            UndoNeeds needs = UndoNeeds.of(newest.changes());
            List<FileRecord> files = new ArrayList<>(newest.files());
            Collections.reverse(files);
            for (FileRecord file : files) {
                if (!seen.add(file.path())) {
                    continue;
                }
                FileRecord first = earliest.get(file.path());
                byte[] current = MachineState.bytes(host, file.path());
                String currentSha = current == null ? null : Sha256.of(current);
                Optional<FileMode> mode = Optional.ofNullable(modeBefore.get(file.path()));
                if (Objects.equals(currentSha, first.oldSha256())) {
                    restoring(file.path(), current, current, mode, reason).ifPresent(changes::add);
                    continue;
                }
                if (!force && !leftBy(newest, needs, file).contains(currentSha) && !generatorWrote(newest, needs, file, currentSha)) {
                    throw new DisktuneException(ExitCode.ENVIRONMENT, file.path() + " changed since " + newest.id()
                            + " wrote it (sha256 differs); " + command + " --force restores it anyway");
                }
                if (!first.existedBefore()) {
                    changes.add(new DeleteFile(file.path(), current, reason));
                } else {
                    byte[] before = backup(earliestEntry.get(file.path()), first);
                    restoring(file.path(), current, before, mode, reason).ifPresent(changes::add);
                }
            }
        }
        return changes;
    }

    /** The write that puts {@code path} back to {@code before} and its {@code mode} before disktune; empty when it holds both. */
    private Optional<Change> restoring(String path, byte[] current, byte[] before, Optional<FileMode> mode, String reason) {
        Optional<FileMode> now = current == null ? Optional.empty() : host.mode(path);
        if (mode.isPresent() && now.isPresent() && !now.equals(mode)) {
            return Optional.of(new WriteFile(path, current, before, now.get(), mode.get(), reason));
        }
        return java.util.Arrays.equals(current, before) ? Optional.empty() : Optional.of(new WriteFile(path, current, before, reason));
    }

    /**
     * The hashes {@code file} may have after {@code entry} (null = absent): its new hash when applied; for an entry
     * interrupted while applying, its old hash or any a step meant to leave.
     */
    private static Set<String> leftBy(JournalEntry entry, UndoNeeds needs, FileRecord file) {
        Set<String> shas = new HashSet<>();
        if (entry.state() == EntryState.APPLIED) {
            shas.add(file.newSha256());
            return shas;
        }
        shas.add(file.oldSha256());
        shas.addAll(needs.shasLeft(file.path()));
        return shas;
    }

    /** True when {@code file} of an entry interrupted while applying holds what its own initramfs generator wrote. */
    private boolean generatorWrote(JournalEntry entry, UndoNeeds needs, FileRecord file, String currentSha) {
        return entry.state() == EntryState.APPLYING && needs.produces(file.path()) && entry.generatorRun() != null
                && entry.generatorRun().wrote(host, file.path(), currentSha);
    }

    private List<Change> attributeSteps(List<JournalEntry> newestFirst, String reason, List<NotRestored> notRestored) {
        Map<String, JournaledChange.AttributeWrite> oldest = new LinkedHashMap<>();
        Map<String, String> devices = new LinkedHashMap<>();
        for (JournalEntry entry : newestFirst) {
            List<JournaledChange.AttributeWrite> writes = new ArrayList<>(UndoNeeds.of(entry.changes()).attributes());
            Collections.reverse(writes);
            for (JournaledChange.AttributeWrite write : writes) {
                Optional<String[]> now = locate(write);
                if (now.isEmpty()) {
                    notRestored.add(new NotRestored(write.path(), true));
                    continue;
                }
                // newest first: an older write replaces the value, keeping the first-seen position
                oldest.put(now.get()[0], write);
                devices.put(now.get()[0], now.get()[1]);
            }
        }
        List<Change> changes = new ArrayList<>();
        List<Map.Entry<String, JournaledChange.AttributeWrite>> ordered = new ArrayList<>(oldest.entrySet());
        ordered.sort(Comparator.comparing(e -> !SysfsOrder.resetsOthers(e.getKey()))); // schedulers first, stable
        for (Map.Entry<String, JournaledChange.AttributeWrite> e : ordered) {
            String path = e.getKey();
            JournaledChange.AttributeWrite write = e.getValue();
            String current = MachineState.attribute(host, path);
            if (!current.equals(write.oldValue())) {
                changes.add(new WriteAttribute(path, devices.get(path), write.identity(), current, write.oldValue(), reason));
            }
        }
        return changes;
    }

    private List<Change> readAheadSteps(List<JournalEntry> newestFirst, String reason, List<NotRestored> notRestored) {
        Map<String, JournaledChange.ReadAheadWrite> oldest = new LinkedHashMap<>();
        for (JournalEntry entry : newestFirst) {
            List<JournaledChange.ReadAheadWrite> writes = new ArrayList<>(UndoNeeds.of(entry.changes()).readAheads());
            Collections.reverse(writes);
            for (JournaledChange.ReadAheadWrite write : writes) {
                String device = host.deviceByIdentity(write.identity()).orElse(write.device());
                if (!Files.exists(host.path("/sys/block/" + device))) {
                    notRestored.add(new NotRestored(write.path(), true));
                    continue;
                }
                oldest.put(device, write);
            }
        }
        List<Change> changes = new ArrayList<>();
        for (Map.Entry<String, JournaledChange.ReadAheadWrite> e : oldest.entrySet()) {
            JournaledChange.ReadAheadWrite write = e.getValue();
            long current = MachineState.readAheadKib(host, e.getKey());
            long old = Long.parseLong(write.oldValue());
            if (current != old) {
                changes.add(new WriteReadAhead(e.getKey(), write.identity(), write.setting(), current, old, reason));
            }
        }
        return changes;
    }

    private static List<Change> settingSteps(List<JournalEntry> newestFirst, String reason, List<NotRestored> notRestored) {
        Map<String, JournaledChange.SettingRun> oldest = new LinkedHashMap<>();
        for (JournalEntry entry : newestFirst) {
            List<JournaledChange.SettingRun> settings = new ArrayList<>(UndoNeeds.of(entry.changes()).settings());
            Collections.reverse(settings);
            settings.forEach(s -> oldest.put(s.what(), s));
        }
        List<Change> changes = new ArrayList<>();
        for (JournaledChange.SettingRun s : oldest.values()) {
            if (s.oldValue() == null || s.undoArgv().isEmpty()) {
                notRestored.add(new NotRestored(s.what(), false));
                continue;
            }
            changes.add(new ProgramSetting(s.path(), s.device(), s.identity(), s.setting(), s.newValue(), s.oldValue(), s.undoArgv(),
                    s.argv(), reason));
        }
        return changes;
    }

    /** The attribute's path and kernel name now: through its identity when that resolves, else as journaled. */
    private Optional<String[]> locate(JournaledChange.AttributeWrite write) {
        String device = write.device();
        Optional<String> named = host.deviceByIdentity(write.identity());
        if (named.isPresent() && device != null) {
            String prefix = "/sys/block/" + device + "/";
            if (write.path().startsWith(prefix)) {
                String moved = "/sys/block/" + named.get() + "/" + write.path().substring(prefix.length());
                if (Files.exists(host.path(moved))) {
                    return Optional.of(new String[] {moved, named.get()});
                }
            }
        }
        if (Files.exists(host.path(write.path()))) {
            return Optional.of(new String[] {write.path(), device == null ? "" : device});
        }
        return Optional.empty();
    }

    private byte[] backup(JournalEntry entry, FileRecord file) {
        if (file.backup() != null) {
            host.requireTrusted(file.backup(), "backup");
        }
        byte[] bytes = file.backup() == null ? null : MachineState.bytes(host, file.backup());
        if (bytes == null || !Sha256.of(bytes).equals(file.oldSha256())) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "the backup " + file.backup() + " of " + file.path() + " is "
                    + (bytes == null ? "missing" : "damaged (sha256 differs)") + "; cannot " + ("rollback".equals(command) ? "roll back" : command)
                    + " " + entry.id());
        }
        return bytes;
    }
}
