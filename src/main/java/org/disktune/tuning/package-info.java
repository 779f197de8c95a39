/**
 * Desired-state planning: turns a wish ("sata_nv adma=1", "rebuild the initramfs") into a
 * {@link org.disktune.apply.Plan} by reading the host (pure: nothing is written here), and the
 * services the commands call, which show such a plan ({@code --dry-run}) or check the
 * preconditions (root, the generator program) and apply it through
 * {@link org.disktune.apply.PlanExecutor}. Module options go to {@code /etc/modprobe.d/disktune.conf},
 * into the generator's configuration (mkinitcpio FILES or drop-in, dracut drop-in; initramfs-tools
 * copies modprobe.d itself), and into every rebuilt image, which is then checked byte for byte.
 */
package org.disktune.tuning;
