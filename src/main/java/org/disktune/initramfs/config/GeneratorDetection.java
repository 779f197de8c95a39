package org.disktune.initramfs.config;

import java.util.List;
import java.util.Optional;

/**
 * The generators, kernels and initramfs images found on a host. No generator is a normal result
 * ({@link #found()} false, {@link #summary()} says so plainly), not an exception.
 */
public record GeneratorDetection(List<DetectedGenerator> generators, List<InstalledKernel> kernels, List<String> images) {
    public GeneratorDetection {
        generators = List.copyOf(generators);
        kernels = List.copyOf(kernels);
        images = List.copyOf(images);
    }

    public boolean found() {
        return !generators.isEmpty();
    }

    /** The generator to use: the first found with its program (mkinitcpio, dracut, initramfs-tools order). */
    public Optional<DetectedGenerator> primary() {
        return generators.stream().filter(g -> g.program() != null).findFirst().or(() -> generators.stream().findFirst());
    }

    public String summary() {
        if (!found()) {
            return "no initramfs generator found (looked for mkinitcpio, dracut and initramfs-tools); module options reach "
                    + "drivers loaded from the root file system only";
        }
        DetectedGenerator g = primary().orElseThrow();
        return g.kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-')
                + (g.version() == null ? "" : " " + g.version()) + ", " + kernels.size() + " kernel(s), " + images.size() + " image(s)";
    }
}
