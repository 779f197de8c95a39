package org.disktune.verify;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.disktune.initramfs.image.UnifiedKernelImage;
import org.disktune.boot.KernelCommandLine;
import org.disktune.boot.KernelParameter;
import org.disktune.core.DisktuneException;
import org.disktune.kernel.KernelBoot;
import org.disktune.modprobe.ModprobeConfigReader;
import org.disktune.modprobe.ModuleParameterReader;
import org.disktune.modprobe.RunningParameter;

/**
 * The kernel command line parameters disktune owns (those of {@code [module]} sections routed to the command line), each
 * proven after the reboot that follows the apply that wrote it: disktune's boot loader file still holds it (else drift,
 * whatever the boot); until the boot ID changes it is pending (the running kernel booted from the old line); then
 * /proc/cmdline holds {@code module.param=value} (split as the kernel's next_arg splits it; the last one wins, as in
 * parse_args) and /sys/module/M/parameters/P shows the value. init's {@code Unknown kernel command line parameters}
 * line of the running boot lists what the kernel passed to user space: a parameter whose words are there lost its
 * quotes on the way, and that is drift. A value the kernel does not show is unknown, never ok.
 */
final class CommandLineChecker implements Checker {
    static final String NAME = "kernel-cmdline";

    private final List<KernelParameter> wanted;
    private final String file;
    private final boolean fileExists;
    private final Optional<List<KernelParameter>> held;
    private final OptionWriter writer;
    private final List<String> embedded;

    /**
     * {@code wanted}: the parameters of the configuration (or, without one, those the file holds); {@code file}: disktune's
     * boot loader file, a machine path; {@code held}: the parameters it holds, empty when it is missing or not in the shape
     * disktune writes; {@code writer}: who wrote it and whether in this boot; {@code embedded}: the unified kernel images
     * the next boot takes the command line from ({@code CommandLineWriter#embedded}), machine paths.
     */
    CommandLineChecker(List<KernelParameter> wanted, String file, boolean fileExists, Optional<List<KernelParameter>> held,
            OptionWriter writer, List<String> embedded) {
        this.embedded = List.copyOf(embedded);
        this.wanted = List.copyOf(wanted);
        this.file = file;
        this.fileExists = fileExists;
        this.held = held;
        this.writer = writer;
    }

    @Override
    public List<Check> check(VerifyContext context) {
        List<Check> checks = new ArrayList<>();
        held.ifPresent(h -> {
            List<KernelParameter> extra = h.stream().filter(p -> !wanted.contains(p)).toList();
            if (!extra.isEmpty()) {
                checks.add(new Check(NAME, file, CheckStatus.DRIFT, "only the parameters of the configuration", words(extra),
                        file + " holds parameters the configuration no longer has; fix: disktune apply"));
            }
        });
        if (wanted.isEmpty()) {
            return checks;
        }
        Optional<KernelCommandLine> running = procCmdline(context);
        for (KernelParameter p : wanted) {
            checks.add(check(context, p, running));
        }
        return checks;
    }

    private Check check(VerifyContext context, KernelParameter p, Optional<KernelCommandLine> running) {
        String subject = p.module() + "." + p.parameter();
        String sysfs = "/sys/module/" + p.module() + "/parameters/" + p.parameter();
        String expected = p.render() + " in /proc/cmdline, " + p.value() + " in " + sysfs;
        if (held.isEmpty() || !held.get().contains(p)) {
            String found = !fileExists ? file + " missing" : held.isEmpty() ? file + " not in disktune's shape" : file + " lacks it";
            String cause = (writer.journalEntry() == null ? file + " does not hold " + p.render()
                    : "removed from " + file + " after journal entry " + writer.journalEntry() + " wrote it (an edit outside disktune)")
                    + ": the next boot loses it; fix: disktune apply";
            return new Check(NAME, subject, CheckStatus.DRIFT, expected, found, cause);
        }
        Verdict v = inEffect(context, p, running, sysfs);
        if (v.status() != CheckStatus.OK && !embedded.isEmpty()) {
            Optional<Check> uki = inImages(context, p, subject, expected, v);
            if (uki.isPresent()) {
                return uki.get();
            }
        }
        if (v.status() != CheckStatus.OK && writer.thisBoot()) {
            return new Check(NAME, subject, CheckStatus.PENDING, expected, v.found(),
                    "written in this boot (" + writer.how() + "); takes effect after a reboot");
        }
        KernelBoot boot = context.boot();
        String unknownLine = boot == null ? null : boot.unknownParameters();
        if (unknownLine != null && listed(p, unknownLine)) {
            return new Check(NAME, subject, CheckStatus.DRIFT, expected, v.found(), "the kernel log of this boot says Unknown kernel "
                    + "command line parameters \"" + unknownLine + "\": the kernel passed part of " + p.render() + " to user space, so "
                    + "its double quotes were lost on the way; check the boot loader's entry");
        }
        return new Check(NAME, subject, v.status(), expected, v.found(), v.cause());
    }

