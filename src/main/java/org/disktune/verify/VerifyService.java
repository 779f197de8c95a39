package org.disktune.verify;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.disktune.apply.BootIdReader;
import org.disktune.apply.EntryState;
import org.disktune.apply.FileRecord;
import org.disktune.apply.GeneratorLeftovers;
import org.disktune.apply.Journal;
import org.disktune.apply.JournalEntry;
import org.disktune.boot.CommandLineOwnership;
import org.disktune.boot.CommandLineWriter;
import org.disktune.boot.KernelParameter;
import org.disktune.detect.BootLoader;
import org.disktune.core.DisktuneException;
import org.disktune.host.Host;
import org.disktune.modprobe.DesiredModuleOptions;
import org.disktune.modprobe.DisktuneModprobeFile;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.modprobe.OptionValidator;
import org.disktune.config.DesiredStateReader;
import org.disktune.tuning.DesiredStateService;
import java.util.Optional;

/**
 * Backs {@code disktune verify}: reads the desired state (disktune's configuration, the module options it
 * wrote to {@value DisktuneModprobeFile#PATH} and the kernel command line parameters it wrote to the boot loader's file,
 * each with the journal entry that wrote it and its boot ID) and runs every {@link Checker} against the live machine.
 * Reads only.
 */
public final class VerifyService {
    private final Host host;
    private final DriverCatalog catalog;
    private final DesiredStateService.ConfigLocation location;
    private final boolean strict;

    public VerifyService(Host host) {
        this(host, DriverCatalog.load());
    }

    public VerifyService(Host host, DriverCatalog catalog) {
        this(host, catalog, DesiredStateService.ConfigLocation.hostDefault(), false);
    }

    /** {@code location}: the host's configuration or a --config file; {@code strict}: absent disks are drift. */
    public VerifyService(Host host, DriverCatalog catalog, DesiredStateService.ConfigLocation location, boolean strict) {
        this.host = Objects.requireNonNull(host);
        this.catalog = Objects.requireNonNull(catalog);
        this.location = Objects.requireNonNull(location);
        this.strict = strict;
    }

    public VerifyReport verify() {
        List<String> notes = new ArrayList<>();
        List<Check> checks = new ArrayList<>(interrupted());
        Optional<DesiredStateService.Evaluation> evaluation = new DesiredStateService(host, catalog, location).evaluate();
        if (evaluation.isEmpty()) {
            notes.add("no " + DesiredStateReader.PATH + ": verifying only what disktune wrote");
        }
        Path file = host.path(DisktuneModprobeFile.PATH);
        if (!Files.exists(file)) {
            if (evaluation.isPresent() && !evaluation.get().modules().isEmpty()) {
                checks.add(new Check("modprobe-file", DisktuneModprobeFile.PATH, CheckStatus.DRIFT,
                        "the [module] options of " + evaluation.get().file(), "missing", "fix: disktune apply"));
            } else {
                boolean commandLineFile = Files.exists(host.path(commandLineWriter().file()));
                notes.add("disktune has written no module options (no " + DisktuneModprobeFile.PATH + ")"
                        + (evaluation.isEmpty() && !commandLineFile ? ": nothing to verify" : ""));
            }
            evaluation.ifPresent(e -> {
                checks.addAll(new SettingsChecker(e).check(null));
                checks.addAll(new PersistenceChecker(e).check(null));
                checks.addAll(new BootUnitChecker(host, e).check(null));
            });
            VerifyContext context = new VerifyContext(host, catalog, DesiredModuleOptions.none(), writer(null, DisktuneModprobeFile.PATH), notes);
            checks.addAll(commandLineChecker(evaluation, notes).check(context));
            return VerifyReport.of(checks, notes, strict);
        }
        DesiredModuleOptions desired;
        try {
            desired = new DisktuneModprobeFile(new OptionValidator(catalog)).parse(Files.readAllBytes(file));
        } catch (IOException e) {
            throw DisktuneException.environment("cannot read " + DisktuneModprobeFile.PATH + ": " + e.getMessage() + "; run as root");
        }
        if (evaluation.isPresent() && !evaluation.get().modules().equals(desired)) {
            checks.add(new Check("modprobe-file", DisktuneModprobeFile.PATH, CheckStatus.DRIFT,
                    "the [module] options of " + evaluation.get().file(), "other options",
                    DisktuneModprobeFile.PATH + " does not hold the options of " + evaluation.get().file() + "; fix: disktune apply"));
        }
        JournalEntry entry = lastWriter(DisktuneModprobeFile.PATH);
        OptionWriter writer = writer(entry, DisktuneModprobeFile.PATH);
        notes.add(writtenBy(DisktuneModprobeFile.PATH, entry, writer));
        if (desired.isEmpty()) {
            notes.add(DisktuneModprobeFile.PATH + " holds no options");
        }
        VerifyContext context = new VerifyContext(host, catalog, desired, writer, notes);
        String recorded = entry == null ? null : recordedSha256(entry);
        List<Checker> checkers = new ArrayList<>(List.of(new ModprobeFileChecker(recorded), new ModuleOptionChecker(),
                new NcqOutcomeChecker(), new InitramfsChecker()));
        evaluation.ifPresent(e -> checkers.addAll(List.of(new SettingsChecker(e), new PersistenceChecker(e), new BootUnitChecker(host, e))));
        checkers.add(commandLineChecker(evaluation, notes));
        checkers.forEach(checker -> checks.addAll(checker.check(context)));
        return VerifyReport.of(checks, notes, strict);
    }

