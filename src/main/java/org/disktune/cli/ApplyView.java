package org.disktune.cli;

import org.disktune.tuning.DesiredStateService.ApplyResult;

/** The JSON form of apply: the plan (as for plan), whether it was a dry run, the journal entry and the reboot. */
record ApplyView(boolean dryRun, boolean changed, String journalId, String bootId, boolean rebootNeeded, PlanView plan) {
    static ApplyView of(ApplyResult r) {
        return new ApplyView(r.dryRun(), r.changed(), r.journalId(), r.bootId(), r.rebootNeeded(), PlanView.of(r.planned()));
    }
}
