/**
 * Rebuilding initramfs images: {@link org.disktune.initramfs.rebuild.InitramfsRebuildPlanner} finds the generator and
 * the runs it makes (one per distinct command; a mkinitcpio preset may serve several kernels), each followed by the
 * check of the images it rewrote ({@link org.disktune.initramfs.rebuild.InitramfsPostconditionChecker});
 * {@link org.disktune.initramfs.rebuild.InitramfsRebuildService} backs {@code disktune initramfs rebuild}.
 */
package org.disktune.initramfs.rebuild;
