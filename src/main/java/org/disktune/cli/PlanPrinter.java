package org.disktune.cli;

import java.io.PrintWriter;

import org.disktune.tuning.DesiredStateService.DesiredPlan;
import org.disktune.tuning.EffectiveSetting;

/** The human view of a desired-state plan (plan, apply): the steps, then what is not applied, absent or worth a note. */
final class PlanPrinter {
    void print(DesiredPlan plan, PrintWriter out) {
        if (plan.plan().isEmpty()) {
            out.println("nothing to change: the machine is in the desired state of " + plan.file());
        } else {
            out.print(plan.rendered());
        }
        for (EffectiveSetting s : plan.deferred()) {
            out.println("not applied by this version: " + s.target() + " " + s.setting().key() + " = " + s.wanted()
                    + " (" + s.origin().origin() + "; hdparm settings and mount options are applied from the persistence release on)");
        }
        plan.absent().forEach(a -> out.println("absent: " + a));
        plan.warnings().forEach(w -> out.println("warning: " + w));
        plan.notes().forEach(n -> out.println("note: " + n));
    }
}
