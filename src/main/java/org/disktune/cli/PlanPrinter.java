package org.disktune.cli;

import java.io.PrintWriter;

import org.disktune.tuning.DesiredStateService.DesiredPlan;
import org.disktune.tuning.ModuleRoute;

/** The human view of a desired-state plan (plan, apply): the steps, then what is not applied, absent or worth a note. */
final class PlanPrinter {
    void print(DesiredPlan plan, PrintWriter out) {
        if (plan.plan().isEmpty() && plan.atNextBoot().isEmpty()) {
            out.println("nothing to change: the machine is in the desired state of " + plan.file());
        } else if (plan.plan().isEmpty()) {
            out.println("no file to change: the files are in the desired state of " + plan.file());
        } else {
            out.print(plan.rendered());
        }
        if (!plan.atNextBoot().isEmpty()) {
            out.println("at next boot (this is not the running machine: the udev rules, fstab and disktune.service make these when it boots):");
            plan.atNextBootRendered().lines().forEach(l -> out.println("  " + l));
        }
        plan.routes().forEach(r -> out.println("module parameter " + r.describe()));
        if (plan.routes().stream().anyMatch(r -> r.destination() == ModuleRoute.Destination.KERNEL_COMMAND_LINE)) {
            out.println("boot loader " + plan.commandLine().bootLoader().describe());
        }
        plan.absent().forEach(a -> out.println("absent: " + a));
        plan.warnings().forEach(w -> out.println("warning: " + w));
        plan.notes().forEach(n -> out.println("note: " + n));
    }
}
