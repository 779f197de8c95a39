/**
 * The kernel command line: one {@link org.disktune.boot.KernelParameter} ({@code module.param=value}) rendered
 * and read exactly as the kernel's {@code next_arg} (lib/cmdline.c) splits it, and
 * {@link org.disktune.boot.KernelCommandLine}, the arguments of a whole command line such as /proc/cmdline (pure values);
 * the boot loaders' writers ({@link org.disktune.boot.CommandLineWriter}: GRUB on Debian's drop-in
 * {@link org.disktune.boot.GrubDropIn} and update-grub; every other GRUB through
 * {@link org.disktune.boot.GrubDefaultEditor}, the byte-preserving editor of GRUB_CMDLINE_LINUX in /etc/default/grub,
 * and grub-mkconfig or grub2-mkconfig, {@link org.disktune.boot.CommandLineOwnership} telling disktune's words in that
 * shared file) and {@link org.disktune.boot.CommandLinePlanner}, which reads the
 * machine and plans the file and the program run as {@code Change}s; nothing here writes.
 */
package org.disktune.boot;
