package org.disktune.bench.workload;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;

import org.disktune.bench.Profile;
import org.disktune.bench.Trial;
import org.disktune.bench.Workload;
import org.disktune.bench.WorkloadContext;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.LinuxHost;

/**
 * Runs one block workload on a device for the accuracy script (src/test/scripts/bench-accuracy.sh), until
 * {@code disktune bench} exists: {@code WORKLOAD DEVICE SECONDS [WARMUP_SECONDS]}; a random-read WORKLOAD may end in {@code :threads} or {@code :aio} to
 * force that engine (rand-read-4k-qd1:aio). A warm-up trial (default 1 s,
 * discarded: the JIT compiles the read loop) and then one trial of SECONDS; prints
 * {@code NAME VALUE UNIT bytes=B ops=N seconds=S [p50_us= p99_us= p999_us=] [engine=E]} on one line.
 */
public final class BlockWorkloadMain {
    private BlockWorkloadMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3 || args.length > 4) {
            System.err.println("usage: BlockWorkloadMain WORKLOAD DEVICE SECONDS [WARMUP_SECONDS]");
            System.exit(2);
        }
        Path node = Path.of(args[1].startsWith("/") ? args[1] : "/dev/" + args[1]).toRealPath();
        String device = node.getFileName().toString();
        Duration time = Duration.ofMillis(Math.round(Double.parseDouble(args[2]) * 1000));
        Duration warmup = Duration.ofMillis(Math.round(Double.parseDouble(args.length > 3 ? args[3] : "1") * 1000));
        if (!Files.exists(node)) {
            throw new IllegalArgumentException(node + " does not exist");
        }
        LinuxHost host = new LinuxHost(() -> {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "not needed");
        });
        WorkloadContext context = new WorkloadContext(host, device, node, Profile.DEFAULT, Clock.systemUTC(), System::nanoTime, time);
        String name = args[0].replaceFirst(":(threads|aio)$", "");
        Workload found = BlockWorkloads.all().stream().filter(w -> w.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no block workload " + name));
        if (found instanceof RandomDirectRead && args[0].contains(":")) {
            found.close();
        }
        try (Workload workload = found instanceof RandomDirectRead random && args[0].contains(":")
                ? new RandomDirectRead(random.depth(), args[0].endsWith(":threads") ? RandomDirectRead.Engine.THREADS
                        : RandomDirectRead.Engine.LINUX_AIO)
                : found) {
            if (!warmup.isZero()) {
                workload.run(context.withTrialTime(warmup));
            }
            Trial trial = workload.run(context);
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%s %.1f %s bytes=%d ops=%d seconds=%.3f", workload.name(),
                    trial.value(), workload.unit().label(), trial.bytes(), trial.operations(), trial.seconds()));
            if (trial.latency() != null) {
                line.append(String.format(Locale.ROOT, " p50_us=%.1f p99_us=%.1f p999_us=%.1f", trial.latency().p50Us(),
                        trial.latency().p99Us(), trial.latency().p999Us()));
            }
            if (trial.engine() != null) {
                line.append(" engine=").append(trial.engine().replace(' ', '_'));
            }
            System.out.println(line);
        }
    }
}
