package org.disktune.bench.sweep;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

import org.disktune.bench.FakeWorkloads;
import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.Workload;
import org.disktune.bench.run.BenchTarget;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;

/**
 * The child JVM of {@code TuneKillTest}: {@code TREE} sweeps read_ahead_kb of the device sdx of the tree (plain files
 * under TREE/sys) with the real {@link SweepService} and its journal, and workloads that only sleep 50 ms a trial, so
 * that the parent can signal it while a point is in force. Prints "sweeping" before the sweep.
 */
public final class SweepKillChild {
    private SweepKillChild() {
    }

    public static void main(String[] args) {
        RootedHost host = new RootedHost(Path.of(args[0]), new RefusingCommandRunner("test"), () -> {
            throw new IllegalStateException("no kernel log");
        }, Clock.systemUTC(), true);
        SweepPoint now = new SweepPoint("none", null, 128);
        List<SweepPoint> points = List.of(new SweepPoint("none", null, 1024), new SweepPoint("none", null, 4096),
                new SweepPoint("none", null, 2048));
        SweepService.Prepared prepared = new SweepService.Prepared(new BenchTarget(BenchTarget.Kind.DEVICE, "/dev/sdx", "sdx", "/dev/sdx",
                "wwn-0x5000c500a1b2c3d4"), null, new SweepPlan(now, points, List.of(), Duration.ofSeconds(1), Duration.ofSeconds(3),
                        Duration.ofMinutes(1)));
        SweepService service = new SweepService(host, Duration.ofMillis(1), () -> SweepService.WORKLOADS.stream().map(SweepKillChild::sleeping)
                .toList());
        System.out.println("sweeping");
        System.out.flush();
        service.run(prepared, InterleavedSweep.Progress.NONE);
        System.out.println("done");
    }

    private static Workload sleeping(String name) {
        return FakeWorkloads.of(name, Unit.MB_S, context -> {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted");
            }
            return new Trial(100, null, 1, 1, 0.05);
        });
    }
}
