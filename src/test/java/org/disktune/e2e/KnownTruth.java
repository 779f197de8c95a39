package org.disktune.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.disktune.bench.BenchResult;
import org.disktune.bench.WorkloadResult;
import org.disktune.bench.stats.Comparison;
import org.disktune.bench.stats.Direction;
import org.disktune.bench.stats.RatioInterval;
import org.disktune.bench.stats.Verdict;
import org.disktune.bench.store.BenchStore;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;

/**
 * The judge of the benchmarks on a device whose truth is known (probes/known-truth.sh, issue 34): null_blk completing
 * every request after a fixed time L, so that throughput is requests in flight x request size / L, and each setting's
 * effect is the ratio of the requests in flight it allows to the base settings' (docs/testing.md, "Benchmarks on a
 * device whose truth is known"). It compares the stored results of the probe's runs as {@code bench compare} does
 * ({@link Comparison#compareRuns}: several runs per side) and checks
 * <ul>
 * <li>that base reaches its theory, within {@value #THEORY_BELOW} below and {@value #THEORY_ABOVE} above: when
 * something else limits it (the emulated CPU), no ratio of that workload says anything about the device, and each
 * is "cannot tell";</li>
 * <li>each real effect: claimed with the right sign, and its interval covers the expected ratio, known within the
 * theory's tolerance (each state measures within it, so its ratio to base is within (1 - below) / (1 + above) and
 * its inverse of first principles: x0.76..x1.31);</li>
 * <li>each effect that is not there (mq-deadline, read_ahead_kb on O_DIRECT reads): no detectable change;</li>
 * <li>A/A: every window of four consecutive base runs split all three ways into two against two: at least
 * {@value #AA_COMPARISONS} comparisons, with at most {@value #AA_CLAIMS_ALLOWED} claimed change per workload.</li>
 * </ul>
 * A check whose comparison cannot tell (one run of a state) says so: it is never ok. The workloads judged are those
 * every base run measured ({@link #WORKLOADS} in that order): the CI run (WholeCycleIT's PIIX boot 2) measures
 * random reads only and leaves read_ahead_kb out, a hand-run both. Each state of {@link #REQUIRED_STATES} must have
 * run: a probe whose runs of a state failed is not judged by what is left.
 */
final class KnownTruth {
    static final String RANDOM = "rand-read-4k-qd32";
    static final String SEQUENTIAL = "seq-read-buffered";
    static final List<String> WORKLOADS = List.of(RANDOM, SEQUENTIAL);
    /** The states whose effect (or its absence) every probe run must show: depth, nr_requests, the scheduler. */
    static final List<String> REQUIRED_STATES = List.of("nr4", "deadline", "depth1");
    /** At most this many claimed changes per workload over all A/A comparisons. */
    static final int AA_CLAIMS_ALLOWED = 1;
    /** At least this many A/A comparisons, for the claims allowed to mean anything (issue 34: "at least 20 A/A pairs"). */
    static final int AA_COMPARISONS = 20;
    /** How far below its theory base may measure (the timer's and the emulated CPU's cost per request) ... */
    static final double THEORY_BELOW = 0.2;
    /** ... and above it (nothing beats the device's latency: above means the settings are not those recorded). */
    static final double THEORY_ABOVE = 0.05;
    private static final int[][][] SPLITS = {{{0, 1}, {2, 3}}, {{0, 2}, {1, 3}}, {{0, 3}, {1, 2}}};

    /** A device state's settings, as the probe recorded them in facts.txt before each run. */
    record Settings(int hwQueueDepth, int nrRequests, String scheduler, int readAheadKb, int maxSectorsKb, long completionNsec) {
        /** Tags the block layer can give out: the hardware's, and nr_requests below it when there is no scheduler. */
        int tags() {
            return "none".equals(scheduler) ? Math.min(hwQueueDepth, nrRequests) : hwQueueDepth;
        }

        /**
         * Requests in flight: 32 O_DIRECT 4 KiB reads for rand-read-4k-qd32; for 2 MiB buffered reads, the readahead
         * window in requests of max_sectors_kb, and at least 2 (a window smaller than the read becomes one request of
         * max_sectors_kb read synchronously plus one asynchronous window ahead, mm/readahead.c), both up to the tags.
         */
        int inFlight(String workload) {
            int wanted = RANDOM.equals(workload) ? 32 : Math.max(2, readAheadKb / maxSectorsKb);
            return Math.min(wanted, tags());
        }

        /** Requests in flight x request size / L, in the workload's unit: IOPS, or MB/s (10^6 bytes) of max_sectors_kb requests. */
        double theory(String workload) {
            double perSecond = inFlight(workload) * 1e9 / completionNsec;
            return RANDOM.equals(workload) ? perSecond : perSecond * maxSectorsKb * 1024 / 1e6;
        }
    }

