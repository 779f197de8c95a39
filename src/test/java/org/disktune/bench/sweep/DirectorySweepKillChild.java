package org.disktune.bench.sweep;

import java.time.Duration;

import org.disktune.bench.workload.IoShape;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.LinuxHost;

/**
 * The child JVM of {@code TuneDirectoryKillTest}: {@code tune DIR} as the command runs it (the real {@link SweepService}
 * on this machine's kernel, its journal and the directory's write workloads), with 0.1 s trials, 2 threads of 8 KiB and
 * 2 MiB files so that a small loop-device file system holds them. Prints "sweeping" before the sweep.
 */
public final class DirectorySweepKillChild {
    private DirectorySweepKillChild() {
    }

    public static void main(String[] args) {
        LinuxHost host = new LinuxHost(() -> {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "not needed");
        });
        SweepService service = new SweepService(host, Duration.ofMillis(100), 2L << 20);
        SweepService.Prepared prepared = service.prepare(args[0], Duration.ofSeconds(60), false, new IoShape(2, 8192));
        System.out.println("sweeping");
        System.out.flush();
        service.run(prepared, InterleavedSweep.Progress.NONE);
        System.out.println("done");
    }
}
