package org.disktune.tuning;

import java.util.List;
import java.util.Locale;

import org.disktune.initramfs.config.DetectedGenerator;
import org.disktune.initramfs.config.GeneratorKind;

/** The generator disktune rebuilds with, and one run per distinct command (a preset may serve several kernels). */
public record RebuildTarget(DetectedGenerator generator, List<RebuildStep> steps) {
    public RebuildTarget {
        steps = List.copyOf(steps);
    }

    /** "mkinitcpio", "dracut" or "initramfs-tools". */
    public String generatorName() {
        return generator.kind().name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The distribution package that installs the generator's program. */
    public String packageName() {
        return generatorName();
    }

    /** The program every step runs. */
    public String program() {
        return generator.kind() == GeneratorKind.INITRAMFS_TOOLS ? "update-initramfs" : generatorName();
    }

    public List<String> kernels() {
        return steps.stream().flatMap(s -> s.kernels().stream()).distinct().toList();
    }

    public List<String> images() {
        return steps.stream().flatMap(s -> s.images().stream()).distinct().toList();
    }
}