    /** The SHA-256 the entry recorded for the modprobe file it wrote: that of its first record of the file with one. */
    private static String recordedSha256(JournalEntry entry) {
        for (FileRecord f : entry.files()) {
            if (f.path().equals(DisktuneModprobeFile.PATH) && f.newSha256() != null) {
                return f.newSha256();
            }
        }
        return null;
    }

    /**
     * A drift check for each journal entry a crash interrupted: the entry's one-line explanation, and the temporary
     * files its killed initramfs generator left, which undo --force removes; and one for each backup of update-initramfs
     * ({@code /boot/initrd.img-*.dpkg-bak}) an interrupted run left that the journal does not prove disktune's.
     */
    private List<Check> interrupted() {
        List<Check> checks = new ArrayList<>();
        List<String> proven = new ArrayList<>();
        for (JournalEntry e : new Journal(host).entries()) {
            Optional<String> interruption = e.interruption();
            if (interruption.isPresent()) {
                List<String> leftovers = GeneratorLeftovers.of(host, List.of(e));
                proven.addAll(leftovers);
                checks.add(new Check("interrupted", "journal entry " + e.id(), CheckStatus.DRIFT, "no change left half done",
                        e.state().name().toLowerCase(java.util.Locale.ROOT) + (leftovers.isEmpty() ? ""
                                : "; the killed initramfs generator left " + String.join(", ", leftovers)),
                        interruption.get() + (leftovers.isEmpty() ? "" : " (it removes the generator's temporary files too)")));
            }
        }
        for (String backup : GeneratorLeftovers.interruptedBackups(host)) {
            if (!proven.contains(backup)) {
                checks.add(new Check("generator-leftover", backup, CheckStatus.DRIFT, "absent", "present",
                        "update-initramfs keeps the old image there while it runs and removes it when it completes: a run of it "
                                + "was interrupted and nothing in the journal shows it was disktune's; check that the image "
                                + "beside it boots, then remove it (it holds a whole image)"));
            }
        }
        return checks;
    }

