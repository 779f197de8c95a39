package org.disktune.initramfs.rebuild;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import org.disktune.apply.Change;
import org.disktune.apply.ImageHolds;
import org.disktune.apply.Plan;
import org.disktune.apply.RunProgram;
import org.disktune.apply.Verify;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.Host;
import org.disktune.initramfs.ImageContentVerifier;
import org.disktune.initramfs.config.DetectedGenerator;
import org.disktune.initramfs.config.GeneratorKind;
import org.disktune.initramfs.config.GeneratorDetection;
import org.disktune.initramfs.config.InitramfsGeneratorDetector;
import org.disktune.initramfs.config.InstalledKernel;
import org.disktune.initramfs.config.MkinitcpioPreset;
import org.disktune.initramfs.rebuild.InitramfsRebuildPlanner;
import org.disktune.initramfs.rebuild.InitramfsPostconditionChecker;
import org.disktune.initramfs.rebuild.RebuildTarget;
import org.disktune.initramfs.rebuild.RebuildStep;

/**
 * Plans initramfs rebuilds: which generator, which command per kernel (one run per distinct
 * command: an mkinitcpio preset writes its default and fallback images in one run), which images
 * each run rewrites (backed up first, restored on failure), and after each run a check that every
 * rewritten image holds disktune's files exactly as the host does (same bytes, or absent from both): an
 * {@link ImageHolds} post-condition, evaluated by {@link InitramfsPostconditionChecker}. Reads only.
 */
public final class InitramfsRebuildPlanner {
    private static final Pattern KERNEL_VERSION = Pattern.compile("[A-Za-z0-9._+-]{1,128}");

    private final Host host;

    public InitramfsRebuildPlanner(Host host) {
        this.host = host;
    }

    /**
     * The generator and the runs for every installed kernel, or only {@code kernel} when given.
     * ENVIRONMENT when no generator or no kernel is found; USAGE for an unknown kernel.
     */
    public RebuildTarget target(String kernel) {
        if (kernel != null && !KERNEL_VERSION.matcher(kernel).matches()) {
            throw DisktuneException.usage("--kernel '" + kernel + "' is not a kernel version; give a directory name of /lib/modules, e.g. "
                    + "6.1.0-18-amd64");
        }
        GeneratorDetection detection = new InitramfsGeneratorDetector(host).detect();
        DetectedGenerator generator = detection.primary().orElseThrow(() -> new DisktuneException(ExitCode.ENVIRONMENT,
                "no initramfs generator found (looked for mkinitcpio, dracut and initramfs-tools); install your distribution's "
                        + "generator and run again"));
        List<InstalledKernel> kernels = detection.kernels();
        if (kernels.isEmpty()) {
            throw new DisktuneException(ExitCode.ENVIRONMENT,
                    "no installed kernel found (no directory in /lib/modules or /usr/lib/modules); install a kernel package first");
        }
        if (kernel != null) {
            List<InstalledKernel> named = kernels.stream().filter(k -> k.version().equals(kernel)).toList();
            if (named.isEmpty()) {
                throw DisktuneException.usage("no kernel " + kernel + " in /lib/modules; installed: "
                        + String.join(", ", kernels.stream().map(InstalledKernel::version).toList()));
            }
            kernels = named;
        }
        Map<List<String>, List<InstalledKernel>> byCommand = new LinkedHashMap<>();
        for (InstalledKernel k : kernels) {
            byCommand.computeIfAbsent(List.copyOf(generator.rebuildCommand(k)), c -> new ArrayList<>()).add(k);
        }
        byCommand.keySet().forEach(argv -> refuseMissingKernel(generator, argv));
        List<RebuildStep> steps = new ArrayList<>();
        byCommand.forEach((argv, served) -> {
            Set<String> images = new LinkedHashSet<>();
            served.forEach(k -> images.addAll(images(generator, k, argv)));
            steps.add(new RebuildStep(argv, List.copyOf(images), served.stream().map(InstalledKernel::version).toList()));
        });
        return new RebuildTarget(generator, steps);
    }

