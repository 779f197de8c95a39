package org.disktune.cli;

import java.util.concurrent.Callable;

import org.disktune.core.ExitCode;
import org.disktune.apply.UndoService;
import org.disktune.apply.UndoService.UndoResult;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** disktune undo: revert the newest journaled change, files and images byte for byte. */
@Command(name = "undo", mixinStandardHelpOptions = true,
        description = {
                "Revert the newest change disktune applied (and did not undo yet): every file and initramfs image it touched is "
                        + "put back byte for byte from the backups in /var/lib/disktune/backups (with the mode it had, when disktune changed "
                        + "its mode), as a new journaled change. Refused "
                        + "when a file was changed since (use --force to restore it anyway) or a backup is missing. Directories "
                        + "the change created are removed once empty.",
                "Exit 3 (reboot needed) when an initramfs image or a boot file (/boot, /etc/modprobe.d/disktune.conf) was restored, "
                        + "0 when done otherwise (sysfs values, udev rules, fstab, the configuration) or when there is nothing to undo. "
                        + "Needs root, except with --dry-run."})
final class UndoCommand implements Callable<Integer> {
    private final Session session;

    @Option(names = "--dry-run", description = "Print what would be restored; change nothing.")
    private boolean dryRun;

    @Option(names = "--force", description = "Restore files even when they changed since, or when the change was interrupted.")
    private boolean force;

    UndoCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        UndoResult result = ApplyFailureOutput.around(session, () -> new UndoService(session.host()).undo(force, dryRun));
        session.output().render("undo", result, out -> {
            if (result.nothingToUndo()) {
                out.println("nothing to undo");
            } else if (dryRun) {
                out.println("would undo " + result.undoneId() + " (" + result.undoneDescription() + "):");
                out.print(result.plan());
                out.println("dry run: nothing was changed");
            } else {
                out.println(result.undoneDescription() + ": restored " + (result.restored().isEmpty() ? "nothing (everything was as before)"
                        : String.join(", ", result.restored())));
                out.println("journal " + result.journalId() + " (boot " + result.bootId() + ")");
            }
        });
        return !dryRun && result.rebootNeeded() ? ExitCode.REBOOT_NEEDED.code() : ExitCode.OK.code();
    }
}
