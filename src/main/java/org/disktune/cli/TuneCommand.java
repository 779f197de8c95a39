package org.disktune.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.disktune.bench.sweep.InterleavedSweep;
import org.disktune.bench.sweep.SweepPlanner;
import org.disktune.bench.sweep.SweepPoint;
import org.disktune.bench.sweep.SweepReport;
import org.disktune.bench.sweep.SweepRow;
import org.disktune.bench.sweep.SweepService;
import org.disktune.bench.sweep.TunedSection;
import org.disktune.bench.stats.Verdict;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.apply.ChangePreflight;
import org.disktune.tuning.DesiredStateService;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** disktune tune TARGET: sweep scheduler x queue depth x read_ahead_kb, measured against the current settings. */
@Command(name = "tune", mixinStandardHelpOptions = true,
        description = {"Sweep the I/O scheduler (those the device offers), the queue depth (1, the current and the maximum, when "
                + "the disk has NCQ) and read_ahead_kb (128, 1024, 4096 and the current value) of block device TARGET. Each point is "
                + "measured against the current settings interleaved, trial by trial, with seq-read-buffered, seq-read-direct and "
                + "rand-read-4k-qd4 (read only); the current settings are put back at the end, also on Ctrl-C. The settings before "
                + "the sweep are one journal entry (one line in disktune history, however many switches); after SIGKILL or a crash, "
                + "disktune rollback --to ID (that entry, printed as journal_from with --json) puts them back. A winner is a point significantly better on at least one workload and worse on none (95%% "
                + "intervals), measured once more to confirm; the whole table is printed. Points that do not fit the budget are left "
                + "out, and listed: those the estimate has no room for, and, checked before each point at the pace measured so far, "
                + "those that with the confirmation would end past it.",
                "TARGET may be a directory on a disk's file system: the disk is swept (its raw reads mix with the file system's own "
                        + "I/O), and each point is also measured with seq-write and rewrite in that directory (bonnie++'s write half; "
                        + "--threads 16 --block-size 8k gives sysbench fileio's seqwr and seqrewr). Their free space (a 1 GiB file per "
                        + "thread and workload, and a margin) is checked once before the first switch, and every file they write is "
                        + "removed at the end, when the sweep fails, and on Ctrl-C or SIGTERM.",
                "With --write the winner goes into disktune.conf (or --config FILE) as a section [disk tuned-IDENTITY] matched by "
                        + "the disk's /dev/disk/by-id name (a disk without one, such as null_blk or a loop device, by its kernel name: "
                        + "[disk tuned-nullb0] with match.name = nullb0), replacing the lines of an earlier such section; journaled, "
                        + "so rollback takes it back; run disktune apply afterwards. Without --write only the restored switches change anything.",
                "The table is stored as /var/lib/disktune/bench/tune/ID.json (the id is printed; disktune bench list lists them); "
                        + "disktune bench plot ID --out FILE.png draws it as a heat map.",
                "Needs root. Exit 0, 2 for a bad target, budget, --threads or --block-size, 4 when the device cannot be read or switched or the directory has too little free space."})
final class TuneCommand implements Callable<Integer> {
    /** 90, 90s, 10m, 1h, and the compound forms SweepPlanner.human prints: 1h30m, 2m30s. */
    private static final Pattern BUDGET = Pattern.compile("([0-9]{1,6})|(?:([0-9]{1,6})h)?(?:([0-9]{1,6})m)?(?:([0-9]{1,6})s)?");
    private final Session session;

    @Parameters(index = "0", arity = "0..1", paramLabel = "TARGET", description = "A block device (/dev/sdb, sdb, /dev/disk/by-id/...), "
            + "or a directory on a disk's file system to sweep that disk with write workloads too.")
    private String target;

    @Option(names = "--threads", paramLabel = "N", description = "With a directory: seq-write and rewrite run N threads at once (1.."
            + org.disktune.bench.workload.IoShape.MAX_THREADS + ", default 1), each on a test file of its own.")
    private Integer threads;

    @Option(names = "--block-size", paramLabel = "SIZE", description = "With a directory: the size of their I/Os, a power of two from "
            + "4k to 16M (default 1M).")
    private String blockSize;

    @Option(names = "--budget", paramLabel = "DURATION", description = "Time for the whole sweep, e.g. 90s, 10m, 2m30s, 1h (default: 10m).")
    private String budget = "10m";

    @Option(names = "--write", description = "Write the winner into the configuration file.")
    private boolean write;

    @Option(names = "--force-read", description = "Sweep a device that is mounted (its file system's I/O mixes into the figures).")
    private boolean forceRead;

    @Option(names = "--trial-time", paramLabel = "SECONDS", description = "Seconds per trial instead of 1.")
    private Double trialSeconds;

    TuneCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        if (target == null) {
            throw DisktuneException.usage("tune needs a TARGET: a block device (/dev/sdb), or a directory on a disk's file system");
        }
        if (trialSeconds != null && !(trialSeconds >= 0.1 && trialSeconds <= 600)) {
            throw DisktuneException.usage("--trial-time " + trialSeconds + " is outside 0.1..600 seconds");
        }
        Duration limit = budget(budget);
        org.disktune.bench.workload.IoShape shape = org.disktune.bench.workload.IoShape.of(threads, blockSize);
        ChangePreflight.requireRoot(session.host(), "tune", "switches the settings of the device it sweeps (the settings before it "
                + "journaled in /var/lib/disktune) and reads it directly", false);
        String configPath = write ? configPath() : null;
        SweepService service = new SweepService(session.host(),
                trialSeconds == null ? null : Duration.ofMillis(Math.round(trialSeconds * 1000)));
        SweepService.Prepared prepared = service.prepare(target, limit, forceRead, shape);
        boolean human = !session.output().json();
        if (human) {
            PrintWriter out = session.out();
            out.println("tune " + prepared.target().device() + (prepared.target().identity() == null ? "" : " (" + prepared.target().identity()
                    + ")") + (prepared.directory() == null ? "" : ", writing in " + prepared.directory() + " (" + prepared.shape().describe()
                    + ")") + ": " + prepared.plan().points().size() + " points against the current " + prepared.plan().baseline().label()
                    + ", about " + SweepPlanner.human(prepared.plan().estimate()) + "; the settings before it are one journal entry "
                    + "(after a crash: disktune rollback --to the tune entry in disktune history)");
            out.flush();
        }
        SweepReport report;
        if (human && System.console() != null) {
            try (ProgressBar bar = new ProgressBarBuilder().setTaskName("tune " + target).setInitialMax(1)
                    .setConsumer(new ConsoleProgressBarConsumer(System.err)).build()) {
                report = service.tune(prepared, (done, total, what) -> {
                    bar.maxHint(total);
                    bar.stepTo(done);
                    bar.setExtraMessage(what);
                }, configPath);
            }
        } else {
            report = service.tune(prepared, InterleavedSweep.Progress.NONE, configPath);
        }
        SweepReport r = report;
        session.output().render("tune", r, out -> print(r, out));
        return ExitCode.OK.code();
    }

    /** The machine path of the configuration file: --config FILE inside the host's tree, else /etc/disktune/disktune.conf. */
    private String configPath() {
        DesiredStateService.ConfigLocation location = session.configLocation();
        if (location.file() == null) {
            return org.disktune.config.DesiredStateReader.PATH;
        }
        Path root = session.host().root().toAbsolutePath().normalize();
        Path file = location.file().toAbsolutePath().normalize();
        if (!file.startsWith(root)) {
            throw DisktuneException.usage("--config " + location.shown() + " is outside the machine's tree " + root + "; --write writes "
                    + "only there");
        }
        return "/" + root.relativize(file);
    }

    static Duration budget(String text) {
        Matcher m = BUDGET.matcher(text.strip().toLowerCase(Locale.ROOT));
        Duration d = Duration.ZERO;
        if (m.matches()) {
            d = Duration.ofSeconds(part(m.group(1)) + part(m.group(4))).plusMinutes(part(m.group(3))).plusHours(part(m.group(2)));
        }
        if (d.isZero()) {
            throw DisktuneException.usage("--budget " + text + " is not a duration; write e.g. 90s, 10m, 2m30s or 1h");
        }
        return d;
    }

    private static long part(String digits) {
        return digits == null ? 0 : Long.parseLong(digits);
    }

    private static void print(SweepReport r, PrintWriter out) {
        String[] header = new String[r.workloads().size() + 2];
        header[0] = "POINT";
        for (int i = 0; i < r.workloads().size(); i++) {
            header[i + 1] = r.workloads().get(i);
        }
        header[header.length - 1] = "QUALIFIES";
        TableRenderer table = new TableRenderer(header);
        String[] base = new String[header.length];
        base[0] = r.baseline().label() + " (current)";
        for (int i = 1; i < header.length - 1; i++) {
            base[i] = "baseline";
        }
        base[header.length - 1] = "-";
        table.row(base);
        for (SweepRow row : r.rows()) {
            table.row(cells(row, header.length, ""));
        }
        if (r.confirmation() != null) {
            table.row(cells(r.confirmation(), header.length, " (again)"));
        }
        table.print(out);
        out.println("each cell: change against the current settings measured in between, median ratio and 95% interval; "
                + "~ marks no detectable change; " + r.trials() + " trials per side of " + r.trialSeconds() + " s");
        if (!r.leftOut().isEmpty()) {
            out.println("left out by the budget (" + r.leftOut().size() + "): " + String.join("; ", r.leftOut().stream().map(SweepPoint::label)
                    .toList()));
        }
        out.println(r.winner() == null ? r.conclusion() : "winner: " + r.conclusion());
        if (r.written() != null) {
            out.println("written: [disk " + TunedSection.label(r.identity() != null ? r.identity() : r.device()) + "] into " + r.written() + " (journal " + r.writtenJournalId()
                    + "); run disktune apply to make it so, now and at boot");
        } else if (r.winner() != null) {
            out.println("not written: add --write to put it into disktune.conf");
        }
        out.println("stored: " + org.disktune.bench.sweep.SweepStore.DIRECTORY + "/" + r.id() + ".json; draw it as a heat map with: "
                + "disktune bench plot " + r.id() + " --out tune.png");
    }

    private static String[] cells(SweepRow row, int width, String suffix) {
        String[] cells = new String[width];
        cells[0] = row.label() + suffix;
        for (int i = 0; i < row.verdicts().size(); i++) {
            Verdict v = row.verdicts().get(i);
            cells[i + 1] = TunedSection.cell(v);
        }
        cells[width - 1] = row.qualifies() ? "yes" : "no";
        return cells;
    }
}
