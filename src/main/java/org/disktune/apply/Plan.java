package org.disktune.apply;

import java.util.List;

/** What a planner wants done, in order: data only, printable by {@link PlanRenderer}, applied by {@link PlanExecutor}. */
public record Plan(List<Change> changes) {
    public Plan {
        changes = List.copyOf(changes);
    }

    public static Plan of(Change... changes) {
        return new Plan(List.of(changes));
    }

    public static Plan empty() {
        return new Plan(List.of());
    }

    /** True when nothing would change (after a successful apply, planning again must give this). */
    public boolean isEmpty() {
        return changes.isEmpty();
    }

    /** This plan followed by {@code other}'s changes. */
    public Plan then(Plan other) {
        return new Plan(java.util.stream.Stream.concat(changes.stream(), other.changes.stream()).toList());
    }
}
