package org.disktune.cli;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.disktune.bench.BenchResult;
import org.disktune.bench.Profile;
import org.disktune.bench.Unit;
import org.disktune.bench.WorkloadResult;
import org.disktune.bench.store.BenchStore;
import org.disktune.bench.sweep.SweepReport;
import org.disktune.bench.sweep.SweepStore;
import org.disktune.core.ExitCode;

import picocli.CommandLine.Command;

/** disktune bench list: the stored benchmark results. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "List the benchmark results stored under /var/lib/disktune/bench, oldest first: each result's id (for "
                + "disktune bench compare), time, target, the device's stable identity, profile and every workload's median; then the "
                + "sweeps of disktune tune stored under /var/lib/disktune/bench/tune (for disktune bench plot). Read-only.")
final class BenchListCommand implements Callable<Integer> {
    private final Session session;

    BenchListCommand(Session session) {
        this.session = session;
    }

    record WorkloadView(String name, Unit unit, double median, int trials) {
    }

    record ResultView(String id, String time, String target, String device, String identity, Profile profile, String kernel,
            List<WorkloadView> workloads) {
        static ResultView of(BenchResult r) {
            return new ResultView(r.id(), r.time(), r.target(), r.device(), r.identity(), r.profile(), r.kernel(), r.workloads().stream()
                    .map(w -> new WorkloadView(w.name(), w.unit(), w.median(), w.trials().size())).toList());
        }
    }

    /** A stored tune sweep: its id (for disktune bench plot), what it swept, how many points, its winner (null: none). */
    record SweepView(String id, String time, String target, String device, String identity, int points, String winner, String written) {
        static SweepView of(SweepReport r) {
            return new SweepView(r.id(), r.time(), r.target(), r.device(), r.identity(), r.rows().size(),
                    r.winner() == null ? null : r.winner().label(), r.written());
        }
    }

    /** The JSON form: {"results": [...], "sweeps": [...]}. */
    record ListView(List<ResultView> results, List<SweepView> sweeps) {
    }

    @Override
    public Integer call() {
        List<BenchResult> results = new BenchStore(session.host()).list();
        List<SweepReport> sweeps = new SweepStore(session.host()).list();
        session.output().render("bench list", new ListView(results.stream().map(ResultView::of).toList(),
                sweeps.stream().map(SweepView::of).toList()), out -> {
            if (results.isEmpty()) {
                out.println("no benchmark results stored yet; run disktune bench TARGET");
            } else {
                TableRenderer table = new TableRenderer("ID", "TIME", "TARGET", "IDENTITY", "PROFILE", "MEDIANS");
                for (BenchResult r : results) {
                    table.row(r.id(), r.time(), r.target(), r.identity(), profile(r.profile()), medians(r.workloads()));
                }
                table.print(out);
            }
            if (!sweeps.isEmpty()) {
                out.println();
                out.println("tune sweeps (disktune bench plot ID --out FILE.png draws one as a heat map):");
                TableRenderer table = new TableRenderer("ID", "TIME", "TARGET", "IDENTITY", "POINTS", "WINNER");
                for (SweepReport r : sweeps) {
                    table.row(r.id(), r.time(), r.target(), r.identity(), Integer.toString(r.rows().size()),
                            r.winner() == null ? "none" : r.winner().label() + (r.written() == null ? "" : " (written)"));
                }
                table.print(out);
            }
        });
        return ExitCode.OK.code();
    }

    private static String medians(List<WorkloadResult> workloads) {
        return String.join(", ", workloads.stream().map(w -> w.name() + " " + figure(w.median()) + " " + w.unit().label()).toList());
    }

    private static String profile(Profile profile) {
        return profile == null ? null : profile.name().toLowerCase(Locale.ROOT);
    }

    /** A figure for people: one decimal below 1000, none above (31012 IOPS, 101.3 MB/s). */
    static String figure(double value) {
        return String.format(Locale.ROOT, value >= 1000 ? "%.0f" : "%.1f", value);
    }

    /** "ID: sdb (ata-ST3500...), quick profile, 2026-11-30T13:15:00Z" for the header of a comparison. */
    static String describe(BenchResult r) {
        String device = r.device() != null ? r.device() : r.target();
        String identity = r.identity() != null ? " (" + r.identity() + ")" : "";
        String profile = r.profile() != null ? ", " + profile(r.profile()) + " profile" : "";
        return r.id() + ": " + device + identity + profile + ", " + r.time();
    }
}
