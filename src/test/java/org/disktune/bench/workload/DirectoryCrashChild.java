package org.disktune.bench.workload;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;

import org.disktune.bench.Profile;
import org.disktune.bench.Workload;
import org.disktune.bench.WorkloadContext;
import org.disktune.host.RecordingCommandRunner;
import org.disktune.host.RootedHost;

/**
 * The child JVM of {@link DirectorySignalTest}: {@code NAME DIR} prepares the directory workload NAME on DIR with a 4 MiB
 * file, prints "ready", then runs trials of 200 ms forever, printing "trial" after the first, until a signal stops it.
 * It never closes the workload itself: only the shutdown hook can remove the files.
 */
public final class DirectoryCrashChild {
    private DirectoryCrashChild() {
    }

    public static void main(String[] args) throws Exception {
        Path directory = Path.of(args[1]);
        Workload workload = DirectoryWorkloads.all(4L << 20).stream().filter(w -> w.name().equals(args[0])).findFirst().orElseThrow();
        RootedHost host = new RootedHost(Path.of("/"), new RecordingCommandRunner(), () -> {
            throw new IllegalStateException("no kernel log");
        }, Clock.systemUTC(), true);
        WorkloadContext context = new WorkloadContext(host, null, directory, Profile.QUICK, Clock.systemUTC(), System::nanoTime,
                Duration.ofMillis(200));
        workload.prepare(context);
        System.out.println("ready");
        System.out.flush();
        workload.run(context);
        System.out.println("trial");
        System.out.flush();
        while (true) {
            workload.run(context);
        }
    }
}
