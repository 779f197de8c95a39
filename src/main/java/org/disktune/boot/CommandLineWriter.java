package org.disktune.boot;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.disktune.detect.BootLoader;
import org.disktune.host.Host;

/**
 * How one boot loader takes kernel command line parameters from disktune: the file disktune owns, its bytes for a
 * list of parameters and the list read back, and the program that regenerates the boot loader's configuration from
 * it with the files that program rewrites (backed up before it runs, restored when it fails and by rollback).
 * Sealed: a second boot loader is a new permitted writer, and every switch over them fails to compile until it is handled.
 */
public sealed interface CommandLineWriter permits GrubDebianWriter, GrubMkconfigWriter {
    /** The file disktune writes, a machine path: its own, or one it shares with the administrator ({@link #shared()}). */
    String file();

    /**
     * The bytes of {@link #file()} holding {@code wanted} as disktune's parameters, from its {@code current} bytes (null:
     * absent); null when the file goes (nothing wanted in a file of disktune's own). {@code owned}: the names
     * ({@code module.param}) disktune put into a shared file before, which go when no longer wanted; every other byte
     * of a shared file stays.
     */
    byte[] render(byte[] current, List<KernelParameter> wanted, Set<String> owned);

    /** True when {@link #file()} is the administrator's too (only disktune's words in it are disktune's). */
    default boolean shared() {
        return false;
    }

    /** The parameters the file holds, empty when it is not in the shape disktune writes. */
    Optional<List<KernelParameter>> configured(byte[] file);

    /** The argument list that regenerates the boot loader's configuration. */
    List<String> regenerate();

    /** The files {@link #regenerate()} rewrites, machine paths. */
    List<String> regenerated();

    /** The files of {@link #regenerated()} that must hold every parameter after the run (the proof, {@code FileHolds}). */
    default List<String> proven() {
        return regenerated();
    }

    /** The distribution package that installs the program of {@link #regenerate()}. */
    String packageName();

    /**
     * The writer for {@code loader} on {@code host} (which grub.cfg, which BLS entries); empty for a boot loader disktune
     * does not write the command line for. GRUB with BLS is written here only without grubby (its program is then
     * grub2-mkconfig).
     */
    static Optional<CommandLineWriter> of(BootLoader loader, Host host) {
        return switch (loader.kind()) {
            case GRUB_DEBIAN -> Optional.of(grubDebian());
            case GRUB -> Optional.of(GrubMkconfigWriter.of(loader, host));
            case GRUB_BLS -> loader.program() != null && loader.program().endsWith("/grubby") ? Optional.empty()
                    : Optional.of(GrubMkconfigWriter.of(loader, host));
            case SYSTEMD_BOOT, UNKNOWN -> Optional.empty();
        };
    }

    /** GRUB on Debian and Ubuntu: a drop-in in /etc/default/grub.d, then update-grub. */
    static CommandLineWriter grubDebian() {
        return new GrubDebianWriter();
    }
}
