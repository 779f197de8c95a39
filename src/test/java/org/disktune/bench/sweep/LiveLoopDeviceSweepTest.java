package org.disktune.bench.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.disktune.apply.Journal;
import org.disktune.apply.JournalEntry;
import org.disktune.apply.JournaledChange;
import org.disktune.host.LinuxHost;
import org.disktune.host.LoopDevice;
import org.disktune.host.LoopFileSystem;
import org.disktune.testing.RemoveAddedState;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sweep on this machine's kernel: a loop device backed by a temporary file, 100 ms trials and a budget of a few
 * points. Every setting is back afterwards (scheduler, read_ahead_kb, and nr_requests, which the scheduler switches
 * reset), the journal holds one entry for the sweep with the settings before it, and the table has one row per point. What the test adds under
 * /var/lib/disktune (journal entries) is removed afterwards. Needs root.
 */
@Tag("loop")
@ExtendWith(RemoveAddedState.class)
class LiveLoopDeviceSweepTest {
    @TempDir
    Path dir;

    @Test
    void sweepSwitchesThroughTheJournalAndPutsEverySettingBack() throws IOException {
        try (LoopDevice loop = LoopDevice.attach(dir, 64)) {
            loop.setQueue("scheduler", "none");
            loop.setQueue("read_ahead_kb", "128"); // so that the third point (one setting changed) switches the scheduler
            loop.setQueue("nr_requests", "64"); // not the default: a scheduler switch resets it
            String[] before = {loop.queue("scheduler"), loop.queue("read_ahead_kb"), loop.queue("nr_requests")};
            LinuxHost host = new LinuxHost(() -> {
                throw new org.disktune.core.DisktuneException(org.disktune.core.ExitCode.ENVIRONMENT, "not needed");
            });
            SweepService service = new SweepService(host, Duration.ofMillis(100));
            // 6 rounds x 2 x 3 workloads x 0.2 s = 7.2 s per point: 3 points and the confirmation's reserve
            SweepService.Prepared prepared = service.prepare("/dev/" + loop.name(), Duration.ofSeconds(29), false);
            assertEquals(List.of(new SweepPoint("none", null, 1024), new SweepPoint("none", null, 4096), new SweepPoint("mq-deadline", null, 128)),
                    prepared.plan().points());
            // the run leaves out points that would end past the budget at its measured pace (InterleavedSweepTest); on a
            // loaded machine that could be the third, and this test is about the journal and the restore of all three
            SweepPlan p = prepared.plan();
            prepared = new SweepService.Prepared(prepared.target(), prepared.disk(), new SweepPlan(p.baseline(), p.points(), p.leftOut(),
                    p.perPoint(), p.estimate(), Duration.ofMinutes(10)));
            int entriesBefore = new Journal(host).entries().size();

            SweepReport report = service.run(prepared, InterleavedSweep.Progress.NONE);

            assertEquals(List.of(before[0], before[1], before[2]),
                    List.of(loop.queue("scheduler"), loop.queue("read_ahead_kb"), loop.queue("nr_requests")), "every setting is back");
            assertEquals(3, report.rows().size());
            assertTrue(report.rows().stream().allMatch(r -> r.verdicts().size() == SweepService.WORKLOADS.size()));
            assertEquals(prepared.plan().leftOut(), report.leftOut());
            assertNotNull(report.conclusion());
            List<JournalEntry> added = new Journal(host).entries().subList(entriesBefore, new Journal(host).entries().size());
            assertEquals(1, added.size(), "one journal entry for the whole sweep: " + added);
            assertEquals(report.journalFrom(), added.get(0).id());
            assertTrue(added.get(0).description().startsWith("tune " + loop.name() + ": sweep from "), added.get(0).description());
            assertEquals(List.of("queue/scheduler=none", "queue/read_ahead_kb=" + before[1], "queue/nr_requests=" + before[2]),
                    added.get(0).changes().stream().map(c -> (JournaledChange.AttributeWrite) c)
                            .map(a -> a.path().substring(("/sys/block/" + loop.name() + "/").length()) + "=" + a.oldValue()).toList(),
                    "the entry holds the value before the sweep of every setting it switches");
        }
    }

    @Test
    void aDirectorySweepsItsDiskWithTheWriteWorkloadsTooAndLeavesNoFile() throws IOException, InterruptedException {
        try (LoopFileSystem fs = LoopFileSystem.ext4(dir, 320)) {
            LoopDevice loop = fs.loop();
            Path mount = fs.mount();
            loop.setQueue("scheduler", "none");
            loop.setQueue("read_ahead_kb", "4096");
            String[] before = {loop.queue("scheduler"), loop.queue("read_ahead_kb"), loop.queue("nr_requests")};
            LinuxHost host = new LinuxHost(() -> {
                throw new org.disktune.core.DisktuneException(org.disktune.core.ExitCode.ENVIRONMENT, "not needed");
            });
            // 4 threads of 8 KiB, a 2 MiB file each; 6 rounds x 2 x 5 workloads x 0.2 s = 12 s per point: one point
            SweepService service = new SweepService(host, Duration.ofMillis(100), 2L << 20);
            SweepService.Prepared prepared = service.prepare(mount.toString(), Duration.ofSeconds(25), false,
                    new org.disktune.bench.workload.IoShape(4, 8192));
            assertEquals(loop.name(), prepared.target().device());
            assertEquals(mount.toString(), prepared.directory());
            assertEquals(1, prepared.plan().points().size(), prepared.plan().toString());
            int entriesBefore = new Journal(host).entries().size();

            SweepReport report = service.run(prepared, InterleavedSweep.Progress.NONE);

            assertEquals(List.of("seq-read-buffered", "seq-read-direct", "rand-read-4k-qd4", "seq-write", "rewrite"), report.workloads());
            assertTrue(report.rows().stream().allMatch(r -> r.verdicts().size() == 5), report.rows().toString());
            assertEquals(List.of("lost+found"), fs.names(), "every file removed");
            assertEquals(List.of(before[0], before[1], before[2]),
                    List.of(loop.queue("scheduler"), loop.queue("read_ahead_kb"), loop.queue("nr_requests")), "every setting is back");
            assertEquals(1, new Journal(host).entries().size() - entriesBefore, "one journal entry for the whole sweep");
        }
    }
}
