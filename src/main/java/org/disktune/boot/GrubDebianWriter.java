package org.disktune.boot;

import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * GRUB on Debian and Ubuntu: {@link GrubDropIn} in /etc/default/grub.d, disktune's own file (so every word in it is
 * disktune's and {@code current} does not matter), then {@code update-grub}, which is
 * {@code grub-mkconfig -o /boot/grub/grub.cfg}.
 */
record GrubDebianWriter() implements CommandLineWriter {
    static final String GRUB_CFG = "/boot/grub/grub.cfg";

    @Override
    public String file() {
        return GrubDropIn.PATH;
    }

    @Override
    public byte[] render(byte[] current, List<KernelParameter> wanted, Predicate<String> ours) {
        return wanted.isEmpty() ? null : GrubDropIn.render(wanted);
    }

    @Override
    public Optional<List<KernelParameter>> configured(byte[] file) {
        return GrubDropIn.parse(file);
    }

    @Override
    public List<Regeneration> regenerate(List<KernelParameter> wanted, List<KernelParameter> removed) {
        return List.of(new Regeneration(List.of("update-grub"), List.of(GRUB_CFG), List.of(GRUB_CFG)));
    }

    @Override
    public String packageName() {
        return "grub2-common";
    }
}
