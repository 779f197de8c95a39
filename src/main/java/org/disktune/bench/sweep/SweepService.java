package org.disktune.bench.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import org.disktune.apply.JournalEntry;
import org.disktune.apply.Plan;
import org.disktune.apply.PlanExecutor;
import org.disktune.apply.PostconditionChecker;
import org.disktune.apply.WriteFile;
import org.disktune.bench.Profile;
import org.disktune.bench.Workload;
import org.disktune.bench.WorkloadContext;
import org.disktune.bench.run.BenchTarget;
import org.disktune.bench.run.TargetResolver;
import org.disktune.bench.workload.BlockWorkloads;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.detect.Disk;
import org.disktune.detect.MachineDetector;
import org.disktune.detect.MachineReport;
import org.disktune.host.Host;

/**
 * Backs {@code disktune tune TARGET}: a runtime sweep of scheduler x queue depth x read_ahead_kb on one block device
 * ({@link SweepSpace}), bounded by a time budget ({@link SweepPlanner}), each point measured interleaved against the
 * current settings with read-only workloads ({@link InterleavedSweep}), the settings before it in one journal entry
 * ({@link SysfsSwitcher}), and the current settings restored at the end, in a finally block and from a shutdown hook
 * (Ctrl-C, SIGTERM, SIGHUP).
 *
 * <p>SIGKILL or a power cut run nothing: the device is left with the point being measured. The sweep's one journal
 * entry holds the values before it, and the report (and the line the command prints once it is written) names it, so
 * {@code disktune rollback --to ID} puts back the scheduler, queue depth, read-ahead and nr_requests as they were
 * before the sweep. After a reboot the kernel's and disktune's own boot-time settings apply anyway.
 *
 * <p>Workloads: seq-read-buffered (read-ahead acts on it), seq-read-direct and rand-read-4k-qd4 (the scheduler and
 * queue depth act on them), with the quick profile's warm-up and trial count (1 and 5) and trial time (1 s) unless a
 * test gives a shorter one. Raw devices are only read.
 */
public final class SweepService {
    /** The workloads of a sweep, by their names in the bench JSON contract. */
    public static final List<String> WORKLOADS = List.of("seq-read-buffered", "seq-read-direct", "rand-read-4k-qd4");
    static final Profile PROFILE = Profile.QUICK;

    private final Host host;
    private final Duration trialTime;
    private final java.util.function.Supplier<List<Workload>> workloads;

    public SweepService(Host host) {
        this(host, null);
    }

    /** With trials of {@code trialTime} instead of the quick profile's (tests); null: the profile's. */
    public SweepService(Host host, Duration trialTime) {
        this(host, trialTime, SweepService::standardWorkloads);
    }

    /**
     * With other workloads than {@link #WORKLOADS} (tests: a figure that depends on the settings in force, so that the
     * winner is known); they must have those names, in that order, since the report and the stored table name them so.
     */
    public SweepService(Host host, Duration trialTime, java.util.function.Supplier<List<Workload>> workloads) {
        this.host = host;
        this.trialTime = trialTime == null ? PROFILE.trialTime() : trialTime;
        this.workloads = workloads;
    }

    /**
     * The whole of {@code disktune tune}: {@link #run} the sweep (the device's settings are as before afterwards),
     * {@link #write} the winner into {@code configPath} when it is not null and there is a winner, and store the table
     * ({@link SweepStore}); returns the report with the id it is stored under.
     */
    public SweepReport tune(Prepared prepared, InterleavedSweep.Progress progress, String configPath) {
        SweepReport report = run(prepared, progress);
        if (configPath != null && report.winner() != null) {
            report = write(report, configPath);
        }
        return new SweepStore(host).save(report);
    }

    /** The device and the plan a budget gives, without measuring or changing anything. */
    public record Prepared(BenchTarget target, Disk disk, SweepPlan plan) {
    }

    /**
     * Resolves {@code target} (a block device: a directory is refused), reads its settings and plans the sweep.
     */
    public Prepared prepare(String target, Duration budget, boolean forceRead) {
        MachineReport machine = new MachineDetector(host).detect();
        BenchTarget resolved = new TargetResolver(host).resolve(target, machine, forceRead);
        if (resolved.kind() != BenchTarget.Kind.DEVICE) {
            throw DisktuneException.usage("tune sweeps the settings of a block device; " + target
                    + " is a directory: give its disk (/dev/sdb or /dev/disk/by-id/...)");
        }
        Disk disk = machine.disks().stream().filter(d -> d.name().equals(resolved.device())).findFirst().orElseThrow();
        SweepSpace space = SweepSpace.of(disk).orElseThrow(() -> new DisktuneException(ExitCode.ENVIRONMENT, "cannot read the scheduler "
                + "list or read_ahead_kb of " + disk.name() + " in /sys/block/" + disk.name() + "/queue: nothing to sweep"));
        return new Prepared(resolved, disk, SweepPlanner.plan(space, budget, PROFILE.warmups() + PROFILE.trials(), WORKLOADS.size(),
                trialTime));
    }

