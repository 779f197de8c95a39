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
 * compares with the rules of {@code bench compare}: a change is claimed only when the interval excludes it.
 * Baselines use the quick profile, so that apply is not held for minutes; {@code bench} and {@code bench compare}
 * measure longer when a small change matters.
 */
public final class BeforeAfter {
    /** One baseline measured: its key and the stored result. */
    public record Baseline(String key, BenchResult result) {
    }

    /** One baseline measured again: the key, both results and their comparison; or why it could not be measured. */
    public record After(String key, String baselineId, BenchResult result, ComparisonResult comparison, String skipped) {
    }

    private final Host host;
    private final java.time.Duration trialTime;

    public BeforeAfter(Host host) {
        this(host, null);
    }

    /** With trials of {@code trialTime} instead of the profile's (tests). */
    public BeforeAfter(Host host, java.time.Duration trialTime) {
        this.host = host;
        this.trialTime = trialTime;
    }

    /** Measures each target (a mounted disk too: reading never changes it) and records it as the target's baseline. */
    public List<Baseline> baselines(List<String> targets) {
        List<Baseline> baselines = new ArrayList<>();
        Baselines index = new Baselines(host);
        for (String target : targets) {
            BenchService service = service();
            BenchTarget resolved = service.resolve(target, true);
            String key = Baselines.key(resolved);
            BenchResult r = service.run(resolved, Profile.QUICK, Set.of(), trialTime, BenchRunner.Progress.NONE);
            index.put(key, r.id());
            baselines.add(new Baseline(key, r));
        }
        return baselines;
    }

    /** Measures every baseline's target again and compares; empty when apply --bench never ran. */
    public List<After> again() {
        Map<String, String> all = new Baselines(host).all();
        BenchStore store = new BenchStore(host);
        List<After> afters = new ArrayList<>();
        for (Map.Entry<String, String> e : all.entrySet()) {
            String target = Baselines.target(e.getKey());
            Optional<String> missing = !store.contains(e.getValue())
                    ? Optional.of("its baseline result " + e.getValue() + " is no longer in " + BenchStore.DIRECTORY
                            + ": not compared; measure a new baseline with disktune apply --bench " + target)
                    : missing(e.getKey());
            if (missing.isPresent()) {
                afters.add(new After(e.getKey(), e.getValue(), null, null, missing.get()));
                continue;
            }
            BenchResult before = store.load(e.getValue());
            Set<String> workloads = new LinkedHashSet<>();
            before.workloads().stream().map(WorkloadResult::name).forEach(workloads::add);
            BenchResult after;
            try {
                IoShape shape;
                try {
                    shape = shape(before);
                } catch (IllegalArgumentException ex) {
                    throw DisktuneException.usage("its baseline ran " + before.threads() + " threads of " + before.blockSize() + "-byte blocks, "
                            + "which this disktune does not run: measure a new baseline with disktune apply --bench " + target);
                }
                after = service().run(target, before.profile(), true, workloads, trialTime, shape, BenchRunner.Progress.NONE);
            } catch (DisktuneException ex) {
                afters.add(new After(e.getKey(), e.getValue(), null, null, ex.getMessage()));
                continue;
            }
            afters.add(new After(e.getKey(), e.getValue(), after, Comparison.compare(before, after), null));
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
