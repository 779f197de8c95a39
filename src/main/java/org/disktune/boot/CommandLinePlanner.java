package org.disktune.boot;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import org.disktune.apply.Change;
import org.disktune.apply.DeleteFile;
import org.disktune.apply.Plan;
import org.disktune.apply.FileHolds;
import org.disktune.apply.RunProgram;
import org.disktune.apply.Verify;
import org.disktune.apply.WriteFile;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.detect.BootLoader;
import org.disktune.detect.MountTableParser;
import org.disktune.host.Host;
import org.disktune.initramfs.image.UnifiedKernelImage;

/**
 * Plans the kernel command line parameters disktune owns, reading only: the boot loader's writer ({@link CommandLineWriter},
 * chosen by {@link BootLoader}), its file from what it holds to {@code wanted} (a file of disktune's own deleted when
 * nothing is wanted; in a shared one only disktune's words, {@link CommandLineOwnership}, change), then the
 * program that regenerates the boot loader's configuration, whose output is backed up first and put back when it
 * fails. When the file already holds {@code wanted} but the generated configuration lacks a parameter (a run that
 * failed, a hand edit), only the program runs again. Nothing wanted and no file: an empty plan, whatever the boot loader.
 */
public final class CommandLinePlanner {
    private final Host host;

    public CommandLinePlanner(Host host) {
        this.host = host;
    }

    /**
     * What the boot loader is, the writer used for it (null when nothing is to be written), the plan, and whether it runs
     * the boot loader's program.
     */
    public record CommandLinePlan(BootLoader bootLoader, CommandLineWriter writer, Plan plan, boolean regenerates) {
    }

    /**
     * The plan that makes the boot loader's file hold {@code wanted} as disktune's parameters. In a shared file a word is
     * disktune's ({@link CommandLineOwnership}) when an applied entry of the journal put it there or when its module is
     * one of {@code managed} (the modules with a {@code [module]} section); such a word goes when it is no longer wanted.
     */
    public CommandLinePlan plan(List<KernelParameter> wanted, Set<String> managed) {
        BootLoader loader = BootLoader.detect(host);
        CommandLineWriter writer = CommandLineWriter.of(loader, host).orElse(null);
        byte[] current = writer == null ? read(GrubDropIn.PATH) : read(writer.file());
        if (wanted.isEmpty() && current == null) {
            return new CommandLinePlan(loader, writer, Plan.empty(), false);
        }
        if (writer == null) {
            throw unsupported(loader, wanted);
        }
        String words = wanted.stream().map(KernelParameter::render).collect(Collectors.joining(" "));
        List<Change> changes = new ArrayList<>();
        Set<String> owned = CommandLineOwnership.owned(host, writer, current);
        Set<String> modules = managed.stream().map(m -> m.replace('-', '_')).collect(Collectors.toSet());
        Predicate<String> ours = name -> owned.contains(name) || modules.contains(name.substring(0, Math.max(0, name.indexOf('.'))));
        byte[] bytes = writer.render(current, wanted, ours);
        if (bytes == null) {
            if (current != null) {
                changes.add(new DeleteFile(writer.file(), current, "no kernel command line parameter is left, so disktune's "
                        + writer.file() + " goes"));
            }
        } else if (!Arrays.equals(current, bytes)) {
            changes.add(new WriteFile(writer.file(), current, bytes, wanted.isEmpty()
                    ? "take disktune's kernel command line parameters out of " + writer.file()
                    : CommandLineOwnership.reason(words)));
        }
        if (changes.isEmpty() && wanted.isEmpty()) {
            return new CommandLinePlan(loader, writer, Plan.empty(), false);
        }
        List<Regeneration> runs = writer.regenerate(wanted, removed(writer, current, bytes));
        List<String> proven = runs.stream().flatMap(r -> r.proven().stream()).distinct().toList();
        String program = runs.isEmpty() ? "" : runs.get(0).argv().get(0);
        FileHolds proof = new FileHolds(proven, wanted.stream().map(KernelParameter::render).toList(), List.of(program));
        if (changes.isEmpty() && generatedHolds(proof)) {
            return new CommandLinePlan(loader, writer, Plan.empty(), false);
        }
        boolean fileChanged = !changes.isEmpty();
        for (Regeneration run : runs) {
            changes.add(new RunProgram(run.argv(), "regenerate " + String.join(" and ", run.rewrites())
                    + (fileChanged ? " from the new kernel command line" : ": it lacks " + words), run.rewrites()));
        }
        if (!wanted.isEmpty() && !proven.isEmpty()) {
            changes.add(new Verify(String.join(" and ", proven) + " holds " + words, proof));
        }
        return new CommandLinePlan(loader, writer, new Plan(changes), !runs.isEmpty());
    }

