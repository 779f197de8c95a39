/**
 * The kernel command line: one {@link org.disktune.boot.KernelParameter} ({@code module.param=value}) rendered
 * and read exactly as the kernel's {@code next_arg} (lib/cmdline.c) splits it, and
 * {@link org.disktune.boot.KernelCommandLine}, the arguments of a whole command line such as /proc/cmdline.
 * Pure values; nothing here reads or writes the machine.
 */
package org.disktune.boot;
