package org.disktune.initramfs.rebuild;

import java.util.List;
import java.util.Locale;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.Host;
import org.disktune.initramfs.config.DetectedGenerator;
import org.disktune.initramfs.config.GeneratorKind;
import org.disktune.initramfs.rebuild.RebuildTarget;
import org.disktune.initramfs.rebuild.RebuildStep;

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

    /**
     * The generator program can run: not on a --root or --sample tree (it would act on this machine),
     * installed in the host's tree, and found by the command runner.
     */
    public void requireRunnable(Host host) {
        String program = program();
        if (!host.live() && !host.commands().available(program)) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "will not run " + program + " on a --root or --sample machine: it would rebuild "
                    + "this machine's initramfs, not the tree's; add --dry-run to see the changes");
        }
        if (generator().program() == null) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, program + " is not installed (not in /usr/bin, /usr/sbin, /bin or /sbin) "
                    + "although its configuration is; install the " + packageName() + " package");
        }
        if (!host.commands().available(program)) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, program + " is not on the PATH; install the " + packageName()
                    + " package or add " + generator().program().substring(0, generator().program().lastIndexOf('/'))
                    + " to PATH");
        }
    }
}
