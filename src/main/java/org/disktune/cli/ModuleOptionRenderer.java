package org.disktune.cli;

import org.disktune.core.ExitCode;
import org.disktune.tuning.ModuleOptionResult;

/** The human view of modprobe set/unset, and the exit code it ends with. */
final class ModuleOptionRenderer {
    int render(Output output, String command, ModuleOptionResult r) {
        output.render(command, r, out -> {
            if (r.dryRun() && r.changed()) {
                out.print(r.plan());
                out.println("dry run: nothing was changed");
            } else if (!r.changed()) {
                out.println("nothing to change: " + r.option() + (r.value() == null ? " is not configured by disktune, and no image holds it"
                        : " is already configured and in every image") + " (" + String.join(", ", r.images()) + ")");
            } else {
                out.println((r.value() == null ? "removed " : "set ") + r.option() + " with " + r.generator() + " for kernel "
                        + String.join(", ", r.kernels()));
                out.println("images rebuilt and checked: " + String.join(", ", r.images()));
                out.println("journal " + r.journalId() + " (boot " + r.bootId() + "); undo with: disktune undo");
            }
            r.notes().forEach(n -> out.println("note: " + n));
            if (r.rebootNeeded()) {
                out.println("reboot needed" + (r.runningValue() == null ? "" : ": the running kernel has " + r.parameter() + "=" + r.runningValue()));
            }
        });
        return r.rebootNeeded() ? ExitCode.REBOOT_NEEDED.code() : ExitCode.OK.code();
    }
}
