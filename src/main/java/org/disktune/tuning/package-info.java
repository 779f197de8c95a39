/**
 * Desired-state planning, pure over values read beforehand: {@link org.disktune.tuning.DesiredStatePlanner}
 * turns a {@link org.disktune.config.DesiredState} and a {@link org.disktune.detect.MachineReport} into a
 * {@link org.disktune.tuning.TuningPlan} (every effective setting with its origin and status, the sysfs
 * {@link org.disktune.apply.WriteAttribute} steps, configuration errors with their lines, absent targets);
 * {@link org.disktune.tuning.InitProposer} proposes a configuration; {@link org.disktune.tuning.ModuleOptionPlanner}
 * renders the {@code [module]} sections into {@code /etc/modprobe.d/disktune.conf}, the generator configuration
 * (mkinitcpio FILES or drop-in, dracut drop-in; initramfs-tools copies modprobe.d itself) and the rebuilds,
 * each checked by an {@link org.disktune.apply.ImageHolds} post-condition. The services
 * ({@link org.disktune.tuning.DesiredStateService}, {@link org.disktune.tuning.ModuleOptionService},
 * {@link org.disktune.tuning.InitService}, ...) are what the commands call: they check the preconditions (root,
 * the generator program) and apply a plan through {@link org.disktune.apply.PlanExecutor}.
 */
package org.disktune.tuning;
