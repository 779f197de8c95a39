package org.disktune.bench.workload;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.disktune.host.Host;
import org.disktune.modprobe.TestHosts;
import org.junit.jupiter.api.Test;

/** A trial starts only when the trial before has no request left in flight (/sys/class/block/DEV/inflight). */
class BlockTargetIdleTest {
    @Test
    void theInflightFileCountsReadsAndWritesPaddedToEightColumns() {
        assertFalse(BlockTarget.busy("       0        0\n"), "block/genhd.c's \"%8u %8u\\n\" of an idle device");
        assertTrue(BlockTarget.busy("      32        0\n"));
        assertTrue(BlockTarget.busy("       0        1\n"));
        assertFalse(BlockTarget.busy(""), "what cannot be read as two counts does not hold a trial back");
        assertFalse(BlockTarget.busy("32\n"));
        assertFalse(BlockTarget.busy("a b\n"));
    }

    @Test
    void aTrialWaitsUntilTheRequestsOfTheOneBeforeAreDone() throws Exception {
        Host host = TestHosts.jimfs();
        TestHosts.write(host, "/sys/class/block/nullb0/inflight", "      32        0\n");
        Path inflight = host.path("/sys/class/block/nullb0/inflight");
        CompletableFuture<Void> waiting = CompletableFuture.runAsync(() -> {
            try {
                BlockTarget.awaitIdle(host, "nullb0");
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(50);
        assertFalse(waiting.isDone(), "still 32 requests in flight");
        Files.writeString(inflight, "       0        0\n");
        waiting.get(1, TimeUnit.SECONDS);
    }

    @Test
    void aDeviceBusyWithOthersHoldsATrialBackAtMostTheWaitAndADeviceWithoutTheFileNotAtAll() throws Exception {
        Host host = TestHosts.jimfs();
        TestHosts.write(host, "/sys/class/block/sdb/inflight", "       1        0\n");
        long start = System.nanoTime();
        BlockTarget.awaitIdle(host, "sdb");
        long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(waited >= BlockTarget.IDLE_WAIT_MILLIS && waited < 10L * BlockTarget.IDLE_WAIT_MILLIS, waited + " ms");

        start = System.nanoTime();
        BlockTarget.awaitIdle(host, "sdc");
        assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < 500);
    }
}
