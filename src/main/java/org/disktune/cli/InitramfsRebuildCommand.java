package org.disktune.cli;

import java.util.concurrent.Callable;

import org.disktune.core.ExitCode;
import org.disktune.initramfs.rebuild.InitramfsRebuildService;
import org.disktune.initramfs.rebuild.RebuildResult;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** disktune initramfs rebuild: run the generator safely, with the old image kept until the new one is proven. */
@Command(name = "rebuild", mixinStandardHelpOptions = true,
        description = {
                "Rebuild the initramfs of every installed kernel (or --kernel) with the detected generator (mkinitcpio -p PRESET, "
                        + "dracut -f IMAGE KVER, update-initramfs -u -k KVER). Each image is backed up first; afterwards each must be "
                        + "readable and hold disktune's files byte for byte as on the host. If the generator fails or a check fails, "
                        + "the old images are put back, the generator's output is shown, and the exit code is 5.",
                "Exit 0 after a rebuild (the new image is used at the next boot). Needs root, except with --dry-run."})
final class InitramfsRebuildCommand implements Callable<Integer> {
    private final Session session;

    @Option(names = "--kernel", paramLabel = "KVER", description = "Rebuild only the initramfs of this kernel (a directory of /lib/modules).")
    private String kernel;

    @Option(names = "--dry-run", description = "Print the commands and checks; change nothing.")
    private boolean dryRun;

    InitramfsRebuildCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        RebuildResult result = ApplyFailureOutput.around(session, () -> new InitramfsRebuildService(session.host()).rebuild(kernel, dryRun));
        session.output().render("initramfs rebuild", result, out -> {
            if (result.dryRun()) {
                out.print(result.plan());
                out.println("dry run: nothing was changed");
            } else {
                out.println("rebuilt with " + result.generator() + " for kernel " + String.join(", ", result.kernels()) + ": "
                        + String.join(", ", result.images()) + " (checked)");
                out.println("journal " + result.journalId() + " (boot " + result.bootId() + "); undo with: disktune undo");
            }
            result.notes().forEach(n -> out.println("note: " + n));
        });
        return ExitCode.OK.code();
    }
}