    /**
     * The checker of the kernel command line parameters disktune owns: those of the configuration when there is one, else
     * those its boot loader file holds (what disktune wrote), with who wrote that file and in which boot.
     */
    private CommandLineChecker commandLineChecker(Optional<DesiredStateService.Evaluation> evaluation, List<String> notes) {
        CommandLineWriter writer = commandLineWriter();
        String path = writer.file();
        byte[] bytes = host.fileBytesOrNull(path);
        Optional<List<KernelParameter>> held = bytes == null ? Optional.empty() : held(writer, bytes, evaluation);
        List<KernelParameter> wanted = evaluation.map(DesiredStateService.Evaluation::commandLine).orElse(held.orElse(List.of()));
        JournalEntry entry = lastWriter(path);
        OptionWriter written = writer(entry, path);
        if (!wanted.isEmpty() || bytes != null && (!writer.shared() || !held.orElse(List.of()).isEmpty())) {
            notes.add(writtenBy(path, entry, written));
        }
        return new CommandLineChecker(wanted, path, bytes != null, held, written, writer.embedded());
    }

    /** The boot loader's writer, or GRUB on Debian's where disktune writes none (where planning would have refused). */
    private CommandLineWriter commandLineWriter() {
        return CommandLineWriter.of(BootLoader.detect(host), host).orElse(CommandLineWriter.grubDebian());
    }

    /**
     * The parameters of disktune's the writer's file holds: all of a file of its own; of a shared one (/etc/default/grub)
     * those disktune put there ({@link CommandLineOwnership}) or the configuration names; empty when the file cannot be
     * read as the writer reads it.
     */
    private Optional<List<KernelParameter>> held(CommandLineWriter writer, byte[] bytes, Optional<DesiredStateService.Evaluation> evaluation) {
        try {
            Optional<List<KernelParameter>> all = writer.configured(bytes);
            if (!writer.shared()) {
                return all;
            }
            java.util.Set<String> ours = new java.util.HashSet<>(CommandLineOwnership.owned(host, writer, bytes));
            evaluation.ifPresent(e -> e.commandLine().forEach(p -> ours.add(p.module() + "." + p.parameter())));
            return all.map(list -> list.stream().filter(p -> ours.contains(p.module() + "." + p.parameter())).toList());
        } catch (DisktuneException unreadable) {
            return Optional.empty();
        }
    }

    /** "FILE was written by journal entry ID at TIME, in this boot", or why no entry tells. */
    private static String writtenBy(String path, JournalEntry entry, OptionWriter writer) {
        return entry == null ? "no journal entry wrote " + path + " (" + writer.how() + ")"
                : path + " was written by journal entry " + entry.id() + " at " + entry.time()
                        + (writer.thisBoot() ? ", in this boot" : ", before this boot");
    }

    /** The newest applied journal entry that wrote (or removed) the machine file {@code path}. */
    private JournalEntry lastWriter(String path) {
        JournalEntry last = null;
        for (JournalEntry e : new Journal(host).entries()) {
            if (e.wrote(path) && (e.state() == EntryState.APPLIED || e.state() == EntryState.UNDONE)) {
                last = e;
            }
        }
        return last;
    }

    /**
     * Whether the file was written in this boot: by the boot ID the journal entry recorded; without an entry or
     * a boot ID, by the file's modification time against the boot time (now minus /proc/uptime).
     */
    private OptionWriter writer(JournalEntry entry, String path) {
        String now = BootIdReader.read(host);
        if (entry != null && !BootIdReader.UNKNOWN.equals(now) && entry.bootId() != null && !BootIdReader.UNKNOWN.equals(entry.bootId())) {
            boolean same = entry.bootId().equals(now);
            return new OptionWriter(entry.id(), entry.bootId(), same,
                    "journal entry " + entry.id() + " has " + (same ? "this boot's ID" : "the ID of an earlier boot"));
        }
        Instant boot = VerifyContext.bootTime(host);
        Instant modified = null;
        try {
            modified = Files.getLastModifiedTime(host.path(path)).toInstant();
        } catch (IOException e) {
            // judged below as unknown
        }
        String id = entry == null ? null : entry.id();
        String bootId = entry == null ? null : entry.bootId();
        if (boot == null || modified == null) {
            return new OptionWriter(id, bootId, false, "no boot ID and no boot time to compare: treated as written before this boot");
        }
        boolean after = modified.isAfter(boot);
        return new OptionWriter(id, bootId, after, "its modification time " + modified + " is " + (after ? "after" : "before")
                + " this boot's start " + boot);
    }
}
