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
 * figures) or kernels, and which settings differ. A regression is a workload whose interval lies wholly below 1.0.
 */
public final class Comparison {
    private Comparison() {
    }

    /**
     * @throws DisktuneException (usage) when a workload both runs measured has fewer than 2 trials in one of them
     */
    public static ComparisonResult compare(BenchResult a, BenchResult b) {
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
