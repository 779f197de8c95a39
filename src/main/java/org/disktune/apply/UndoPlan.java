package org.disktune.apply;

/** What undo would do: the entry it reverts and the plan that puts its files back. */
public record UndoPlan(JournalEntry target, Plan plan) {
}