    /**
     * Before the reboot, what the unified kernel images say of a parameter the running kernel lacks: drift naming those
     * whose {@code .cmdline} section lacks it (the next boot will not have it: kernel-install did not rebuild them);
     * pending when every one holds it and the file was written in this boot; unknown when it was written in this boot
     * but no UKI is there to read; empty otherwise (written before this boot: the running kernel's verdict stands).
     */
    private Optional<Check> inImages(VerifyContext context, KernelParameter p, String subject, String expected, Verdict v) {
        List<String> lacking = new ArrayList<>();
        List<String> holding = new ArrayList<>();
        for (String image : embedded) {
            java.nio.file.Path path = context.host().path(image);
            if (!Files.isRegularFile(path)) {
                continue;
            }
            try {
                boolean holds = last(KernelCommandLine.parse(UnifiedKernelImage.proofText(path)), p)
                        .filter(a -> ModuleParameterReader.sameValue(context.type(p.module(), p.parameter()), p.value(), a.value())).isPresent();
                (holds ? holding : lacking).add(image);
            } catch (IOException | RuntimeException e) {
                return Optional.of(new Check(NAME, subject, CheckStatus.UNKNOWN, expected, v.found() + "; " + image + " unreadable",
                        "cannot read the .cmdline section of " + image + ": " + e.getMessage()));
            }
        }
        if (!lacking.isEmpty()) {
            return Optional.of(new Check(NAME, subject, CheckStatus.DRIFT, expected, v.found() + "; not in the .cmdline of "
                    + String.join(", ", lacking), "not written: the unified kernel image the next boot reads its command line from "
                    + "lacks " + p.render() + " (kernel-install did not rebuild it); fix: disktune apply"));
        }
        if (holding.isEmpty() && writer.thisBoot()) {
            return Optional.of(new Check(NAME, subject, CheckStatus.UNKNOWN, expected, v.found() + "; no "
                    + String.join(", ", embedded), "written in this boot (" + writer.how() + "), but none of the unified kernel "
                    + "images the next boot reads its command line from is there, so whether it will have " + p.render()
                    + " cannot be told"));
        }
        if (!holding.isEmpty() && writer.thisBoot()) {
            return Optional.of(new Check(NAME, subject, CheckStatus.PENDING, expected, v.found() + "; in the .cmdline of "
                    + String.join(", ", holding), "written in this boot (" + writer.how() + ") into the unified kernel image; "
                    + "takes effect after a reboot"));
        }
        return Optional.empty();
    }

    private record Verdict(CheckStatus status, String found, String cause) {
    }

    /** Whether the running kernel took the parameter: /proc/cmdline first, then sysfs. */
    private static Verdict inEffect(VerifyContext context, KernelParameter p, Optional<KernelCommandLine> running, String sysfs) {
        if (running.isEmpty()) {
            return new Verdict(CheckStatus.UNKNOWN, "no /proc/cmdline", "cannot read the running kernel's command line");
        }
        Optional<KernelParameter> setting = last(running.get(), p);
        if (setting.isEmpty()) {
            return new Verdict(CheckStatus.DRIFT, "not in /proc/cmdline", "this boot's command line lacks it: the boot loader's "
                    + "configuration does not hold it (or another entry was booted); fix: disktune apply, then reboot");
        }
        KernelParameter last = setting.get();
        if (!ModuleParameterReader.sameValue(context.type(p.module(), p.parameter()), p.value(), last.value())) {
            return new Verdict(CheckStatus.DRIFT, last.render() + " in /proc/cmdline", "a later " + last.render()
                    + " on the command line wins (the kernel takes the last one): remove it from the boot loader's configuration");
        }
        RunningParameter value;
        try {
            value = context.running(p.module(), p.parameter());
        } catch (DisktuneException e) {
            return new Verdict(CheckStatus.UNKNOWN, "in /proc/cmdline; " + sysfs + " unreadable", e.getMessage());
        }
        return switch (value.presence()) {
            case VALUE -> ModuleParameterReader.sameValue(context.type(p.module(), p.parameter()), p.value(), value.value())
                    ? new Verdict(CheckStatus.OK, "in /proc/cmdline, " + value.value() + " in sysfs", null)
                    : new Verdict(CheckStatus.DRIFT, "in /proc/cmdline, " + value.value() + " in sysfs", p.module()
                            + " runs with " + p.parameter() + "=" + value.value() + " although the command line says " + p.value()
                            + ": it was changed after boot (by hand or a tool) or the kernel refused the value; see disktune kernel-log");
            case NOT_VISIBLE_IN_SYSFS -> new Verdict(CheckStatus.UNKNOWN, "in /proc/cmdline; no " + sysfs,
                    "the kernel does not export this parameter (or does not know it), so its value cannot be seen");
            case MODULE_NOT_LOADED -> new Verdict(CheckStatus.UNKNOWN, "in /proc/cmdline; " + p.module() + " not loaded",
                    p.module() + " is not loaded: modprobe takes the value from /proc/cmdline when it loads");
        };
    }

    /**
     * True when init's list holds the parameter or a word of its value after the first: the kernel never passes a
     * {@code module.param} name to init (unknown_bootoption drops dotted names), so a word of disktune's there is the
     * tail of a value with spaces that reached the kernel without its quotes.
     */
    static boolean listed(KernelParameter p, String unknownLine) {
        List<String> words = List.of(unknownLine.strip().split("\\s+"));
        if (words.contains(p.render()) || words.contains(p.module() + "." + p.parameter() + "=" + p.value())) {
            return true;
        }
        List<String> valueWords = List.of(p.value().split(" "));
        return valueWords.size() > 1 && valueWords.subList(1, valueWords.size()).stream()
                .anyMatch(w -> words.contains(w) || words.contains(w + "\""));
    }

    /** The last setting of {@code p}'s module parameter on {@code line}: the one the kernel takes. */
    private static Optional<KernelParameter> last(KernelCommandLine line, KernelParameter p) {
        return line.moduleParameters().stream().filter(a -> a.module().equals(p.module()) && a.parameter().equals(p.parameter()))
                .reduce((a, b) -> b);
    }

    private static Optional<KernelCommandLine> procCmdline(VerifyContext context) {
        try {
            return Optional.of(KernelCommandLine.parse(Files.readString(context.host().path(ModprobeConfigReader.CMDLINE)).strip()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static String words(List<KernelParameter> parameters) {
        return String.join(" ", parameters.stream().map(KernelParameter::render).toList());
    }
}
