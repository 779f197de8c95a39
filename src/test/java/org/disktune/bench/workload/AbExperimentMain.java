package org.disktune.bench.workload;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;

import org.disktune.bench.Profile;
import org.disktune.bench.Trial;
import org.disktune.bench.Workload;
import org.disktune.bench.WorkloadContext;
import org.disktune.bench.stats.Direction;
import org.disktune.bench.stats.Verdict;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.LinuxHost;

/**
 * The A/A and A/B experiments of src/test/scripts/bench-ab.sh, with the trials interleaved as the statistics assume:
 * for each comparison, one warm-up of each side, then A B B A A B ... (the queue attribute switched before every trial,
 * the order alternating so that neither side is always second),
 * {@code TRIALS} trials per side, and the verdict of {@link Verdict#of}. Prints one line per comparison and the count
 * of claimed changes. Usage: {@code AbExperimentMain DEVICE WORKLOAD ATTRIBUTE VALUE_A VALUE_B COMPARISONS TRIALS
 * SECONDS}. Test code: run by the script, never by the suite. Puts the attribute back as it found it.
 */
public final class AbExperimentMain {
    private AbExperimentMain() {
    }

    private static Trial run(Workload workload, WorkloadContext context, String attribute, String value) throws java.io.IOException {
        Files.writeString(Path.of(attribute), value);
        return workload.run(context);
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 8) {
            System.err.println("usage: AbExperimentMain DEVICE WORKLOAD ATTRIBUTE VALUE_A VALUE_B COMPARISONS TRIALS SECONDS");
            System.exit(2);
        }
        Path node = Path.of(args[0]).toRealPath();
        String device = node.getFileName().toString();
        String attribute = "/sys/block/" + device + "/queue/" + args[2];
        int comparisons = Integer.parseInt(args[5]);
        int trials = Integer.parseInt(args[6]);
        Duration time = Duration.ofMillis(Math.round(Double.parseDouble(args[7]) * 1000));
        LinuxHost host = new LinuxHost(() -> {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "not needed");
        });
        WorkloadContext context = new WorkloadContext(host, device, node, Profile.QUICK, Clock.systemUTC(), System::nanoTime, time);
        String original = Files.readString(Path.of(attribute)).strip();
        int claimed = 0;
        try (Workload workload = BlockWorkloads.all().stream().filter(w -> w.name().equals(args[1])).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no block workload " + args[1]))) {
            for (int c = 1; c <= comparisons; c++) {
                double[] a = new double[trials];
                double[] b = new double[trials];
                for (int t = -1; t < trials; t++) {
                    // counterbalanced: A B, then B A, so that being second (warmer caches, a settled CPU clock) is no side's
                    // advantage
                    boolean aFirst = (t + c) % 2 == 0;
                    Trial first = run(workload, context, attribute, aFirst ? args[3] : args[4]);
                    Trial second = run(workload, context, attribute, aFirst ? args[4] : args[3]);
                    Trial ta = aFirst ? first : second;
                    Trial tb = aFirst ? second : first;
                    if (t >= 0) {
                        a[t] = ta.value();
                        b[t] = tb.value();
                    }
                }
                Verdict v = Verdict.of(workload.name(), workload.unit(), a, b);
                if (v.direction() != Direction.NONE) {
                    claimed++;
                }
                System.out.println(args[2] + " " + args[3] + " vs " + args[4] + " " + c + ": " + v.text());
            }
        } finally {
            Files.writeString(Path.of(attribute), original);
        }
        System.out.println(args[2] + " " + args[3] + " vs " + args[4] + ": a change was claimed in " + claimed + " of " + comparisons
                + " comparisons");
    }
}