    /** One run of the probe: its label (STATE-N), the settings it ran with, its stored result. */
    record Run(String label, Settings settings, BenchResult result) {
        String state() {
            return label.replaceFirst("-\\d+$", "");
        }
    }

    /** What a check says: ok, cannot tell (never ok), or failed. */
    enum Status {
        OK, CANNOT_TELL, FAILED
    }

    /** One check: what was checked ("nr4 rand-read-4k-qd32", "A/A seq-read-buffered"), its status and the evidence. */
    record Finding(String what, Status status, String detail) {
        String line() {
            return status.name().toLowerCase(Locale.ROOT).replace('_', ' ') + ": " + what + ": " + detail;
        }
    }

    /** Every check of one probe run; it passed when there are checks and each is ok. */
    record Report(List<Finding> findings) {
        boolean passed() {
            return !findings.isEmpty() && findings.stream().allMatch(f -> f.status() == Status.OK);
        }

        Finding finding(String what) {
            return findings.stream().filter(f -> f.what().equals(what)).findFirst()
                    .orElseThrow(() -> new AssertionError("no check " + what + " in\n" + summary()));
        }

        String summary() {
            return String.join("\n", findings.stream().map(Finding::line).toList());
        }
    }

    private KnownTruth() {
    }

    /** Reads the probe's directory (facts.txt, LABEL.json per run that stored a result) and judges it. */
    static Report judge(Path dir) {
        return judge(read(dir));
    }

    /** Judges the runs, in the order they ran. */
    static Report judge(List<Run> runs) {
        Map<String, List<Run>> byState = new LinkedHashMap<>();
        runs.forEach(r -> byState.computeIfAbsent(r.state(), s -> new ArrayList<>()).add(r));
        List<Run> base = byState.getOrDefault("base", List.of());
        if (base.isEmpty()) {
            return new Report(List.of(new Finding("base", Status.FAILED, "no base run among " + byState.keySet())));
        }
        List<String> workloads = WORKLOADS.stream()
                .filter(w -> base.stream().allMatch(r -> r.result().workloads().stream().anyMatch(m -> m.name().equals(w)))).toList();
        if (workloads.isEmpty()) {
            return new Report(List.of(new Finding("base", Status.FAILED, "the base runs have no workload of " + WORKLOADS + " in common")));
        }
        List<Finding> findings = new ArrayList<>();
        REQUIRED_STATES.stream().filter(state -> !byState.containsKey(state)).forEach(state -> findings.add(new Finding(state,
                Status.FAILED, "no run of " + state + " stored a result (runs: " + String.join(" ", runs.stream().map(Run::label).toList()) + ")")));
        Map<String, Boolean> trusted = new LinkedHashMap<>();
        for (String workload : workloads) {
            Finding f = theory(workload, base);
            findings.add(f);
            trusted.put(workload, f.status() == Status.OK);
        }
        byState.forEach((state, those) -> {
            if (!state.equals("base")) {
                findings.addAll(effects(state, base, those, trusted));
            }
        });
        findings.addAll(aa(base, workloads));
        return new Report(findings);
    }

    /** Whether base reaches its theory: the median of its runs' medians against requests in flight x size / L. */
    private static Finding theory(String workload, List<Run> base) {
        double measured = RatioInterval.median(base.stream().flatMap(r -> r.result().workloads().stream())
                .filter(w -> w.name().equals(workload)).mapToDouble(WorkloadResult::median).toArray());
        Settings s = base.get(0).settings();
        double reach = measured / s.theory(workload);
        boolean within = reach >= 1 - THEORY_BELOW && reach <= 1 + THEORY_ABOVE;
        return new Finding("base " + workload, within ? Status.OK : Status.CANNOT_TELL, String.format(Locale.ROOT,
                "%.4g, %.0f%% of its theory %.4g (%d requests in flight, %d ms each)%s", measured, reach * 100, s.theory(workload),
                s.inFlight(workload), s.completionNsec() / 1_000_000, within ? "" : String.format(Locale.ROOT,
                        "; outside %.0f%%..%.0f%%: something else limits it, so no ratio of it is trusted", (1 - THEORY_BELOW) * 100,
                        (1 + THEORY_ABOVE) * 100)));
    }

