package org.disktune.bench.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

import org.disktune.bench.BenchResult;
import org.disktune.bench.WorkloadResult;
import org.disktune.core.DisktuneException;

/**
 * Compares two stored benchmark runs, A (before) and B (after), workload by workload with {@link RatioInterval}.
 * Workloads are matched by name; one measured by a single run, or in different units, gets a note instead of a
 * verdict. Notes also say when the runs measured different devices (by stable identity, since sdX names change across
 * reboots; by kernel name when an identity is missing), used different profiles (trial lengths differ, and so may the
 * figures) or kernels, and which settings differ. Runs of different threads or block sizes are refused
 * ({@link #requireSameShape}). A regression is a workload whose interval lies wholly below 1.0.
 */
public final class Comparison {
    private Comparison() {
    }

    /**
     * Refuses runs of different threads or block sizes ({@code bench DIR --threads N --block-size SIZE}): 16 threads
     * writing 8 KiB blocks and one thread writing 1 MiB blocks are different measurements, and a ratio of their figures
     * would read as the effect of a setting.
     *
     * @throws DisktuneException (usage) naming both runs' shapes
     */
    static void requireSameShape(List<BenchResult> a, List<BenchResult> b) {
        BenchResult first = a.get(0);
        for (BenchResult r : java.util.stream.Stream.concat(a.stream(), b.stream()).toList()) {
            if (r.threadsUsed() != first.threadsUsed() || !Objects.equals(r.blockSize(), first.blockSize())) {
                throw DisktuneException.usage("cannot compare " + first.id() + " (" + first.describeShape() + ") with " + r.id() + " ("
                        + r.describeShape() + "): runs of different threads or block sizes measure different things; compare runs "
                        + "made with the same --threads and --block-size");
            }
        }
    }

    private static List<String> notes(BenchResult a, BenchResult b) {
        List<String> notes = new ArrayList<>();
        String deviceA = deviceKey(a);
        String deviceB = deviceKey(b);
        if (!Objects.equals(deviceA, deviceB)) {
            notes.add("different devices: A measured " + describeDevice(a) + ", B measured " + describeDevice(b));
        }
        if (a.profile() != b.profile()) {
            notes.add("different profiles: A ran " + name(a.profile()) + ", B ran " + name(b.profile())
                    + "; trial lengths differ, and so may the figures");
        }
        if (!Objects.equals(a.kernel(), b.kernel())) {
            notes.add("different kernels: A ran " + a.kernel() + ", B ran " + b.kernel());
        }
        String settings = settingsDifference(a.settings(), b.settings());
        if (!settings.isEmpty()) {
            notes.add("settings that differ (A -> B): " + settings);
        }
        return notes;
    }

    /**
     * Compares several separate runs on each side with {@link RunLevelInterval}, whose interval accounts for the
     * variation between runs: a workload is compared when every run measured it in one unit; with one run on a side
     * it gets "cannot tell" ({@link Verdict#cannotTell}). Notes are those of the first run of each side, and say which
     * workloads some run missed. With one run per side this is {@link #compare(BenchResult, BenchResult)}.
     */
    public static ComparisonResult compareRuns(List<BenchResult> a, List<BenchResult> b) {
        if (a.isEmpty() || b.isEmpty()) {
            throw new IllegalArgumentException("a comparison needs at least one run per side");
        }
        requireSameShape(a, b);
        if (a.size() == 1 && b.size() == 1) {
            return compare(a.get(0), b.get(0));
        }
        List<String> notes = notes(a.get(0), b.get(0));
        notes.add("between runs: " + a.size() + " run(s) of A and " + b.size() + " of B; each interval is "
                + Math.round(RunLevelInterval.LEVEL * 100) + "% from the spread of the runs' medians (Welch), so drift between runs is in it");
        List<Verdict> verdicts = new ArrayList<>();
        for (WorkloadResult first : a.get(0).workloads()) {
            List<WorkloadResult> inA = sameWorkload(a, first);
            List<WorkloadResult> inB = sameWorkload(b, first);
            if (inA.size() < a.size() || inB.size() < b.size()) {
                notes.add(first.name() + ": not measured in one unit by every run; not compared");
                continue;
            }
            double[] pooledA = pooled(inA);
            double[] pooledB = pooled(inB);
            List<double[]> runsA = inA.stream().map(WorkloadResult::values).toList();
            List<double[]> runsB = inB.stream().map(WorkloadResult::values).toList();
            verdicts.add(RunLevelInterval.ratio(runsA, runsB)
                    .map(r -> new Verdict(first.name(), first.unit(), RatioInterval.median(pooledA), RatioInterval.median(pooledB), r, Direction.of(r)))
                    .orElseGet(() -> Verdict.cannotTell(first.name(), first.unit(), pooledA, pooledB)));
        }
        boolean regression = verdicts.stream().anyMatch(v -> v.direction() == Direction.WORSE);
        return new ComparisonResult(verdicts, notes, regression);
    }

