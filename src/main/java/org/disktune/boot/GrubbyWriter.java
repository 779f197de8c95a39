package org.disktune.boot;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.disktune.core.DisktuneException;
import org.disktune.detect.BootLoader;
import org.disktune.host.Host;

/**
 * GRUB reading Boot Loader Specification entries, managed by grubby (Fedora, RHEL 8 and later): disktune's words go
 * into the shared {@link KernelCmdlineFile} /etc/kernel/cmdline (kernel-install writes it into the entries of kernels
 * installed later), then {@code grubby --update-kernel=ALL --args=... --remove-args=...} puts them on the
 * {@code options} line of every entry in /boot/loader/entries. For {@code ALL} grubby also rewrites
 * {@code GRUB_CMDLINE_LINUX} in /etc/default/grub, {@code kernelopts} in /boot/grub2/grubenv and /etc/kernel/cmdline
 * itself: every one of those is backed up. grubby is a shell script that splits its arguments at spaces, so a value
 * with a space cannot pass through it and is refused.
 *
 * @param entries the loader entries grubby updates, machine paths
 * @param base    the file used when /etc/kernel/cmdline is absent (as kernel-install would), null when unknown
 */
record GrubbyWriter(List<String> entries, byte[] base) implements CommandLineWriter {
    static final String ENTRIES = "/boot/loader/entries";
    static final String GRUBENV = "/boot/grub2/grubenv";

    static GrubbyWriter read(Host host) {
        List<String> entries = List.of();
        Path dir = host.path(ENTRIES);
        if (Files.isDirectory(dir)) {
            try (Stream<Path> list = Files.list(dir)) {
                entries = list.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".conf")).sorted()
                        .map(n -> ENTRIES + "/" + n).toList();
            } catch (IOException e) {
                entries = List.of();
            }
        }
        return new GrubbyWriter(entries, KernelInstallWriter.base(host));
    }

    @Override
    public String file() {
        return KernelCmdlineFile.PATH;
    }

    @Override
    public byte[] render(byte[] current, List<KernelParameter> wanted, Predicate<String> ours) {
        return KernelInstallWriter.edit(current, base, wanted, ours);
    }

    @Override
    public Optional<List<KernelParameter>> configured(byte[] file) {
        return Optional.of(KernelCmdlineFile.parameters(file));
    }

    @Override
    public List<Regeneration> regenerate(List<KernelParameter> wanted, List<KernelParameter> removed) {
        wanted.stream().filter(p -> p.value().indexOf(' ') >= 0).findFirst().ifPresent(p -> {
            throw DisktuneException.usage("value of " + p.module() + "." + p.parameter() + " holds a space, which grubby cannot "
                    + "carry (it splits --args at spaces); use a value without spaces");
        });
        List<String> argv = new ArrayList<>(List.of("grubby", "--update-kernel=ALL"));
        if (!wanted.isEmpty()) {
            argv.add("--args=" + words(wanted));
        }
        if (!removed.isEmpty()) {
            argv.add("--remove-args=" + words(removed));
        }
        if (argv.size() == 2) {
            return List.of();
        }
        List<String> rewrites = new ArrayList<>(entries);
        rewrites.addAll(List.of(KernelCmdlineFile.PATH, BootLoader.GRUB_DEFAULT, GRUBENV));
        return List.of(new Regeneration(argv, rewrites, entries));
    }

    /** /etc/kernel/cmdline is the administrator's too. */
    @Override
    public boolean shared() {
        return true;
    }

    @Override
    public String packageName() {
        return "grubby";
    }

    private static String words(List<KernelParameter> parameters) {
        return parameters.stream().map(KernelParameter::render).collect(Collectors.joining(" "));
    }
}
