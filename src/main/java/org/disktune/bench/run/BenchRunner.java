package org.disktune.bench.run;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.bench.Latency;
import org.disktune.bench.Trial;
import org.disktune.bench.Profile;
import org.disktune.bench.Workload;
import org.disktune.bench.WorkloadContext;
import org.disktune.bench.WorkloadResult;
import org.disktune.bench.workload.DirectorySpace;

/**
 * Runs workloads the way the statistics need them: the free space a directory target needs for all its workloads
 * checked at once ({@link DirectorySpace}), every workload prepared, then the warm-up trials (discarded: the
 * first read of a device or file system warms caches, wakes a drive from standby and lets the CPU clock settle), then
 * the measured trials interleaved across workloads (trial 1 of each workload, then trial 2 of each ...), so that a
 * drift of the machine during the run hits every workload alike instead of the last one. Every workload is closed
 * at the end, also when a trial fails (its files are removed).
 */
public final class BenchRunner {
    /** Told after each trial, for a progress bar: how many trials are done of how many in all. */
    public interface Progress {
        Progress NONE = (done, total, workload) -> {
        };

        void trialDone(int done, int total, String workload);
    }

    public List<WorkloadResult> run(List<Workload> workloads, WorkloadContext context, Progress progress) {
        Profile profile = context.profile();
        int total = workloads.size() * (profile.warmups() + profile.trials());
        int done = 0;
        Map<Workload, List<Trial>> trials = new LinkedHashMap<>();
        List<Workload> prepared = new ArrayList<>();
        try {
            DirectorySpace.require(workloads, context);
            for (Workload w : workloads) {
                prepared.add(w);
                w.prepare(context);
                trials.put(w, new ArrayList<>());
            }
            for (int round = 0; round < profile.warmups() + profile.trials(); round++) {
                for (Workload w : workloads) {
                    Trial t = w.run(context);
                    if (round >= profile.warmups()) {
                        trials.get(w).add(t);
                    }
                    progress.trialDone(++done, total, w.name());
                }
            }
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "benchmark of " + context.path() + " failed: " + e.getMessage(), e);
        } finally {
            closeAll(prepared);
        }
        List<WorkloadResult> results = new ArrayList<>();
        trials.forEach((w, ts) -> results.add(result(w, ts)));
        return results;
    }

    /** Closes every workload (removing what it made); the first failure is thrown after all were tried. */
    public static void closeAll(List<Workload> prepared) {
        DisktuneException failure = null;
        for (Workload w : prepared) {
            try {
                w.close();
            } catch (IOException | RuntimeException e) {
                if (failure == null) {
                    failure = new DisktuneException(ExitCode.ENVIRONMENT, "could not clean up after " + w.name() + ": " + e.getMessage(), e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    static WorkloadResult result(Workload w, List<Trial> trials) {
        double median = median(trials.stream().mapToDouble(Trial::value).toArray());
        List<Latency> latencies = trials.stream().map(Trial::latency).filter(java.util.Objects::nonNull).toList();
        Latency latency = latencies.isEmpty() ? null : new Latency(
                median(latencies.stream().mapToDouble(Latency::p50Us).toArray()),
                median(latencies.stream().mapToDouble(Latency::p99Us).toArray()),
                median(latencies.stream().mapToDouble(Latency::p999Us).toArray()));
        return new WorkloadResult(w.name(), w.unit(), trials, median, latency);
    }

    /** The median (the mean of the two middle values for an even count). */
    static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
