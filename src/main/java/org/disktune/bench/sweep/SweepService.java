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
import org.disktune.bench.workload.DirectorySpace;
import org.disktune.bench.workload.DirectoryWorkloads;
import org.disktune.bench.workload.IoShape;
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
 *
 * <p>{@code tune DIR} sweeps the disk that holds the directory (its raw reads mix with the file system's own I/O)
 * and adds the write workloads, seq-write and rewrite, in DIR (bonnie++'s write half; with {@link IoShape} threads and
 * block size, sysbench fileio's seqwr and seqrewr): the free space they need is checked once before the first switch,
 * and every file they write is removed at the end, when the sweep fails, and on Ctrl-C or SIGTERM.
 */
public final class SweepService {
    /** The workloads of a sweep, by their names in the bench JSON contract. */
    public static final List<String> WORKLOADS = List.of("seq-read-buffered", "seq-read-direct", "rand-read-4k-qd4");
    /** The workloads a sweep of a directory's disk adds in the directory. */
    public static final List<String> WRITE_WORKLOADS = List.of("seq-write", "rewrite");
    static final Profile PROFILE = Profile.QUICK;
    /** A kernel name that match.name takes as itself: no glob character (disktune.conf(5)). */
    private static final java.util.regex.Pattern KERNEL_NAME = java.util.regex.Pattern.compile("[A-Za-z0-9_.:-]+");

    private final Host host;
    private final Duration trialTime;
    private final java.util.function.Supplier<List<Workload>> workloads;
    private final long writeFileBytes;

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
        this(host, trialTime, workloads, 0);
    }

    /** With test files of {@code writeFileBytes} per thread for the write workloads of a directory (tests; 0: 1 GiB). */
    public SweepService(Host host, Duration trialTime, java.util.function.Supplier<List<Workload>> workloads, long writeFileBytes) {
        this.host = host;
        this.trialTime = trialTime == null ? PROFILE.trialTime() : trialTime;
        this.workloads = workloads;
        this.writeFileBytes = writeFileBytes;
    }

    /** With the standard read workloads and test files of {@code writeFileBytes} per thread (tests). */
    public SweepService(Host host, Duration trialTime, long writeFileBytes) {
        this(host, trialTime, SweepService::standardWorkloads, writeFileBytes);
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

    /**
     * The device and the plan a budget gives, without measuring or changing anything; {@code directory} (a machine
     * path, null for a block device) is where the write workloads run with {@code shape}'s threads and blocks.
     */
    public record Prepared(BenchTarget target, Disk disk, SweepPlan plan, String directory, IoShape shape) {
        /** A block device's sweep: read workloads only. */
        public Prepared(BenchTarget target, Disk disk, SweepPlan plan) {
            this(target, disk, plan, null, IoShape.DEFAULT);
        }

        /** The names of the workloads measured at every point, in the order they run. */
        public List<String> workloads() {
            return directory == null ? WORKLOADS : java.util.stream.Stream.concat(WORKLOADS.stream(), WRITE_WORKLOADS.stream()).toList();
        }
    }

    /** As {@link #prepare(String, Duration, boolean, IoShape)} with one thread and the workloads' own blocks. */
    public Prepared prepare(String target, Duration budget, boolean forceRead) {
        return prepare(target, budget, forceRead, IoShape.DEFAULT);
    }

    /**
     * Resolves {@code target}, a block device or a directory on a disk's file system (the disk is swept, and the write
     * workloads run in the directory with {@code shape}), reads the disk's settings and plans the sweep.
     */
    public Prepared prepare(String target, Duration budget, boolean forceRead, IoShape shape) {
        MachineReport machine = new MachineDetector(host).detect();
        BenchTarget resolved = new TargetResolver(host).resolve(target, machine, forceRead);
        boolean directory = resolved.kind() == BenchTarget.Kind.DIRECTORY;
        if (!directory && !shape.equals(IoShape.DEFAULT)) {
            throw DisktuneException.usage("--threads and --block-size shape the write workloads of a directory; " + target + " is a block "
                    + "device, swept with read workloads only: leave them out, or name a directory on its file system");
        }
        Disk disk = machine.disks().stream().filter(d -> d.name().equals(resolved.device())).findFirst()
                .orElseThrow(() -> DisktuneException.usage(target + " is on no disk disktune can sweep (" + (resolved.device() == null
                        ? "no block device holds it" : resolved.device() + " is not a disk in /sys/block") + "); name a directory on a "
                        + "disk's file system, or the disk (/dev/sdb)"));
        SweepSpace space = SweepSpace.of(disk).orElseThrow(() -> new DisktuneException(ExitCode.ENVIRONMENT, "cannot read the scheduler "
                + "list or read_ahead_kb of " + disk.name() + " in /sys/block/" + disk.name() + "/queue: nothing to sweep"));
        Prepared prepared = new Prepared(resolved, disk, null, directory ? resolved.path() : null, shape);
        return new Prepared(resolved, disk, SweepPlanner.plan(space, budget, PROFILE.warmups() + PROFILE.trials(),
                prepared.workloads().size(), trialTime), prepared.directory(), shape);
    }

    /** Runs the sweep of {@code prepared}; the device's settings are as before when it returns or throws. */
    public SweepReport run(Prepared prepared, InterleavedSweep.Progress progress) {
        BenchTarget target = prepared.target();
        SweepPlan plan = prepared.plan();
        SysfsSwitcher switcher = new SysfsSwitcher(host, target.device(), target.identity(), plan.baseline());
        if (!switcher.current().equals(plan.baseline())) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, target.device() + " changed while the sweep was planned; run again");
        }
        String node = "/dev/" + target.device();
        WorkloadContext context = new WorkloadContext(host, target.device(), host.path(node), PROFILE, host.clock(),
                System::nanoTime, trialTime);
        List<Workload> measured = new java.util.ArrayList<>(workloads.get());
        if (prepared.directory() != null) {
            java.nio.file.Path directory = host.path(prepared.directory());
            List<Workload> writes = DirectoryWorkloads.all(writeFileBytes, true, prepared.shape()).stream()
                    .filter(w -> WRITE_WORKLOADS.contains(w.name())).toList();
            try {
                DirectorySpace.require(writes, context.withPath(directory));
            } catch (IOException e) {
                throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot check the free space of " + prepared.directory() + ": "
                        + e.getMessage(), e);
            }
            writes.forEach(w -> measured.add(new InDirectory(w, directory)));
        }
        InterleavedSweep sweep = new InterleavedSweep(measured, context, switcher, PROFILE.warmups(), PROFILE.trials(), progress);
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
        return new SweepReport(SweepReport.SCHEMA_VERSION, null, time, target.given(), target.device(), target.identity(), plan.baseline(), prepared.workloads(), PROFILE.trials(),
                trialTime.toMillis() / 1000.0, outcome.rows(), leftOut(outcome, plan), outcome.candidate(), outcome.confirmation(), outcome.winner(),
                conclusion, switcher.firstJournalId(), null, null);
    }

    /** The points the budget left out: those the run had no time for, then those the plan had none for. */
    private static List<SweepPoint> leftOut(InterleavedSweep.Outcome outcome, SweepPlan plan) {
        List<SweepPoint> all = new java.util.ArrayList<>(outcome.leftOut());
        all.addAll(plan.leftOut());
        return all;
    }

    /**
     * Writes the winner of {@code report} into the configuration file {@code configPath} (a machine path) as a
     * {@code [disk tuned-IDENTITY]} section ({@link TunedSection}), atomically and journaled, so that
     * {@code disktune rollback} takes it back. A disk without a stable identity is matched by its kernel name.
     *
     * @throws DisktuneException (usage) when there is no winner
     */
    public SweepReport write(SweepReport report, String configPath) {
        if (report.winner() == null) {
            throw DisktuneException.usage("nothing to write: " + report.conclusion());
        }
        if (report.identity() == null && !KERNEL_NAME.matcher(report.device()).matches()) {
            throw DisktuneException.usage(report.device() + " has no stable identity (no /dev/disk/by-id name) and a kernel name that "
                    + "match.name cannot hold; add the settings to disktune.conf by hand");
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
        String section = TunedSection.render(report.identity(), report.device(), report.winner(), report.baseline(), report.confirmation().verdicts(), when);
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
