package org.disktune.cli;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

import org.disktune.apply.FileRecord;
import org.disktune.apply.JournalEntry;
import org.disktune.apply.PlanRenderer;
import org.disktune.apply.UndoExecutor;
import org.disktune.apply.UndoPlan;
import org.disktune.apply.UndoPlanner;
import org.disktune.core.ExitCode;
import org.disktune.tuning.ChangePreflight;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** disktune undo: revert the newest journaled change, files and images byte for byte. */
@Command(name = "undo", mixinStandardHelpOptions = true,
        description = {
                "Revert the newest change disktune applied (and did not undo yet): every file and initramfs image it touched is "
                        + "put back byte for byte from the backups in /var/lib/disktune/backups, as a new journaled change. Refused "
                        + "when a file was changed since (use --force to restore it anyway) or a backup is missing.",
                "Exit 3 (reboot needed) when files were restored, 0 when there is nothing to undo. Needs root, except with --dry-run."})
final class UndoCommand implements Callable<Integer> {
    private final Session session;

    @Option(names = "--dry-run", description = "Print what would be restored; change nothing.")
    private boolean dryRun;

    @Option(names = "--force", description = "Restore files even when they changed since, or when the change was interrupted.")
    private boolean force;

    UndoCommand(Session session) {
        this.session = session;
    }

    /** The JSON view: the entry undone, the new entry (null for a dry run) and the files put back. */
    record UndoResult(boolean dryRun, String undoneId, String undoneDescription, String journalId, String bootId, List<String> restored,
            String plan) {
    }

    @Override
    public Integer call() {
        UndoResult result;
        if (dryRun) {
            Optional<UndoPlan> plan = new UndoPlanner().plan(session.host(), force);
            result = plan.map(p -> new UndoResult(true, p.target().id(), p.target().description(), null, null,
                    p.target().files().stream().map(FileRecord::path).toList(), new PlanRenderer().render(p.plan()))).orElse(null);
        } else {
            ChangePreflight.requireRoot(session.host(), "undo");
            Optional<JournalEntry> entry = ApplyFailureOutput.around(session, () -> new UndoExecutor().undo(session.host(), force));
            result = entry.map(e -> new UndoResult(false, e.undoOf(), e.description(), e.id(), e.bootId(),
                    e.files().stream().filter(f -> !java.util.Objects.equals(f.oldSha256(), f.newSha256())).map(FileRecord::path).toList(),
                    null)).orElse(null);
        }
        UndoResult shown = result == null ? new UndoResult(dryRun, null, null, null, null, List.of(), "") : result;
        session.output().render("undo", shown, out -> {
            if (result == null) {
                out.println("nothing to undo");
            } else if (dryRun) {
                out.println("would undo " + result.undoneId() + " (" + result.undoneDescription() + "):");
                out.print(result.plan());
                out.println("dry run: nothing was changed");
            } else {
                out.println(result.undoneDescription() + ": restored " + (result.restored().isEmpty() ? "nothing (every file was as before)"
                        : String.join(", ", result.restored())));
                out.println("journal " + result.journalId() + " (boot " + result.bootId() + ")");
            }
        });
        boolean restored = result != null && !dryRun && !result.restored().isEmpty();
        return restored ? ExitCode.REBOOT_NEEDED.code() : ExitCode.OK.code();
    }
}
