package org.disktune.boot;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.disktune.detect.BootLoader;
import org.disktune.host.Host;

/**
 * How one boot loader takes kernel command line parameters from disktune: the file that carries them (disktune's own
 * drop-in, or a command line shared with the administrator such as /etc/kernel/cmdline), its bytes edited from what it
 * holds to what is wanted, the list read back, and the runs of the program that regenerate the boot loader's
 * configuration, with the files each rewrites (backed up before it runs, restored when it fails and by rollback).
 * A writer holds what it read of the machine when it was made ({@link #of}), so every method is pure.
 * Sealed: a new boot loader is a new permitted writer, and every switch over them fails to compile until it is handled.
 */
public sealed interface CommandLineWriter permits GrubDebianWriter, KernelInstallWriter, GrubbyWriter {
    /** The file that carries the parameters, a machine path. */
    String file();

    /**
     * The bytes of {@link #file()} holding {@code wanted} as disktune's parameters, from {@code current} (null when the
     * file is absent); null when the file goes. {@code managed}: the modules whose parameters are disktune's (those
     * with a {@code [module]} section), which a writer of a shared file needs to remove a parameter no longer wanted.
     */
    byte[] render(byte[] current, List<KernelParameter> wanted, Set<String> managed);

    /** The parameters the file holds, empty when it is not in the shape disktune writes. */
    Optional<List<KernelParameter>> configured(byte[] file);

    /**
     * The runs that regenerate the boot loader's configuration once {@link #file()} holds {@code wanted}, in order;
     * {@code removed} are the parameters the edit took out (a program that edits entries in place must be told).
     */
    List<Regeneration> regenerate(List<KernelParameter> wanted, List<KernelParameter> removed);

    /** The distribution package that installs the program of {@link #regenerate}. */
    String packageName();

    /** The writer for {@code loader}, with what it needs read from {@code host}; empty for a boot loader disktune does not write for. */
    static Optional<CommandLineWriter> of(BootLoader loader, Host host) {
        return switch (loader.kind()) {
            case GRUB_DEBIAN -> Optional.of(grubDebian());
            case SYSTEMD_BOOT -> Optional.of(KernelInstallWriter.read(host));
            case GRUB_BLS -> Optional.of(GrubbyWriter.read(host));
            case GRUB, UNKNOWN -> Optional.empty();
        };
    }

    /** GRUB on Debian and Ubuntu: a drop-in in /etc/default/grub.d, then update-grub. */
    static CommandLineWriter grubDebian() {
        return new GrubDebianWriter();
    }
}
