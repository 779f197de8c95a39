package org.disktune.bench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.disktune.bench.Latency;
import org.disktune.bench.Profile;
import org.disktune.bench.Trial;
import org.disktune.bench.WorkloadContext;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.core.StateJson;
import org.disktune.host.LinuxHost;
import org.disktune.host.LoopDevice;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The random reads on a real (sparse, 32 MiB) loop device, 150 ms trials: native AIO at every depth, each read
 * reaching the device, the engine in the trial and in its JSON; the thread engine when asked for.
 */
@Tag("loop")
class RandomDirectReadTest {
    private static final Duration TRIAL = Duration.ofMillis(150);

    @TempDir
    static Path dir;
    private static LoopDevice loop;
    private static WorkloadContext context;

    @BeforeAll
    static void attach() throws IOException {
        loop = LoopDevice.attach(dir, 32);
        LinuxHost host = new LinuxHost(() -> {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "not needed");
        });
        context = new WorkloadContext(host, loop.name(), Path.of("/dev", loop.name()), Profile.QUICK, Clock.systemUTC(), System::nanoTime,
                TRIAL);
    }

    @AfterAll
    static void detach() throws IOException {
        if (loop != null) {
            loop.close();
        }
    }

    @Test
    void depthOneRunsOnAPreadThreadDeeperOnNativeAioAndEveryReadReachesTheDevice() throws IOException {
        for (int depth : new int[] {1, 4, 32}) {
            long sectorsBefore = stat()[2];
            Trial trial;
            try (RandomDirectRead workload = new RandomDirectRead(depth)) {
                assertEquals(depth == 1 ? RandomDirectRead.Engine.THREADS : RandomDirectRead.Engine.LINUX_AIO, workload.engine());
                trial = workload.run(context);
            }
            long sectors = stat()[2] - sectorsBefore;
            assertEquals(depth == 1 ? "threads" : "linux-aio", trial.engine(), "depth " + depth);
            assertTrue(trial.operations() >= depth, "depth " + depth + ": " + trial.operations());
            assertEquals(trial.operations() * 8, sectors, "depth " + depth + ": 8 sectors per 4 KiB O_DIRECT read");
            assertTrue(trial.seconds() >= 0.15 && trial.seconds() < 2, "depth " + depth + ": " + trial.seconds() + " s");
            assertEquals(trial.operations() / trial.seconds(), trial.value(), trial.value() * 1e-9);
            Latency latency = trial.latency();
            assertTrue(latency.p50Us() > 0 && latency.p50Us() <= latency.p99Us() && latency.p999Us() <= trial.seconds() * 1e6,
                    latency.toString());
        }
    }

    /** Each engine when asked for (native AIO at depth 1, threads at depth 4), named in the trial, every read reaching the device. */
    @Test
    void eachEngineRunsWhenAskedAndSaysSo() throws IOException {
        for (RandomDirectRead.Engine engine : RandomDirectRead.Engine.values()) {
            int depth = engine == RandomDirectRead.Engine.LINUX_AIO ? 1 : 4;
            long sectorsBefore = stat()[2];
            Trial trial;
            try (RandomDirectRead workload = new RandomDirectRead(depth, engine)) {
                trial = workload.run(context);
            }
            assertEquals(engine.label(), trial.engine());
            assertEquals(trial.operations() * 8, stat()[2] - sectorsBefore, engine.label());
        }
    }

    @Test
    void theEngineIsPartOfTheTrialsJsonAndOlderResultsReadWithoutIt() throws IOException {
        ObjectMapper json = StateJson.mapper();
        Trial trial = new Trial(1234.5, new Latency(10, 20, 30), 4096, 1, 0.5, "linux-aio");
        String text = json.writeValueAsString(trial);
        assertTrue(text.contains("\"engine\" : \"linux-aio\""), text);
        assertEquals(trial, json.readValue(text, Trial.class));
        assertEquals(trial.withoutLatency().engine(), "linux-aio");
        Trial old = json.readValue("{\"value\": 5.0, \"bytes\": 1, \"operations\": 1, \"seconds\": 0.2}", Trial.class);
        assertNull(old.engine());
        assertFalse(json.writeValueAsString(old).contains("engine"), "no engine, no field");
    }

    private static long[] stat() throws IOException {
        String[] fields = Files.readString(Path.of("/sys/block", loop.name(), "stat")).strip().split("\\s+");
        long[] values = new long[fields.length];
        for (int i = 0; i < fields.length; i++) {
            values[i] = Long.parseLong(fields[i]);
        }
        return values;
    }
}
