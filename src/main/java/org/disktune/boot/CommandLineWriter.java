package org.disktune.boot;

import java.util.List;
import java.util.Optional;

import org.disktune.detect.BootLoader;

/**
 * How one boot loader takes kernel command line parameters from disktune: the file disktune owns, its bytes for a
 * list of parameters and the list read back, and the program that regenerates the boot loader's configuration from
 * it with the files that program rewrites (backed up before it runs, restored when it fails and by rollback).
 * Sealed: a second boot loader is a new permitted writer, and every switch over them fails to compile until it is handled.
 */
public sealed interface CommandLineWriter permits GrubDebianWriter {
    /** disktune's own file, a machine path. */
    String file();

    /** The bytes of {@link #file()} for {@code parameters} (not empty). */
    byte[] render(List<KernelParameter> parameters);

    /** The parameters the file holds, empty when it is not in the shape disktune writes. */
    Optional<List<KernelParameter>> configured(byte[] file);

    /** The argument list that regenerates the boot loader's configuration. */
    List<String> regenerate();

    /** The files {@link #regenerate()} rewrites, machine paths. */
    List<String> regenerated();

    /** The distribution package that installs the program of {@link #regenerate()}. */
    String packageName();

    /** The writer for {@code loader}; empty for a boot loader disktune does not write the command line for. */
    static Optional<CommandLineWriter> of(BootLoader loader) {
        return switch (loader.kind()) {
            case GRUB_DEBIAN -> Optional.of(grubDebian());
            case GRUB_BLS, SYSTEMD_BOOT, GRUB, UNKNOWN -> Optional.empty();
        };
    }

    /** GRUB on Debian and Ubuntu: a drop-in in /etc/default/grub.d, then update-grub. */
    static CommandLineWriter grubDebian() {
        return new GrubDebianWriter();
    }
}
