package org.disktune.bench.run;

import java.io.IOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.disktune.apply.BootIdReader;
import org.disktune.core.DisktuneException;
import org.disktune.detect.MachineDetector;
import org.disktune.host.Host;
import org.disktune.bench.Profile;
import org.disktune.bench.Workload;
import org.disktune.bench.WorkloadContext;
import org.disktune.bench.WorkloadResult;
import org.disktune.bench.BenchResult;
import org.disktune.bench.workload.IoShape;

/**
 * Backs {@code disktune bench TARGET}: resolves the target, reads the settings in force (so that a later comparison
 * can say what differed), runs the workloads for the profile with {@link BenchRunner}, and stores the result with
 * every trial, the kernel, the boot ID and the time. Raw devices are only read.
 */
public final class BenchService {
    /** The workloads for a target: the block-device ones or the directory ones, these with {@code shape}'s threads and blocks. */
    public interface Workloads {
        List<Workload> of(BenchTarget target, IoShape shape);
    }

    /** Where results go: an id for a new result, and the result saved under it. */
    public interface Store {
        String newId(Instant time, String device);

        void save(BenchResult result);
    }

    /** The sysfs attributes recorded with a result, relative to /sys/block/NAME. */
    static final List<String> SETTINGS = List.of("queue/scheduler", "queue/read_ahead_kb", "queue/nr_requests", "device/queue_depth",
            "queue/rotational");

    private final Host host;
    private final Workloads workloads;
    private final Store store;

    public BenchService(Host host, Workloads workloads, Store store) {
        this.host = host;
        this.workloads = workloads;
        this.store = store;
    }

    /** What {@code target} is on this machine (see {@link TargetResolver}), without measuring it. */
    public BenchTarget resolve(String target, boolean forceRead) {
        return new TargetResolver(host).resolve(target, new MachineDetector(host).detect(), forceRead);
    }

    /**
     * Measures {@code target} with {@code profile}; {@code only} keeps the named workloads (empty: all); {@code
     * trialTime} overrides the profile's (null: the profile's).
     */
    public BenchResult run(String target, Profile profile, boolean forceRead, Set<String> only, java.time.Duration trialTime,
            BenchRunner.Progress progress) {
        return run(resolve(target, forceRead), profile, only, trialTime, progress);
    }

    /** As {@link #run(String, Profile, boolean, Set, java.time.Duration, BenchRunner.Progress)} with a directory's threads and blocks. */
    public BenchResult run(String target, Profile profile, boolean forceRead, Set<String> only, java.time.Duration trialTime, IoShape shape,
            BenchRunner.Progress progress) {
        return run(resolve(target, forceRead), profile, only, trialTime, shape, progress);
    }

    /** Measures a target resolved beforehand (see {@link #resolve}). */
    public BenchResult run(BenchTarget resolved, Profile profile, Set<String> only, java.time.Duration trialTime,
            BenchRunner.Progress progress) {
        return run(resolved, profile, only, trialTime, IoShape.DEFAULT, progress);
    }

    /**
     * Measures a target resolved beforehand with {@code shape}'s threads and block size, which only a directory takes
     * (the block-device workloads have their own: 2 MiB and 1 MiB sequential reads, 4 KiB random reads at set depths).
     */
    public BenchResult run(BenchTarget resolved, Profile profile, Set<String> only, java.time.Duration trialTime, IoShape shape,
            BenchRunner.Progress progress) {
        String target = resolved.given();
        boolean directory = resolved.kind() == BenchTarget.Kind.DIRECTORY;
        if (!directory && !shape.equals(IoShape.DEFAULT)) {
            throw DisktuneException.usage("--threads and --block-size shape the workloads of a directory; " + target + " is a block device, "
                    + "whose workloads have fixed shapes: leave them out, or benchmark a directory on its file system");
        }
        List<Workload> all = workloads.of(resolved, shape);
        List<Workload> chosen = all.stream().filter(w -> only.isEmpty() || only.contains(w.name())).toList();
        List<String> unknown = only.stream().filter(n -> all.stream().noneMatch(w -> w.name().equals(n))).sorted().toList();
        if (!unknown.isEmpty()) {
            throw DisktuneException.usage("no workload " + String.join(", ", unknown) + " for " + target + "; choose from "
                    + String.join(", ", all.stream().map(Workload::name).toList()));
        }
        Map<String, String> settings = settings(resolved);
        Instant started = Instant.now(host.clock()).truncatedTo(ChronoUnit.SECONDS);
        WorkloadContext context = new WorkloadContext(host, resolved.device(), host.path(resolved.path()), profile, host.clock(),
                System::nanoTime, trialTime);
        List<WorkloadResult> results = new BenchRunner().run(chosen, context, progress);
        BenchResult result = new BenchResult(BenchResult.SCHEMA_VERSION, store.newId(started, resolved.device()), target, resolved.device(),
                resolved.identity(), kernel(), BootIdReader.read(host), started.toString(), profile, settings, results,
                directory ? shape.threads() : null, directory && shape.blockBytes() > 0 ? shape.blockBytes() : null);
        store.save(result);
        return result;
    }

    private Map<String, String> settings(BenchTarget target) {
        Map<String, String> settings = new LinkedHashMap<>();
        if (target.device() == null) {
            return settings;
        }
        for (String attribute : SETTINGS) {
            try {
                settings.put(attribute, host.readAttribute("/sys/block/" + target.device() + "/" + attribute));
            } catch (IOException | RuntimeException e) {
                // not every device has every attribute (no device/queue_depth on virtio or nvme): left out
            }
        }
        return settings;
    }

    private String kernel() {
        try {
            return java.nio.file.Files.readString(host.path("/proc/sys/kernel/osrelease")).strip();
        } catch (IOException e) {
            return null;
        }
    }
}
