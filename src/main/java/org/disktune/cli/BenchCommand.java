package org.disktune.cli;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

import org.disktune.bench.BenchResult;
import org.disktune.bench.run.BenchRunner;
import org.disktune.bench.run.BenchService;
import org.disktune.bench.Profile;
import org.disktune.bench.run.StandardWorkloads;
import org.disktune.bench.run.StoredResults;
import org.disktune.bench.WorkloadResult;
import org.disktune.bench.workload.IoShape;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** disktune bench TARGET: measure a block device (read only) or a directory, repeated, and store the result. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Measure TARGET, a block device (read only: sequential reads like hdparm -t and -T, O_DIRECT sequential "
                + "and 4 KiB random reads at queue depths 1, 4 and 32) or a directory on the file system under test (block "
                + "write with fsync, rewrite, read, random read/write, small files; every file removed afterwards, also on "
                + "Ctrl-C; with --threads N each of seq-write, rewrite, seq-read and rand-rw runs N threads at once, each on a test "
                + "file of its own, and --block-size sets the size of their I/Os: --threads 16 --block-size 8k is sysbench fileio's "
                + "seqwr and seqrewr of the seed reports; the free space for every file is checked once, before anything is written). "
                + "Several trials per workload after a warm-up, interleaved across workloads; the result, with every "
                + "trial and the settings in force, is stored under /var/lib/disktune/bench/ID.json. A progress bar goes to "
                + "stderr when it is a terminal; the result says the threads and block size, and bench compare refuses runs whose "
                + "threads or block sizes differ.",
                "Exit 0, 2 for a bad target, --threads or --block-size, 4 when it cannot be read or written (or has too little free "
                        + "space)."},
        subcommands = {BenchCompareCommand.class, BenchListCommand.class, BenchPlotCommand.class})
final class BenchCommand implements Callable<Integer> {
    private final Session session;

    @Parameters(index = "0", arity = "0..1", paramLabel = "TARGET", description = "A block device (/dev/sdb, sdb, /dev/disk/by-id/...) "
            + "or a directory.")
    private String target;

    @Option(names = "--quick", description = "Fewer and shorter trials: under a minute for a block device.")
    private boolean quick;

    @Option(names = "--force-read", description = "Read a device that is mounted (reading never changes it; its file system's I/O "
            + "mixes into the figures).")
    private boolean forceRead;

    @Option(names = "--only", split = ",", paramLabel = "WORKLOAD", description = "Run only these workloads (e.g. seq-read-buffered).")
    private List<String> only = List.of();

    @Option(names = "--trial-time", paramLabel = "SECONDS", description = "Seconds per trial instead of the profile's (3, or 1 with "
            + "--quick).")
    private Double trialSeconds;

    @Option(names = "--threads", paramLabel = "N", description = "A directory's seq-write, rewrite, seq-read and rand-rw run N threads "
            + "at once (1.." + IoShape.MAX_THREADS + ", default 1), each with a test file of its own: the free space needed grows N times.")
    private Integer threads;

    @Option(names = "--block-size", paramLabel = "SIZE", description = "The size of each I/O of those workloads, a power of two from 4k to "
            + "16M (8k, 4KiB, 64k, 1M; k and M are 1024 and 1024 x 1024); default 1M for the sequential ones and 4k for rand-rw.")
    private String blockSize;

    BenchCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        if (target == null) {
            throw DisktuneException.usage("bench needs a TARGET: a block device (/dev/sdb) or a directory on the file system under test");
        }
        if (trialSeconds != null && !(trialSeconds >= 0.1 && trialSeconds <= 600)) {
            throw DisktuneException.usage("--trial-time " + trialSeconds + " is outside 0.1..600 seconds");
        }
        IoShape shape = IoShape.of(threads, blockSize);
        Profile profile = quick ? Profile.QUICK : Profile.DEFAULT;
        Duration trialTime = trialSeconds == null ? null : Duration.ofMillis(Math.round(trialSeconds * 1000));
        BenchService service = new BenchService(session.host(), new StandardWorkloads(), new StoredResults(session.host()));
        Set<String> names = new LinkedHashSet<>(only);
        BenchResult result;
        ProgressBar shown = progressBar(target, session.output().json(), System.console() != null, System.err);
        if (shown != null) {
            try (ProgressBar bar = shown) {
                result = service.run(target, profile, forceRead, names, trialTime, shape, (done, total, workload) -> {
                    bar.maxHint(total);
                    bar.stepTo(done);
                    bar.setExtraMessage(workload);
                });
            }
        } else {
            result = service.run(target, profile, forceRead, names, trialTime, shape, BenchRunner.Progress.NONE);
        }
        BenchResult r = result;
        session.output().render("bench", r, out -> print(r, out));
        return ExitCode.OK.code();
    }

    /**
     * The bench progress bar on {@code err}, or null (nothing drawn, nothing written) with --json or when stderr is
     * not a terminal ({@code terminal}: {@link System#console()} is not null, i.e. stdin and stdout are a terminal).
     */
    static ProgressBar progressBar(String target, boolean json, boolean terminal, java.io.PrintStream err) {
        if (json || !terminal) {
            return null;
        }
        return new ProgressBarBuilder().setTaskName("bench " + target).setInitialMax(1)
                .setConsumer(new ConsoleProgressBarConsumer(err)).build();
    }

    private static void print(BenchResult r, java.io.PrintWriter out) {
        out.println("bench " + r.id() + ": " + r.target() + (r.identity() == null ? "" : " (" + r.identity() + ")") + ", "
                + r.profile().name().toLowerCase(java.util.Locale.ROOT) + " profile, " + (r.workloads().isEmpty() ? 0
                        : r.workloads().get(0).trials().size()) + " trials each, " + (r.threads() == null ? "" : r.describeShape() + ", ")
                + "kernel " + r.kernel());
        TableRenderer table = new TableRenderer("WORKLOAD", "MEDIAN", "UNIT", "TRIALS (MIN..MAX)", "P50 us", "P99 us", "P99.9 us");
        for (WorkloadResult w : r.workloads()) {
            double[] v = w.values();
            double min = java.util.Arrays.stream(v).min().orElse(Double.NaN);
            double max = java.util.Arrays.stream(v).max().orElse(Double.NaN);
            table.row(w.name(), figure(w.median()), w.unit().label(), figure(min) + ".." + figure(max),
                    w.latency() == null ? null : figure(w.latency().p50Us()), w.latency() == null ? null : figure(w.latency().p99Us()),
                    w.latency() == null ? null : figure(w.latency().p999Us()));
        }
        table.print(out);
        out.println("settings: " + String.join(", ", r.settings().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList()));
        out.println("stored: /var/lib/disktune/bench/" + r.id() + ".json; compare with: disktune bench compare " + r.id() + " LATER-ID");
    }

    private static String figure(double v) {
        return Double.isNaN(v) ? "-" : v >= 100 ? String.format(java.util.Locale.ROOT, "%.0f", v)
                : String.format(java.util.Locale.ROOT, "%.1f", v);
    }
}
