package org.disktune.cli;

import java.util.Optional;
import java.util.concurrent.Callable;

import org.disktune.apply.RollbackService;
import org.disktune.apply.RollbackService.RollbackResult;
import org.disktune.core.ExitCode;
import org.disktune.apply.ChangePreflight;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** disktune rollback [--to ID]: take back journaled changes, newest first. */
@Command(name = "rollback", mixinStandardHelpOptions = true,
        description = {"Revert journaled changes newest first: back to before change ID (ID included; see disktune history), or "
                + "without --to back to before disktune's first change. Files and initramfs images are put back byte for byte from "
                + "the backups (and to the mode they had, where disktune changed it), sysfs attributes to the values they had; a device that is gone is named and skipped, a disk whose "
                + "kernel name moved is found by its stable ID. One new journal entry; the reverted entries are marked undone. "
                + "Refused when a file was changed since disktune wrote it (--force restores it anyway); an image the "
                + "interrupted initramfs generator of a killed disktune wrote is restored without force, and that run's "
                + "temporary files and /boot/initrd.img-*.dpkg-bak are removed. Directories the changes created are removed "
                + "once empty.",
                "Exit 0 when done or nothing to roll back, 3 when an initramfs image or a boot file (/boot, /etc/modprobe.d/disktune.conf) "
                        + "was restored (reboot), 2 for an "
                        + "unknown ID, 4 when not root, 5 when a step failed and the rollback was put back. Needs root, except with --dry-run."})
final class RollbackCommand implements Callable<Integer> {
    private final Session session;

    @Option(names = "--to", paramLabel = "ID", description = "Roll back to before this journal entry (it included).")
    private String to;

    @Option(names = "--dry-run", description = "Print what would be restored; change nothing.")
    private boolean dryRun;

    @Option(names = "--force", description = "Restore files even when they changed since disktune wrote them.")
    private boolean force;

    RollbackCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        if (!dryRun) {
            ChangePreflight.requireRoot(session.host(), "rollback");
        }
        RollbackResult result = ApplyFailureOutput.around(session,
                () -> new RollbackService(session.host()).rollback(Optional.ofNullable(to), dryRun, force));
        session.output().render("rollback", result, out -> {
            if (result.nothingToRollBack()) {
                out.println("nothing to roll back");
                return;
            }
            if (dryRun) {
                out.println("would roll back " + String.join(", ", result.reverted()) + ":");
                out.print(result.plan());
            } else {
                out.println("rolled back " + String.join(", ", result.reverted()) + ": restored "
                        + (result.restored().isEmpty() ? "nothing (everything was as before)" : String.join(", ", result.restored())));
                out.println("journal " + result.journalId() + " (boot " + result.bootId() + ")");
                if (result.rebootNeeded()) {
                    out.println("reboot needed: the restored module options and kernel command line take effect at the next boot");
                }
            }
            result.notRestored().forEach(n -> out.println("not restored: " + n));
            if (dryRun) {
                out.println("dry run: nothing was changed");
            }
        });
        return !dryRun && result.rebootNeeded() ? ExitCode.REBOOT_NEEDED.code() : ExitCode.OK.code();
    }
}
