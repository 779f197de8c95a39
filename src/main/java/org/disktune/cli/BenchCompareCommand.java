package org.disktune.cli;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.disktune.bench.BenchResult;
import org.disktune.bench.Unit;
import org.disktune.bench.stats.Comparison;
import org.disktune.bench.stats.ComparisonResult;
import org.disktune.bench.stats.Direction;
import org.disktune.bench.stats.Verdict;
import org.disktune.bench.store.BenchStore;
import org.disktune.core.ExitCode;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** disktune bench compare A B: two stored benchmark runs, workload by workload, with a confidence interval each. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare two benchmark results, A (before) and B (after), each an id from disktune bench list or the path "
                + "of a result's JSON file. For every workload both measured: the change of B against A with its 95%% confidence "
                + "interval (Hodges-Lehmann estimate and exact Mann-Whitney interval of the ratio), claimed only when the interval "
                + "excludes 0%%: \"seq-read-buffered +7.9%% [+3.1%%, +12.4%%]\", otherwise \"seq-read-buffered: no detectable "
                + "change (-1.2%% [-4.0%%, +1.9%%])\", then the medians of A's and B's trials; where those moved the other way from the "
                + "estimate (the median of all ratios of a trial of B to a trial of A, not the ratio of the medians), the line says so. Notes say when the runs measured different devices, profiles or kernels, which "
                + "settings differ, and which workloads only one run measured. That interval reflects only the trials inside each "
                + "run; two separate runs of one device at the same true speed can differ by more (drift), and a note says so.",
                "Several runs per side (A1,A2,A3 B1,B2,B3; each run with the same settings) give a verdict that accounts for the "
                + "variation between runs: each run is reduced to the median of its trials, and the 99%% interval of the ratio is "
                + "Welch's t interval of the mean logarithms of those medians, so drift between runs is in it. With 2 or more runs on "
                + "each side a change is claimed only when that interval excludes 0%%; with one run on a side (and several on the "
                + "other) the line says \"cannot tell\". Read-only.",
                "Exit 0, 1 when a workload got significantly worse (a regression), 2 for a missing or unreadable result."})
final class BenchCompareCommand implements Callable<Integer> {
    private final Session session;

    @Parameters(index = "0", paramLabel = "A", split = ",", description = "The result before: an id (disktune bench list) or a JSON "
            + "file; several runs of the same settings separated by commas (A1,A2,A3) for a verdict that accounts for the variation "
            + "between runs.")
    private List<String> before;

    @Parameters(index = "1", paramLabel = "B", split = ",", description = "The result after: an id or a JSON file; several separated "
            + "by commas.")
    private List<String> after;

    /** Said with every comparison of one run per side, whose interval cannot contain the drift between runs. */
    static final String ONE_RUN_NOTE = "one run per side: each interval reflects the trials inside each run, not the variation "
            + "between separate runs (drift), which can be larger; compare 2 or more runs of each side (A1,A2 B1,B2) to account for it";

    BenchCompareCommand(Session session) {
        this.session = session;
    }

    /** The JSON form of one verdict; percentages are (B/A - 1) · 100, null when unbounded. */
    record VerdictView(String workload, Unit unit, double medianA, double medianB, Double changePercent, Double lowPercent,
            Double highPercent, Direction direction, String text) {
        static VerdictView of(Verdict v) {
            return new VerdictView(v.workload(), v.unit(), v.medianA(), v.medianB(), percent(v.ratio().estimate()),
                    percent(v.ratio().low()), percent(v.ratio().high()), v.direction(), v.text());
        }

        private static Double percent(double ratio) {
            double p = Verdict.changePercent(ratio);
            return Double.isFinite(p) ? p : null;
        }
    }

    /** The JSON form: {"a": id, "b": id, "verdicts": [...], "notes": [...], "regression": bool}. */
    record CompareView(String a, String b, List<VerdictView> verdicts, List<String> notes, boolean regression) {
    }

    @Override
    public Integer call() {
        BenchStore store = new BenchStore(session.host());
        List<BenchResult> as = before.stream().map(id -> load(store, id)).toList();
        List<BenchResult> bs = after.stream().map(id -> load(store, id)).toList();
        BenchResult a = as.get(0);
        BenchResult b = bs.get(0);
        ComparisonResult comparison = Comparison.compareRuns(as, bs);
        List<String> notes = new java.util.ArrayList<>(comparison.notes());
        if (as.size() == 1 && bs.size() == 1) {
            notes.add(ONE_RUN_NOTE);
        }
        CompareView view = new CompareView(ids(as), ids(bs), comparison.verdicts().stream().map(VerdictView::of).toList(),
                notes, comparison.regression());
        session.output().render("bench compare", view, out -> {
            as.forEach(r -> out.println("A: " + BenchListCommand.describe(r)));
            bs.forEach(r -> out.println("B: " + BenchListCommand.describe(r)));
            for (Verdict v : comparison.verdicts()) {
                out.println(v.text() + "  (" + (as.size() == 1 && bs.size() == 1 ? medians(v, a, b) : "median of all trials "
                        + BenchListCommand.figure(v.medianA()) + " -> " + BenchListCommand.figure(v.medianB()) + " " + v.unit().label()) + ")");
            }
            for (String note : notes) {
                out.println("note: " + note);
            }
            List<String> worse = comparison.verdicts().stream().filter(v -> v.direction() == Direction.WORSE).map(Verdict::workload).toList();
            out.println(worse.isEmpty() ? "no regression" : "regression: " + String.join(", ", worse) + " got significantly worse");
        });
        return comparison.regression() ? ExitCode.DRIFT.code() : ExitCode.OK.code();
    }

    /**
     * The medians of each run's trials; where they moved the other way from the estimate, why: "trial medians 1818 -> 1449
     * MB/s, -20.3%: the other way from the estimate, which is the median of all 25 ratios of a trial of B to a trial of A, ...".
     */
    private static String medians(Verdict v, BenchResult a, BenchResult b) {
        String figures = BenchListCommand.figure(v.medianA()) + " -> " + BenchListCommand.figure(v.medianB()) + " " + v.unit().label();
        if (!v.mediansDisagree()) {
            return "median " + figures;
        }
        return "trial medians " + figures + ", " + v.mediansChange() + ": the other way from the estimate, which is the median of all "
                + trials(a, v.workload()) * trials(b, v.workload()) + " ratios of a trial of B to a trial of A, not the ratio of the medians; "
                + (v.direction() == Direction.NONE ? "the trials are too spread to tell which way it went" : "at least half of the pairs of trials changed the way the estimate says");
    }

    private static String ids(List<BenchResult> runs) {
        return String.join(",", runs.stream().map(BenchResult::id).toList());
    }

    private static int trials(BenchResult result, String workload) {
        return result.workloads().stream().filter(w -> w.name().equals(workload)).findFirst().map(w -> w.trials().size()).orElse(0);
    }

    /** A stored id, else a file the user named (looked up like every file argument), else the store's "no such id". */
    static BenchResult load(BenchStore store, String argument, Session session) {
        if (!store.contains(argument) && (argument.contains("/") || argument.toLowerCase(Locale.ROOT).endsWith(".json"))) {
            return store.loadFile(session.localFile(argument), argument);
        }
        return store.load(argument);
    }

    private BenchResult load(BenchStore store, String argument) {
        return load(store, argument, session);
    }
}
