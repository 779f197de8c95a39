package org.disktune.boot;

import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

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
public sealed interface CommandLineWriter permits GrubDebianWriter, GrubMkconfigWriter, KernelInstallWriter, GrubbyWriter {
    /** The file that carries the parameters, a machine path: disktune's own, or one it shares with the administrator ({@link #shared()}). */
    String file();

    /**
     * The bytes of {@link #file()} holding {@code wanted} as disktune's parameters, from {@code current} (null when the
     * file is absent); null when the file goes (nothing wanted in a file of disktune's own). {@code ours} tells, of a
     * {@code module.param} name, whether a word of that name is disktune's ({@link CommandLineOwnership}): such a word
     * goes when it is no longer wanted; every other byte of a shared file stays.
     */
    byte[] render(byte[] current, List<KernelParameter> wanted, Predicate<String> ours);

    /** True when {@link #file()} is the administrator's too (only disktune's words in it are disktune's). */
    default boolean shared() {
        return false;
    }

    /** The parameters the file holds, empty when it is not in the shape disktune writes. */
    Optional<List<KernelParameter>> configured(byte[] file);

    /**
     * The runs that regenerate the boot loader's configuration once {@link #file()} holds {@code wanted}, in order;
     * {@code removed} are the parameters the edit took out (a program that edits entries in place must be told).
     */
    List<Regeneration> regenerate(List<KernelParameter> wanted, List<KernelParameter> removed);

    /**
     * The files the boot takes the command line from as they are, without a boot loader's configuration in between (the
     * {@code .cmdline} section of a unified kernel image), machine paths: verify reads them before the reboot to tell a
     * parameter written and pending from one that never got there. Empty for a boot loader whose configuration names it.
     */
    default List<String> embedded() {
        return List.of();
    }

    /** The distribution package that installs the program of {@link #regenerate}. */
    String packageName();

    /**
     * The writer for {@code loader}, with what it needs read from {@code host} (which grub.cfg, which entries); empty
     * for a boot loader disktune does not write for. GRUB with BLS entries goes through grubby when it is installed,
     * through grub2-mkconfig otherwise.
     */
    static Optional<CommandLineWriter> of(BootLoader loader, Host host) {
        return switch (loader.kind()) {
            case GRUB_DEBIAN -> Optional.of(grubDebian());
            case SYSTEMD_BOOT -> Optional.of(KernelInstallWriter.read(host));
            case GRUB_BLS -> loader.program() != null && loader.program().endsWith("/grubby") ? Optional.of(GrubbyWriter.read(host))
                    : Optional.of(GrubMkconfigWriter.of(loader, host));
            case GRUB -> Optional.of(GrubMkconfigWriter.of(loader, host));
            case UNKNOWN -> Optional.empty();
        };
    }

    /** GRUB on Debian and Ubuntu: a drop-in in /etc/default/grub.d, then update-grub. */
    static CommandLineWriter grubDebian() {
        return new GrubDebianWriter();
    }
}
