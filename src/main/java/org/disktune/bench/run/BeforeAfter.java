package org.disktune.bench.run;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.disktune.bench.BenchResult;
import org.disktune.bench.Profile;
import org.disktune.bench.WorkloadResult;
import org.disktune.bench.workload.IoShape;
import org.disktune.bench.stats.Comparison;
import org.disktune.bench.stats.ComparisonResult;
import org.disktune.bench.store.BenchStore;
import org.disktune.core.DisktuneException;
import org.disktune.host.Host;

/**
 * The mission's before and after: {@code apply --bench TARGET...} measures each target before anything changes and
 * keeps it as the target's baseline ({@link Baselines}); {@code verify --bench}, after the reboot, measures each
 * baseline's disk again (found by its stable identity, not its kernel name) with the same profile and workloads, and
 * compares. A before and an after across a reboot cannot interleave their trials, and two runs of one device at the same
 * true speed differ by more than their trials say, so each side is {@value #RUNS} separate runs and the comparison is
 * {@code bench compare}'s several-runs one ({@link Comparison#compareRuns}: the spread of the runs' medians is in the
 * interval, and a change is claimed only when the interval excludes it). A baseline of an earlier release (one run)
 * gets "cannot tell". Baselines use the quick profile, so that apply is not held for long; {@code bench} and
 * {@code bench compare} measure longer when a small change matters.
 */
public final class BeforeAfter {
    /** Separate runs per side: with 3 the 99% interval finds a true ×1.5 in most comparisons (docs/performance.md). */
    public static final int RUNS = 3;

    /** One baseline measured: its key and the stored result of each run. */
    public record Baseline(String key, List<BenchResult> results) {
    }

    /** One baseline measured again: the key, the runs of both sides and their comparison; or why it could not be measured. */
    public record After(String key, List<String> baselineIds, List<BenchResult> results, ComparisonResult comparison, String skipped) {
    }

    private final Host host;
    private final java.time.Duration trialTime;
    private final int runs;

    public BeforeAfter(Host host) {
        this(host, null, RUNS);
    }

    /** With trials of {@code trialTime} instead of the profile's and {@code runs} runs per side (tests). */
    public BeforeAfter(Host host, java.time.Duration trialTime, int runs) {
        this.host = host;
        this.trialTime = trialTime;
        this.runs = runs;
    }

    /**
     * Measures each target in separate runs (a mounted disk too: reading never changes it) and records them as the
     * target's baseline.
     */
    public List<Baseline> baselines(List<String> targets) {
        List<Baseline> baselines = new ArrayList<>();
        Baselines index = new Baselines(host);
        for (String target : targets) {
            BenchService service = service();
            BenchTarget resolved = service.resolve(target, true);
            String key = Baselines.key(resolved);
            List<BenchResult> results = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                results.add(service.run(resolved, Profile.QUICK, Set.of(), trialTime, BenchRunner.Progress.NONE));
            }
            index.put(key, results.stream().map(BenchResult::id).toList());
            baselines.add(new Baseline(key, results));
        }
        return baselines;
    }

    /** Measures every baseline's target again and compares; empty when apply --bench never ran. */
    public List<After> again() {
        Map<String, List<String>> all = new Baselines(host).all();
        BenchStore store = new BenchStore(host);
        List<After> afters = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : all.entrySet()) {
            String target = Baselines.target(e.getKey());
            List<String> ids = e.getValue();
            Optional<String> missing = ids.stream().filter(id -> !store.contains(id)).findFirst()
                    .map(id -> "its baseline result " + id + " is no longer in " + BenchStore.DIRECTORY
                            + ": not compared; measure a new baseline with disktune apply --bench " + target)
                    .or(() -> missing(e.getKey()));
            if (missing.isPresent()) {
                afters.add(new After(e.getKey(), ids, List.of(), null, missing.get()));
                continue;
            }
            List<BenchResult> before = ids.stream().map(store::load).toList();
            Set<String> workloads = new LinkedHashSet<>();
            before.get(0).workloads().stream().map(WorkloadResult::name).forEach(workloads::add);
            List<BenchResult> after = new ArrayList<>();
            try {
                IoShape shape;
                try {
                    shape = shape(before.get(0));
                } catch (IllegalArgumentException ex) {
                    throw DisktuneException.usage("its baseline ran " + before.get(0).threads() + " threads of " + before.get(0).blockSize()
                            + "-byte blocks, which this disktune does not run: measure a new baseline with disktune apply --bench " + target);
                }
                for (int i = 0; i < runs; i++) {
                    after.add(service().run(target, before.get(0).profile(), true, workloads, trialTime, shape, BenchRunner.Progress.NONE));
                }
                afters.add(new After(e.getKey(), ids, after, Comparison.compareRuns(before, after), null));
            } catch (DisktuneException ex) {
                afters.add(new After(e.getKey(), ids, after, null, ex.getMessage()));
            }
        }
        return afters;
    }
    /** The threads and block size of a directory baseline, so that the run after has the same shape. */
    private static IoShape shape(BenchResult before) {
        return before.threads() == null ? IoShape.DEFAULT : new IoShape(before.threads(), before.blockSize() == null ? 0 : before.blockSize());
    }

    private Optional<String> missing(String key) {
        if (key.startsWith("disk:") && host.deviceByIdentity(key.substring("disk:".length())).isEmpty()) {
            return Optional.of("/dev/disk/by-id/" + key.substring("disk:".length()) + " is not on this machine now: not measured");
        }
        return Optional.empty();
    }

    private BenchService service() {
        return new BenchService(host, new StandardWorkloads(), new StoredResults(host));
    }
}
