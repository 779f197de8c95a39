package org.disktune.verify;

import java.util.Optional;

import org.disktune.initramfs.FileCheck;
import org.disktune.initramfs.ImageCheck;
import org.disktune.initramfs.ImageVerification;
import org.disktune.modprobe.DisktuneModprobeFile;
import org.disktune.modprobe.ModprobeConfig;
import org.disktune.modprobe.ModuleOption;
import org.disktune.modprobe.ModuleParameterReader;

/**
 * Pending versus drift for a desired module option that is not in effect, and its cause: another setting that wins by
 * kmod's precedence, a write in this boot, a built-in module, a module not loaded, an initramfs without disktune's files.
 */
final class OptionVerdicts {
    /** A status and its cause. */
    record Verdict(CheckStatus status, String cause) {
    }

    private final VerifyContext context;

    OptionVerdicts(VerifyContext context) {
        this.context = context;
    }

    /**
     * The status and cause of a desired option whose effect is not there: drift when another setting wins
     * (whatever the boot), pending when disktune wrote it in this boot, else drift with the reason a reboot did
     * not bring it.
     */
    Verdict notInEffect(String module, String parameter, String value) {
        Optional<String> override = override(module, parameter, value);
        if (override.isPresent()) {
            return new Verdict(CheckStatus.DRIFT, override.get());
        }
        OptionWriter writer = context.writer();
        if (writer.thisBoot()) {
            return new Verdict(CheckStatus.PENDING, "written in this boot (" + writer.how() + "); takes effect after a reboot");
        }
        return new Verdict(CheckStatus.DRIFT, rebootCause(module, parameter, value));
    }

    private Optional<String> override(String module, String parameter, String value) {
        if (context.modprobe().effective(module, parameter).isEmpty()) {
            return Optional.of(DisktuneModprobeFile.PATH + " is not read by kmod (its options for " + module + " do not count): check "
                    + "disktune modprobe show");
        }
        return overriddenBy(module, parameter, value).map(winner -> overriddenCause(parameter, winner));
    }

    /**
     * The setting that wins over disktune's {@code value} when the module next loads, by kmod's precedence
     * ({@link ModprobeConfig#effective}, as {@code disktune modprobe show} computes it), if it is another file's or the
     * kernel command line's and sets another value. A built-in module takes only the command line.
     */
    Optional<ModuleOption> overriddenBy(String module, String parameter, String value) {
        Optional<ModuleOption> winner = context.modprobe().effective(module, parameter);
        if (winner.isEmpty()) {
            return winner;
        }
        ModuleOption w = winner.get();
        if (w.origin().source().equals(DisktuneModprobeFile.PATH)
                || ModuleParameterReader.sameValue(context.type(module, parameter), w.value(), value)
                || !w.origin().commandLine() && context.builtIn(module)) {
            return Optional.empty();
        }
        return winner;
    }

    /** "overridden by FILE:LINE (p=v): remove that setting". */
    static String overriddenCause(String parameter, ModuleOption winner) {
        return "overridden by " + winner.origin().describe() + " (" + parameter + "=" + (winner.value() == null ? "" : winner.value())
                + "): remove that setting";
    }

    /** Why an option written before this boot is still not in effect. */
    private String rebootCause(String module, String parameter, String value) {
        if (context.builtIn(module)) {
            return module + " is built into the kernel: modprobe.d does not reach it; put " + module + "." + parameter + "=" + value
                    + " on the kernel command line";
        }
        if (!new ModuleParameterReader(context.host()).loaded(module)) {
            return "module " + module + " is not loaded";
        }
        return currentImageProblem().orElse("the option is configured and was written before this boot, yet " + module
                + " runs without it: it was loaded before the file was read (or reloaded by hand); see disktune kernel-log");
    }

    /** What is wrong with disktune's files in the running kernel's initramfs (every image when it has none), if anything. */
    private Optional<String> currentImageProblem() {
        ImageVerification v = context.images();
        if (v == null) {
            return Optional.empty();
        }
        String running = context.machine().kernel();
        boolean runningHasImage = v.images().stream().anyMatch(i -> i.kernel() != null && i.kernel().equals(running));
        for (ImageCheck image : v.images()) {
            if (runningHasImage && !running.equals(image.kernel())) {
                continue;
            }
            for (FileCheck f : image.files()) {
                switch (f.status()) {
                    case MISSING_IN_IMAGE -> {
                        return Optional.of("the initramfs " + image.image() + " lacks " + f.imagePath() + ": run disktune initramfs rebuild");
                    }
                    case DIFFERENT -> {
                        return Optional.of("the initramfs " + image.image() + " holds another " + f.imagePath()
                                + " than " + f.hostPath() + ": run disktune initramfs rebuild");
                    }
                    default -> {
                    }
                }
            }
        }
        return Optional.empty();
    }
}
