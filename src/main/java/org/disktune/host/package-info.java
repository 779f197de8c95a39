/**
 * The one side-effect boundary: a {@link org.disktune.host.Host} is the machine under work, seen through a root
 * {@code Path} ({@link org.disktune.host.LinuxHost} the live machine, {@link org.disktune.host.RootedHost} a
 * {@code --root} tree, a bundled sample or a test's root, where {@link org.disktune.host.InRoot} resolves paths as a
 * chrooted process would), a command runner (process, chroot, refusing, with progress), the kernel log (/dev/kmsg
 * through the JDK's channel or JNA, klogctl, journalctl, or a saved file), block-device ioctls, atomic file writes
 * and the host lock. Every write, backup, journal entry and removal under a real root goes through
 * {@link org.disktune.host.AtomicFileWriter}, which reaches its directory through descriptors opened without following
 * links ({@link org.disktune.host.Beneath}: containment at the moment of use); state read back is trusted only when
 * root owns it and no one else can write it ({@link org.disktune.host.TrustedState}). Sample machines ({@link org.disktune.host.SampleMachines}) are parsed from their
 * {@code .machine} files into Jimfs, for every command. Every other package reaches the machine only through here.
 */
package org.disktune.host;