    /** The parameters in {@code current} that the new bytes no longer hold, by name: what a program editing entries must remove. */
    private static List<KernelParameter> removed(CommandLineWriter writer, byte[] current, byte[] bytes) {
        if (current == null) {
            return List.of();
        }
        List<KernelParameter> before = writer.configured(current).orElse(List.of());
        Set<String> after = (bytes == null ? List.<KernelParameter>of() : writer.configured(bytes).orElse(List.of())).stream()
                .map(p -> p.module() + "." + p.parameter()).collect(Collectors.toSet());
        return before.stream().filter(p -> !after.contains(p.module() + "." + p.parameter())).toList();
    }

    /**
     * The plan's program can run: the tree is the running machine (or its runner reaches the tree), the program is
     * installed and on the PATH, and the file system of its output is not mounted read-only. ENVIRONMENT otherwise,
     * before anything is changed.
     */
    public void requireRunnable(CommandLinePlan planned) {
        if (!planned.regenerates()) {
            return;
        }
        CommandLineWriter writer = planned.writer();
        List<RunProgram> runs = planned.plan().changes().stream().filter(RunProgram.class::isInstance).map(RunProgram.class::cast).toList();
        String program = runs.get(0).argv().get(0);
        if (!host.live() && !host.commands().available(program)) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "will not run " + program + " on a --root or --sample machine: it would "
                    + "regenerate this machine's boot configuration, not the tree's; add --dry-run to see the changes");
        }
        if (planned.bootLoader().program() == null || !host.commands().available(program)) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, program + " is not installed or not on the PATH although "
                    + planned.bootLoader().evidence().split(", ")[0] + " is; install the " + writer.packageName()
                    + " package (nothing was changed)");
        }
        for (String output : runs.stream().flatMap(r -> r.producesFiles().stream()).distinct().toList()) {
            readOnlyMount(output).ifPresent(mount -> {
                throw new DisktuneException(ExitCode.ENVIRONMENT, mount + " is mounted read-only, so " + program + " cannot write "
                        + output + "; remount it read-write (mount -o remount,rw " + mount + ") and run again (nothing was changed)");
            });
        }
    }

    private static DisktuneException unsupported(BootLoader loader, List<KernelParameter> wanted) {
        String words = wanted.isEmpty() ? "disktune's kernel command line parameters"
                : wanted.stream().map(KernelParameter::render).collect(Collectors.joining(" "));
        if (loader.kind() == BootLoader.Kind.UNKNOWN) {
            return new DisktuneException(ExitCode.ENVIRONMENT, "no boot loader found (" + loader.evidence() + "), so " + words
                    + " cannot go on the kernel command line; add it to your boot loader's configuration by hand and remove the "
                    + "parameter from /etc/disktune/disktune.conf (nothing was changed)");
        }
        return new DisktuneException(ExitCode.ENVIRONMENT, "boot loader " + loader.describe() + " is not one disktune writes the kernel "
                + "command line for (grub-debian with update-grub, grub with grub-mkconfig or grub2-mkconfig, grub-bls with grubby or "
                + "grub2-mkconfig, systemd-boot with kernel-install); add " + words + " to its configuration by hand and remove the "
                + "parameter from /etc/disktune/disktune.conf (nothing was changed)");
    }

    /**
     * True when every generated file holds each parameter ({@link FileHolds#lacking}, the check apply makes after the
     * regeneration), or cannot be read (a tree without them: nothing to tell).
     */
    private boolean generatedHolds(FileHolds proof) {
        for (String generated : proof.files()) {
            Path path = host.path(generated);
            try {
                if (Files.isRegularFile(path) && !proof.lacking(UnifiedKernelImage.proofText(path)).isEmpty()) {
                    return false;
                }
            } catch (IOException e) {
                throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot read " + generated + ": " + e.getMessage() + "; run as root", e);
            }
        }
        return true;
    }

    /** The mount point, from /proc/mounts, of the file system holding {@code machinePath}, when it is mounted read-only. */
    private Optional<String> readOnlyMount(String machinePath) {
        List<String> lines;
        try {
            lines = Files.readAllLines(host.path("/proc/mounts"));
        } catch (IOException e) {
            return Optional.empty(); // no mount table: the write itself will tell
        }
        return new MountTableParser().parseMounts(lines).stream()
                .filter(m -> machinePath.startsWith(m.mountPoint().endsWith("/") ? m.mountPoint() : m.mountPoint() + "/"))
                .max(Comparator.comparingInt(m -> m.mountPoint().length()))
                .filter(m -> m.options().contains("ro")).map(MountTableParser.Entry::mountPoint);
    }

    private byte[] read(String machinePath) {
        return host.fileBytesOrNull(machinePath);
    }
}
