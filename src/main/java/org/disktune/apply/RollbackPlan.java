package org.disktune.apply;

import java.util.List;

/**
 * What a rollback would do: the entries it reverts (newest first), the plan that puts their files and
 * attributes back, and one line per attribute that cannot be put back because its device is gone
 * ("could not restore /sys/block/sdc/queue/scheduler: device gone").
 */
public record RollbackPlan(List<JournalEntry> targets, Plan plan, List<String> notRestored) {
    public RollbackPlan {
        targets = List.copyOf(targets);
        notRestored = List.copyOf(notRestored);
    }
}
