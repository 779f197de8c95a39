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
                + "settings differ, and which workloads only one run measured. Read-only.",
                "Exit 0, 1 when a workload got significantly worse (a regression), 2 for a missing or unreadable result."})
final class BenchCompareCommand implements Callable<Integer> {
    private final Session session;

    @Parameters(index = "0", paramLabel = "A", description = "The result before: an id (disktune bench list) or a JSON file.")
    private String before;

    @Parameters(index = "1", paramLabel = "B", description = "The result after: an id or a JSON file.")
    private String after;

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
        BenchResult a = load(store, before);
        BenchResult b = load(store, after);
        ComparisonResult comparison = Comparison.compare(a, b);
        CompareView view = new CompareView(a.id(), b.id(), comparison.verdicts().stream().map(VerdictView::of).toList(),
                comparison.notes(), comparison.regression());
        session.output().render("bench compare", view, out -> {
            out.println("A: " + BenchListCommand.describe(a));
            out.println("B: " + BenchListCommand.describe(b));
            for (Verdict v : comparison.verdicts()) {
                out.println(v.text() + "  (" + medians(v, a, b) + ")");
            }
            for (String note : comparison.notes()) {
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
