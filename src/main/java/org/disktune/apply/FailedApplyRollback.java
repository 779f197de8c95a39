package org.disktune.apply;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.core.Sha256;
import org.disktune.host.Host;

/**
 * Takes back an apply whose step failed, with the steps of the one {@link UndoStepPlanner} (forced: whatever the
 * files hold, their backups are what was there): files byte for byte from the entry's backups and their modes,
 * attributes to their old values, program settings through their undo programs (the setting whose program failed
 * changed nothing it could report, so it is not run back); then removes the directories the apply created. Each step
 * is checked after it is made. The entry is journaled "rolled-back" without its backups (which are removed), and the
 * exception to throw is ROLLED_BACK with one line naming what failed and what was put back (an {@link ApplyFailure}
 * cause carries the output). When taking back fails too, the entry is journaled "rollback-failed" naming its backups,
 * and the exception is ENVIRONMENT.
 */
final class FailedApplyRollback {
    private static final int OUTPUT_KEPT = 16_000;

    private final Host host;
    private final Journal journal;
    private final StepRunner runner;

    FailedApplyRollback(Host host, Journal journal, StepRunner runner) {
        this.host = host;
        this.journal = journal;
        this.runner = runner;
    }

    /** What was put back, for the message, in the order it was done. */
    private static final class PutBack {
        final List<String> restored = new ArrayList<>();
        final List<String> removed = new ArrayList<>();
        final List<String> setBack = new ArrayList<>();
        final List<String> modes = new ArrayList<>();
        final List<String> paths = new ArrayList<>();
        final List<String> unknown = new ArrayList<>();
    }

    /**
     * Takes back {@code done} (the plan's steps made so far, the failed one last) of {@code entry}, whose writes created
     * {@code created}; returns the exception for the apply to throw.
     */
    DisktuneException rollBack(JournalEntry entry, List<Change> done, List<String> created, StepRunner.Failure failure) {
        List<JournaledChange> undone = new ArrayList<>(done.stream().map(JournaledChange::of).toList());
        if (!undone.isEmpty() && !UndoNeeds.of(undone.subList(undone.size() - 1, undone.size())).settings().isEmpty()) {
            undone.remove(undone.size() - 1);
        }
        PutBack putBack = new PutBack();
        try {
            UndoStepPlanner.Steps steps = new UndoStepPlanner(host, "rollback").plan(List.of(entry.withChanges(undone)), "roll back", true);
            for (UndoStepPlanner.NotRestored gone : steps.notRestored()) {
                if (gone.deviceGone()) {
                    throw new IllegalStateException(gone.line());
                }
                putBack.unknown.add(gone.what());
            }
            for (Change step : steps.changes()) {
                make(step, putBack);
            }
            for (int i = created.size() - 1; i >= 0; i--) {
                host.files().deleteEmptyDirectory(host.node(created.get(i)));
            }
        } catch (RuntimeException e) {
            String why = failure.what() + "; restoring failed too (" + MachineState.oneLine(e) + "); the backups are in "
                    + Journal.BACKUPS + "/" + entry.id();
            saveQuietly(entry.failed(EntryState.ROLLBACK_FAILED, created, host.inMachineTerms(why), kept(failure.output())));
            return new DisktuneException(ExitCode.ENVIRONMENT, why, e);
        }
        // the journal names the machine's paths: it is read on the machine, and the tree may be elsewhere then
        saveQuietly(entry.failed(EntryState.ROLLED_BACK, List.of(), host.inMachineTerms(failure.what()), kept(failure.output()))
                .withoutBackups());
        // everything is back: the copies are not needed, and retries of a failing apply do not pile up whole images
        try {
            host.files().deleteTree(host.path(Journal.BACKUPS + "/" + entry.id()));
        } catch (RuntimeException e) {
            // the entry names none of them now: the next run removes the folder (CrashRecovery)
        }
        return new DisktuneException(ExitCode.ROLLED_BACK, message(failure, putBack),
                new ApplyFailure(entry.id(), failure.what(), failure.output(), putBack.paths));
    }