    /**
     * USAGE when the preset that {@code mkinitcpio -p} would run names a kernel that is not installed: mkinitcpio
     * would fail on it part way through its presets ("specified kernel image does not exist").
     */
    private void refuseMissingKernel(DetectedGenerator generator, List<String> argv) {
        if (generator.kind() != GeneratorKind.MKINITCPIO || argv.size() < 3 || !argv.get(1).equals("-p")) {
            return;
        }
        for (MkinitcpioPreset p : generator.presets()) {
            if (!p.name().equals(argv.get(2))) {
                continue;
            }
            for (String preset : p.presets()) {
                String kver = p.kver(preset);
                if (kver == null || kver.isEmpty()) {
                    continue; // mkinitcpio skips that preset with a warning
                }
                boolean image = kver.startsWith("/");
                boolean installed = image ? Files.isRegularFile(host.path(kver))
                        : KERNEL_VERSION.matcher(kver).matches()
                                && (Files.isDirectory(host.path("/lib/modules/" + kver)) || Files.isDirectory(host.path("/usr/lib/modules/" + kver)));
                if (!installed) {
                    throw DisktuneException.usage(p.file() + ": " + p.kverVariable(preset) + " names " + kver + ", which is not installed ("
                            + (image ? "no such kernel image" : "no /lib/modules/" + kver) + "); point it at an installed kernel or remove "
                            + "the preset, and run again");
                }
            }
        }
    }

    /** Each run followed by the check of the images it rewrote. */
    public Plan plan(RebuildTarget target) {
        boolean ownFilesPresent = ImageContentVerifier.OWN_FILES.stream().anyMatch(f -> Files.exists(host.path(f)));
        return plan(target, ownFilesPresent);
    }

    /**
     * Each run followed by the check of the images it rewrote; {@code ownFilesPresent} says whether
     * disktune's files will exist on the host when the check runs (for the check's description only:
     * the check itself compares with the host as it is then).
     */
    public Plan plan(RebuildTarget target, boolean ownFilesPresent) {
        List<Change> changes = new ArrayList<>();
        String files = String.join(", ", ImageContentVerifier.OWN_FILES);
        for (RebuildStep step : target.steps()) {
            String kernels = String.join(", ", step.kernels());
            try {
                changes.add(new RunProgram(step.argv(), "rebuild the initramfs of " + kernels + " with " + target.generatorName(),
                        step.images()));
            } catch (IllegalArgumentException e) {
                throw DisktuneException.usage("the " + target.generatorName() + " configuration names an image that is not a plain "
                        + "absolute path (" + step.images() + "); fix the image path in its preset or configuration");
            }
            List<String> images = step.images();
            String shown = String.join(" and ", images);
            String description = images.isEmpty() ? "the initramfs of " + kernels + " is readable"
                    : ownFilesPresent ? shown + " " + (images.size() == 1 ? "holds " : "hold ") + files + " byte for byte"
                    : shown + " " + (images.size() == 1 ? "does" : "do") + " not hold " + files;
            changes.add(new Verify(description, new ImageHolds(images, ImageContentVerifier.OWN_FILES, step.argv())));
        }
        return new Plan(changes);
    }

    private static List<String> images(DetectedGenerator g, InstalledKernel kernel, List<String> argv) {
        return switch (g.kind()) {
            case MKINITCPIO -> {
                if (argv.size() >= 3 && argv.get(1).equals("-p")) {
                    List<String> images = new ArrayList<>();
                    for (MkinitcpioPreset p : g.presets()) {
                        if (p.name().equals(argv.get(2))) {
                            images.addAll(p.outputs());
                        }
                    }
                    yield images.isEmpty() ? kernel.initramfsImages() : images;
                }
                int g1 = argv.indexOf("-g");
                yield g1 >= 0 && g1 + 1 < argv.size() ? List.of(argv.get(g1 + 1)) : kernel.initramfsImages();
            }
            case DRACUT -> List.of(argv.get(2));
            case INITRAMFS_TOOLS -> List.of("/boot/initrd.img-" + kernel.version());
        };
    }
}