    /** Runs the sweep of {@code prepared}; the device's settings are as before when it returns or throws. */
    public SweepReport run(Prepared prepared, InterleavedSweep.Progress progress) {
        BenchTarget target = prepared.target();
        SweepPlan plan = prepared.plan();
        SysfsSwitcher switcher = new SysfsSwitcher(host, target.device(), target.identity(), plan.baseline());
        if (!switcher.current().equals(plan.baseline())) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, target.device() + " changed while the sweep was planned; run again");
        }
        WorkloadContext context = new WorkloadContext(host, target.device(), host.path(target.path()), PROFILE, host.clock(),
                System::nanoTime, trialTime);
        InterleavedSweep sweep = new InterleavedSweep(workloads.get(), context, switcher, PROFILE.warmups(), PROFILE.trials(), progress);
        Thread hook = new Thread(() -> {
            try {
                switcher.stopAndRestore();
                System.err.println("disktune tune: stopped; the settings of " + target.device() + " are back as they were");
            } catch (RuntimeException e) {
                System.err.println("disktune tune: stopped, but " + e.getMessage());
            }
        }, "disktune-tune-restore");
        Runtime.getRuntime().addShutdownHook(hook);
        InterleavedSweep.Outcome outcome;
        try {
            try {
                outcome = sweep.run(plan);
            } finally {
                try {
                    sweep.close();
                } finally {
                    switcher.restore();
                }
            }
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is shutting down: the hook restores
            }
        }
        String conclusion;
        if (outcome.winner() != null) {
            conclusion = outcome.winner().label() + " beats the current settings significantly (confirmed by a second run)";
        } else if (outcome.candidate() != null) {
            conclusion = "no setting beats the current ones significantly: " + outcome.candidate().label()
                    + " looked better but did not hold up when measured again";
        } else {
            conclusion = "no setting beats the current ones significantly";
        }
        String time = Instant.now(host.clock()).truncatedTo(ChronoUnit.SECONDS).toString();
        return new SweepReport(SweepReport.SCHEMA_VERSION, null, time, target.given(), target.device(), target.identity(), plan.baseline(), WORKLOADS, PROFILE.trials(),
                trialTime.toMillis() / 1000.0, outcome.rows(), plan.leftOut(), outcome.candidate(), outcome.confirmation(), outcome.winner(),
                conclusion, switcher.firstJournalId(), null, null);
    }

    /**
     * Writes the winner of {@code report} into the configuration file {@code configPath} (a machine path) as a
     * {@code [disk tuned-IDENTITY]} section ({@link TunedSection}), atomically and journaled, so that
     * {@code disktune rollback} takes it back.
     *
     * @throws DisktuneException (usage) when there is no winner or the disk has no stable identity
     */
    public SweepReport write(SweepReport report, String configPath) {
        if (report.winner() == null) {
            throw DisktuneException.usage("nothing to write: " + report.conclusion());
        }
        if (report.identity() == null) {
            throw DisktuneException.usage(report.device() + " has no stable identity (no /dev/disk/by-id name) to match a section by; "
                    + "add the settings to disktune.conf by hand (match.name = " + report.device() + ")");
        }
        byte[] old;
        try {
            old = Files.readAllBytes(host.path(configPath));
        } catch (NoSuchFileException e) {
            old = null;
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot read " + configPath + ": " + e.getMessage(), e);
        }
        String when = Instant.now(host.clock()).truncatedTo(ChronoUnit.SECONDS).toString();
        String section = TunedSection.render(report.identity(), report.winner(), report.baseline(), report.confirmation().verdicts(), when);
        String text = TunedSection.merge(old == null ? null : new String(old, StandardCharsets.UTF_8), section);
        JournalEntry entry = new PlanExecutor(PostconditionChecker.NONE).apply(host, Plan.of(new WriteFile(configPath, old,
                text.getBytes(StandardCharsets.UTF_8), "the winner of disktune tune " + report.device())),
                "tune " + report.device() + ": write " + report.winner().label() + " into " + configPath).orElseThrow();
        return report.withWritten(configPath, entry.id());
    }

    private static List<Workload> standardWorkloads() {
        return BlockWorkloads.all().stream().filter(w -> WORKLOADS.contains(w.name())).toList();
    }
}
