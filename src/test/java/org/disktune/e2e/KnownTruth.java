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
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.disktune.bench.BenchResult;
import org.disktune.bench.stats.Comparison;
import org.disktune.bench.stats.Direction;
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
 * <li>each real effect: claimed with the right sign, and its interval covers the expected ratio;</li>
 * <li>each effect that is not there (mq-deadline, read_ahead_kb on O_DIRECT reads): no detectable change;</li>
 * <li>A/A: every window of four consecutive base runs split all three ways into two against two: at most one claimed
 * change per workload over all those comparisons.</li>
 * </ul>
 */
final class KnownTruth {
    static final String RANDOM = "rand-read-4k-qd32";
    static final String SEQUENTIAL = "seq-read-buffered";
    static final List<String> WORKLOADS = List.of(RANDOM, SEQUENTIAL);
    /** At most this many claimed changes per workload over all A/A comparisons. */
    static final int AA_CLAIMS_ALLOWED = 1;
    private static final Pattern LABEL = Pattern.compile("([a-z0-9]+)-(\\d+)");

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
    }

    /** One check: what was compared, the verdict, the expected ratio, and whether it passed. */
    record Finding(String what, Verdict verdict, double expected, boolean passed) {
        String line() {
            String want = expected == 1 ? "no change" : String.format(Locale.ROOT, "%+.1f%% (x%.3g)", (expected - 1) * 100, expected);
            return (passed ? "ok: " : "FAILED: ") + what + ": " + verdict.text() + "; expected " + want;
        }
    }

    /** What the judge found: the effects, the A/A claims per workload out of how many comparisons. */
    record Report(List<Finding> effects, Map<String, Integer> aaClaims, int aaPairs, Map<String, List<String>> runs) {
        boolean passed() {
            return effects.stream().allMatch(Finding::passed) && aaPairs >= 20
                    && aaClaims.values().stream().allMatch(c -> c <= AA_CLAIMS_ALLOWED);
        }

        String summary() {
            StringBuilder b = new StringBuilder();
            runs.forEach((state, labels) -> b.append("runs of ").append(state).append(": ").append(labels.size()).append('\n'));
            effects.forEach(f -> b.append(f.line()).append('\n'));
            b.append("A/A: ").append(aaPairs).append(" comparisons of two base runs against two (at least 20); claimed changes per workload ")
                    .append(aaClaims).append(" (at most ").append(AA_CLAIMS_ALLOWED).append(" each)");
            return b.toString();
        }
    }

    private final Map<String, BenchResult> results = new TreeMap<>();
    private final Map<String, Settings> settings = new LinkedHashMap<>();

    private KnownTruth() {
    }

    /** Reads the probe's directory (LABEL.json per run, facts.txt) and judges it. */
    static Report judge(Path dir) {
        KnownTruth k = new KnownTruth();
        k.read(dir);
        return k.report();
    }

    private void read(Path dir) {
        BenchStore store = new BenchStore(new RootedHost(dir, new RefusingCommandRunner("known-truth"), () -> {
            throw new IllegalStateException("no kernel log");
        }, Clock.systemUTC(), true));
        try (Stream<Path> files = Files.list(dir)) {
            files.filter(f -> f.getFileName().toString().endsWith(".json")).forEach(f -> {
                String label = f.getFileName().toString().replaceFirst("\\.json$", "");
                results.put(label, store.loadFile(f, f.toString()));
            });
            for (String line : Files.readAllLines(dir.resolve("facts.txt"))) {
                Map<String, String> kv = WholeCycleIT.keyValues(line);
                if (kv.containsKey("label")) {
                    settings.put(kv.get("label"), new Settings(Integer.parseInt(kv.get("hw_queue_depth")), Integer.parseInt(kv.get("nr_requests")),
                            kv.get("scheduler"), Integer.parseInt(kv.get("read_ahead_kb")), Integer.parseInt(kv.get("max_sectors_kb")),
                            Long.parseLong(kv.get("completion_nsec"))));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The labels of the runs of each state (base, ra8, nr4, deadline, depth1), in the order they ran. */
    private Map<String, List<String>> runsByState() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        results.keySet().stream().sorted((x, y) -> Integer.compare(number(x), number(y)) != 0 ? Integer.compare(number(x), number(y)) : x.compareTo(y))
                .forEach(label -> m.computeIfAbsent(state(label), s -> new ArrayList<>()).add(label));
        return m;
    }

    private Report report() {
        Map<String, List<String>> runs = runsByState();
        List<String> base = runs.getOrDefault("base", List.of());
        if (base.size() < 4) {
            throw new AssertionError("known truth: " + base.size() + " base runs stored, at least 4 are needed: " + results.keySet());
        }
        Settings baseSettings = settingsOf(base.get(0));
        List<Finding> effects = new ArrayList<>();
        runs.forEach((state, labels) -> {
            if (state.equals("base")) {
                return;
            }
            Settings s = settingsOf(labels.get(0));
            for (Verdict v : Comparison.compareRuns(load(base), load(labels)).verdicts()) {
                if (WORKLOADS.contains(v.workload())) {
                    double expected = (double) s.inFlight(v.workload()) / baseSettings.inFlight(v.workload());
                    effects.add(new Finding(state + " against base, " + labels.size() + " runs against " + base.size(), v, expected,
                            holds(v, expected)));
                }
            }
        });
        Map<String, Integer> claims = new TreeMap<>();
        WORKLOADS.forEach(w -> claims.put(w, 0));
        int pairs = 0;
        for (int i = 0; i + 3 < base.size(); i++) {
            List<String> w = base.subList(i, i + 4);
            for (int[][] split : new int[][][] {{{0, 1}, {2, 3}}, {{0, 2}, {1, 3}}, {{0, 3}, {1, 2}}}) {
                List<BenchResult> a = List.of(results.get(w.get(split[0][0])), results.get(w.get(split[0][1])));
                List<BenchResult> b = List.of(results.get(w.get(split[1][0])), results.get(w.get(split[1][1])));
                pairs++;
                Comparison.compareRuns(a, b).verdicts().stream().filter(v -> claims.containsKey(v.workload()) && v.ratio().excludesOne())
                        .forEach(v -> claims.merge(v.workload(), 1, Integer::sum));
            }
        }
        return new Report(effects, claims, pairs, runs);
    }

    /** An effect that is there: claimed with its sign, the interval covering it; one that is not: no detectable change. */
    static boolean holds(Verdict v, double expected) {
        if (expected == 1) {
            return v.direction() == Direction.NONE;
        }
        Direction sign = expected > 1 ? Direction.BETTER : Direction.WORSE;
        return v.direction() == sign && v.ratio().low() <= expected && expected <= v.ratio().high();
    }

    private List<BenchResult> load(List<String> labels) {
        return labels.stream().map(results::get).toList();
    }

    private Settings settingsOf(String label) {
        Settings s = settings.get(label);
        if (s == null) {
            throw new AssertionError("known truth: no settings recorded for run " + label + " in facts.txt");
        }
        return s;
    }

    private static String state(String label) {
        Matcher m = LABEL.matcher(label);
        return m.matches() ? m.group(1) : label;
    }

    private static int number(String label) {
        Matcher m = LABEL.matcher(label);
        return m.matches() ? Integer.parseInt(m.group(2)) : 0;
    }
}
