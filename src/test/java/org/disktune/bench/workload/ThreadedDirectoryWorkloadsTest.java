package org.disktune.bench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.disktune.bench.Profile;
import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.Workload;
import org.disktune.bench.WorkloadContext;
import org.disktune.host.RecordingCommandRunner;
import org.disktune.host.RootedHost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The test-file workloads with 4 threads of 8 KiB blocks in the temp directory: each thread has its own file (all four
 * exist while the trials run), each trial moves whole 8 KiB blocks of all threads, and nothing is left behind.
 */
class ThreadedDirectoryWorkloadsTest {
    private static final long MIB = 1L << 20;

    @TempDir
    Path temp;

    @Test
    void fourThreadsOfEightKibBlocksEachOnAFileOfItsOwnLeaveNothingBehind() throws IOException {
        Path target = Files.createDirectories(temp.resolve("target"));
        RootedHost host = new RootedHost(Files.createDirectories(temp.resolve("root")), new RecordingCommandRunner(), () -> {
            throw new IllegalStateException("no kernel log");
        }, Clock.systemUTC(), true);
        WorkloadContext context = new WorkloadContext(host, null, target, Profile.QUICK, Clock.systemUTC(), System::nanoTime,
                Duration.ofMillis(150));
        List<Workload> workloads = DirectoryWorkloads.all(2 * MIB, true, new IoShape(4, 8192));
        for (Workload w : workloads.subList(0, 4)) {
            DirectoryWorkload workload = (DirectoryWorkload) w;
            try (workload) {
                workload.prepare(context);
                assertEquals(2 * MIB, workload.plan().fileBytes(), w.name());
                for (int i = 0; i < 2; i++) {
                    Trial t = workload.run(context);
                    assertEquals(0, t.bytes() % 8192, w.name() + " " + t);
                    assertEquals(t.operations() * 8192, t.bytes(), w.name() + ": every I/O one 8 KiB block " + t);
                    assertTrue(t.value() > 0, w.name() + " " + t);
                    if (w.unit() == Unit.MB_S) {
                        assertEquals(t.bytes() / 1e6 / t.seconds(), t.value(), t.value() * 1e-9, w.name());
                    }
                    if (w.name().equals("seq-write")) {
                        assertTrue(t.bytes() <= 4 * 2 * MIB, "four files of 2 MiB at most " + t);
                    }
                }
                List<String> files = files(workload.scratch().directory());
                assertEquals(List.of(w.name() + "-0.dat", w.name() + "-1.dat", w.name() + "-2.dat", w.name() + "-3.dat"), files);
            }
            assertEquals(List.of(), files(target), w.name() + " left files behind");
        }
        assertEquals(1, ((DirectoryWorkload) workloads.get(4)).threads(), "small-files runs one thread");
    }

    private static List<String> files(Path directory) throws IOException {
        try (Stream<Path> list = Files.list(directory)) {
            return new ArrayList<>(list.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }
}