    /** Makes one step that puts something back, checks that it holds, and notes it in {@code putBack}. */
    private void make(Change step, PutBack putBack) {
        runner.run(step, new ArrayList<>()).ifPresent(f -> {
            throw new IllegalStateException(f.what());
        });
        step.accept(new ChangeVisitor<Void>() {
            @Override
            public Void writeFile(WriteFile write) {
                if (!Objects.equals(MachineState.sha(host, write.path()), Sha256.of(write.newBytes()))) {
                    throw new IllegalStateException(write.path() + " still differs from its backup");
                }
                if (!Arrays.equals(write.oldBytes(), write.newBytes())) {
                    putBack.restored.add(write.path());
                }
                if (write.changesMode()) {
                    putBack.modes.add("the mode of " + write.path() + " to " + write.newMode());
                }
                putBack.paths.add(write.path());
                return null;
            }

            @Override
            public Void deleteFile(DeleteFile delete) {
                if (MachineState.sha(host, delete.path()) != null) {
                    throw new IllegalStateException(delete.path() + " is still there");
                }
                putBack.removed.add(delete.path());
                putBack.paths.add(delete.path());
                return null;
            }

            @Override
            public Void runProgram(RunProgram program) {
                throw new IllegalStateException("taking back runs no program but setting ones: " + ShellWords.join(program.argv()));
            }

            @Override
            public Void verify(Verify verify) {
                return null;
            }

            @Override
            public Void writeAttribute(WriteAttribute attribute) {
                String now = MachineState.attribute(host, attribute.path());
                if (!attribute.newValue().equals(now)) {
                    throw new IllegalStateException(attribute.path() + " reads " + now + " after writing " + attribute.newValue());
                }
                putBack.setBack.add(attribute.path() + " to " + attribute.newValue());
                putBack.paths.add(attribute.path());
                return null;
            }

            @Override
            public Void writeReadAhead(WriteReadAhead readAhead) {
                long now = MachineState.readAheadKib(host, readAhead.device());
                if (now != readAhead.newKib()) {
                    throw new IllegalStateException(readAhead.target() + " reads ahead " + now + " KiB after setting " + readAhead.newKib());
                }
                putBack.setBack.add(readAhead.target() + " " + readAhead.setting() + " to " + readAhead.newKib());
                putBack.paths.add(readAhead.target());
                return null;
            }

            @Override
            public Void programSetting(ProgramSetting setting) {
                putBack.setBack.add(setting.target() + " " + setting.setting() + " to " + setting.newValue());
                putBack.paths.add(setting.target());
                return null;
            }
        });
    }

    private static String message(StepRunner.Failure failure, PutBack putBack) {
        StringBuilder message = new StringBuilder(failure.what());
        if (!putBack.restored.isEmpty()) {
            message.append("; restored ").append(MachineState.joinWords(putBack.restored));
        }
        if (!putBack.removed.isEmpty()) {
            message.append("; removed ").append(MachineState.joinWords(putBack.removed));
        }
        List<String> setBack = new ArrayList<>(putBack.setBack);
        setBack.addAll(putBack.modes);
        if (!setBack.isEmpty()) {
            message.append("; set back ").append(MachineState.joinWords(setBack));
        }
        if (!putBack.unknown.isEmpty()) {
            message.append("; could not set back ").append(MachineState.joinWords(putBack.unknown)).append(" (the value before was unknown)");
        }
        if (putBack.paths.isEmpty()) {
            message.append("; nothing had changed");
        }
        return message.toString();
    }

    private void saveQuietly(JournalEntry entry) {
        try {
            journal.save(entry);
        } catch (DisktuneException e) {
            // the machine is what matters; an entry left "applying" is shown by undo as interrupted
        }
    }

    private static String kept(String output) {
        return output.length() <= OUTPUT_KEPT ? output : output.substring(output.length() - OUTPUT_KEPT);
    }
}
