package org.disktune.boot;

import java.util.List;
import java.util.Optional;

/**
 * GRUB on Debian and Ubuntu: {@link GrubDropIn} in /etc/default/grub.d, then {@code update-grub}, which is
 * {@code grub-mkconfig -o /boot/grub/grub.cfg}.
 */
record GrubDebianWriter() implements CommandLineWriter {
    static final String GRUB_CFG = "/boot/grub/grub.cfg";

    @Override
    public String file() {
        return GrubDropIn.PATH;
    }

    @Override
    public byte[] render(List<KernelParameter> parameters) {
        return GrubDropIn.render(parameters);
    }

    @Override
    public Optional<List<KernelParameter>> configured(byte[] file) {
        return GrubDropIn.parse(file);
    }

    @Override
    public List<String> regenerate() {
        return List.of("update-grub");
    }

    @Override
    public List<String> regenerated() {
        return List.of(GRUB_CFG);
    }

    @Override
    public String packageName() {
        return "grub2-common";
    }
}
