/**
 * Desired-state planning: turns a wish into a {@link org.disktune.apply.Plan} without writing anything.
 *
 * <p>Runtime settings: {@link org.disktune.tuning.DesiredStatePlanner} weighs the {@code [disk]}, {@code [md]} and
 * {@code [mount]} sections of a {@link org.disktune.config.DesiredState} against a
 * {@link org.disktune.detect.MachineReport} read beforehand (pure: no host) and returns a
 * {@link org.disktune.tuning.TuningPlan}: each {@link org.disktune.tuning.EffectiveSetting} per device, the sysfs
 * writes ({@link org.disktune.apply.WriteAttribute}), configuration errors (then no writes at all), sections that
 * match nothing and notes. {@link org.disktune.tuning.DiskFactsBuilder} gathers what {@code match.*} keys see of a
 * disk; {@code SettingTable} is the machine side of every {@link org.disktune.config.Setting} (how it is read,
 * what the device accepts). {@link org.disktune.tuning.InitProposer} proposes a commented disktune.conf for a
 * machine ({@code disktune init}).
 *
 * <p>Module options: a wish such as "sata_nv adma=1" goes to {@code /etc/modprobe.d/disktune.conf}, into the
 * generator's configuration (mkinitcpio FILES or drop-in, dracut drop-in; initramfs-tools copies modprobe.d
 * itself) and into every rebuilt image, which is then checked byte for byte; these planners read the host, and
 * the services the commands call show such a plan ({@code --dry-run}) or check the preconditions (root, the
 * generator program) and apply it through {@link org.disktune.apply.PlanExecutor}.
 */
package org.disktune.tuning;