    /** The checks of one state against base: one per workload, "cannot tell" for a workload whose base misses its theory. */
    private static List<Finding> effects(String state, List<Run> base, List<Run> those, Map<String, Boolean> trusted) {
        Map<String, Verdict> verdicts = new LinkedHashMap<>();
        Comparison.compareRuns(results(base), results(those)).verdicts().forEach(v -> verdicts.put(v.workload(), v));
        List<Finding> findings = new ArrayList<>();
        for (String workload : trusted.keySet()) {
            String what = state + " " + workload;
            double expected = (double) those.get(0).settings().inFlight(workload) / base.get(0).settings().inFlight(workload);
            String want = "; expected " + (expected == 1 ? "no change" : String.format(Locale.ROOT, "x%.3g", expected)) + " ("
                    + those.size() + " run(s) against " + base.size() + " of base)";
            Verdict v = verdicts.get(workload);
            if (v == null) {
                findings.add(new Finding(what, Status.FAILED, "not compared: some run did not measure it" + want));
            } else if (!trusted.get(workload)) {
                findings.add(new Finding(what, Status.CANNOT_TELL, "base does not reach its theory: " + v.text() + want));
            } else if (v.direction() == Direction.CANNOT_TELL) {
                findings.add(new Finding(what, Status.CANNOT_TELL, v.text() + want));
            } else {
                findings.add(new Finding(what, holds(v, expected) ? Status.OK : Status.FAILED, v.text() + want));
            }
        }
        return findings;
    }

    /**
     * An effect that is there: claimed with its sign, the interval meeting the expected ratio within the theory's
     * tolerance (guest run at 40 ms: base at 93% of its theory, depth1 at 89%, so depth1's ratio is 0.96 of 1/32);
     * one that is not there: no detectable change.
     */
    static boolean holds(Verdict v, double expected) {
        if (expected == 1) {
            return v.direction() == Direction.NONE;
        }
        Direction sign = expected > 1 ? Direction.BETTER : Direction.WORSE;
        double low = expected * (1 - THEORY_BELOW) / (1 + THEORY_ABOVE);
        double high = expected * (1 + THEORY_ABOVE) / (1 - THEORY_BELOW);
        return v.direction() == sign && v.ratio().low() <= high && low <= v.ratio().high();
    }

    /** A/A: every window of four consecutive base runs split all three ways, two against two. */
    private static List<Finding> aa(List<Run> base, List<String> workloads) {
        Map<String, Integer> claims = new LinkedHashMap<>();
        workloads.forEach(w -> claims.put(w, 0));
        int comparisons = 0;
        for (int i = 0; i + 3 < base.size(); i++) {
            List<Run> window = base.subList(i, i + 4);
            for (int[][] split : SPLITS) {
                List<Run> a = List.of(window.get(split[0][0]), window.get(split[0][1]));
                List<Run> b = List.of(window.get(split[1][0]), window.get(split[1][1]));
                comparisons++;
                Comparison.compareRuns(results(a), results(b)).verdicts().stream()
                        .filter(v -> claims.containsKey(v.workload()) && v.ratio().excludesOne())
                        .forEach(v -> claims.merge(v.workload(), 1, Integer::sum));
            }
        }
        List<Finding> findings = new ArrayList<>();
        for (Map.Entry<String, Integer> c : claims.entrySet()) {
            String detail = c.getValue() + " claimed change(s) in " + comparisons + " comparisons of two base runs against two (at most "
                    + AA_CLAIMS_ALLOWED + " in at least " + AA_COMPARISONS + ")";
            Status status = c.getValue() > AA_CLAIMS_ALLOWED ? Status.FAILED : comparisons < AA_COMPARISONS ? Status.CANNOT_TELL : Status.OK;
            findings.add(new Finding("A/A " + c.getKey(), status, detail));
        }
        return findings;
    }

    private static List<BenchResult> results(List<Run> runs) {
        return runs.stream().map(Run::result).toList();
    }

    /** The runs the probe recorded in DIR/facts.txt that stored a result (DIR/LABEL.json), in the order they ran. */
    static List<Run> read(Path dir) {
        BenchStore store = new BenchStore(new RootedHost(dir, new RefusingCommandRunner("known-truth"), () -> {
            throw new IllegalStateException("no kernel log");
        }, Clock.systemUTC(), true));
        List<Run> runs = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(dir.resolve("facts.txt"))) {
                Map<String, String> kv = WholeCycleIT.keyValues(line);
                Path json = dir.resolve(kv.get("label") + ".json");
                if (Files.exists(json)) {
                    Settings s = new Settings(Integer.parseInt(kv.get("hw_queue_depth")), Integer.parseInt(kv.get("nr_requests")),
                            kv.get("scheduler"), Integer.parseInt(kv.get("read_ahead_kb")), Integer.parseInt(kv.get("max_sectors_kb")),
                            Long.parseLong(kv.get("completion_nsec")));
                    runs.add(new Run(kv.get("label"), s, store.loadFile(json, json.toString())));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return runs;
    }
}
