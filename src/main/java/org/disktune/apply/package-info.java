/**
 * The only code that changes the machine. A {@link org.disktune.apply.Plan} is data (a list of
 * {@link org.disktune.apply.Change}s: write or delete a file, write a sysfs attribute, run a
 * program, check a {@link org.disktune.apply.Postcondition}; handled through
 * {@link org.disktune.apply.ChangeVisitor}, so a new kind of step fails at compile time); {@link org.disktune.apply.PlanRenderer} shows it as unified diffs for
 * {@code --dry-run}; {@link org.disktune.apply.PlanExecutor} applies it under the host lock
 * ({@code /run/disktune/lock}), after backing up every file it may touch under
 * {@code /var/lib/disktune/backups/<id>/} and journaling the attempt in
 * {@code /var/lib/disktune/journal/<id>.json}, and restores everything byte for byte when a step
 * fails. {@link org.disktune.apply.UndoPlanner} and {@link org.disktune.apply.UndoExecutor} revert
 * the newest applied entry from its backups, as a new journaled plan.
 */
package org.disktune.apply;