    private static List<WorkloadResult> sameWorkload(List<BenchResult> runs, WorkloadResult like) {
        return runs.stream().flatMap(r -> r.workloads().stream())
                .filter(w -> w.name().equals(like.name()) && w.unit() == like.unit() && w.values().length > 0).toList();
    }

    private static double[] pooled(List<WorkloadResult> runs) {
        return runs.stream().flatMapToDouble(w -> java.util.Arrays.stream(w.values())).toArray();
    }

    /**
     * @throws DisktuneException (usage) when a workload both runs measured has fewer than 2 trials in one of them
     */
    public static ComparisonResult compare(BenchResult a, BenchResult b) {
        requireSameShape(List.of(a), List.of(b));
        List<String> notes = notes(a, b);
        Map<String, WorkloadResult> inB = new LinkedHashMap<>();
        for (WorkloadResult w : b.workloads()) {
            inB.put(w.name(), w);
        }
        List<Verdict> verdicts = new ArrayList<>();
        for (WorkloadResult wa : a.workloads()) {
            WorkloadResult wb = inB.remove(wa.name());
            if (wb == null) {
                notes.add(wa.name() + ": measured only in A (" + a.id() + "); not compared");
            } else if (wa.unit() != wb.unit()) {
                notes.add(wa.name() + ": measured in " + wa.unit().label() + " in A and in " + wb.unit().label() + " in B; not compared");
            } else {
                verdicts.add(verdict(wa, wb, a, b));
            }
        }
        for (WorkloadResult wb : inB.values()) {
            notes.add(wb.name() + ": measured only in B (" + b.id() + "); not compared");
        }
        boolean regression = verdicts.stream().anyMatch(v -> v.direction() == Direction.WORSE);
        return new ComparisonResult(verdicts, notes, regression);
    }

    private static Verdict verdict(WorkloadResult wa, WorkloadResult wb, BenchResult a, BenchResult b) {
        double[] va = wa.values();
        double[] vb = wb.values();
        if (va.length < 2 || vb.length < 2) {
            String which = va.length < 2 ? "A (" + a.id() + ") has " + va.length : "B (" + b.id() + ") has " + vb.length;
            throw DisktuneException.usage("cannot compare " + wa.name() + ": " + which
                    + " trial(s), and a confidence interval needs at least 2 per side; compare runs of disktune bench, which makes 5 or more");
        }
        return Verdict.of(wa.name(), wa.unit(), va, vb);
    }

    private static String deviceKey(BenchResult r) {
        return r.identity() != null ? "id:" + r.identity() : r.device() != null ? "dev:" + r.device() : "target:" + r.target();
    }

    private static String describeDevice(BenchResult r) {
        String what = r.device() != null ? r.device() : r.target();
        return r.identity() != null ? what + " (" + r.identity() + ")" : what + " (no stable identity)";
    }

    private static String name(Object profile) {
        return profile == null ? "an unknown profile" : "the " + profile.toString().toLowerCase(java.util.Locale.ROOT) + " profile";
    }

    private static String settingsDifference(Map<String, String> a, Map<String, String> b) {
        List<String> parts = new ArrayList<>();
        for (String key : new TreeSet<>(union(a, b))) {
            String va = a.get(key);
            String vb = b.get(key);
            if (!Objects.equals(va, vb)) {
                parts.add(key + " " + (va == null ? "-" : va) + " -> " + (vb == null ? "-" : vb));
            }
        }
        return String.join(", ", parts);
    }

    private static TreeSet<String> union(Map<String, String> a, Map<String, String> b) {
        TreeSet<String> keys = new TreeSet<>(a.keySet());
        keys.addAll(b.keySet());
        return keys;
    }
}
