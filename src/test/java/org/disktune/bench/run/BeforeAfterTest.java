package org.disktune.bench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.disktune.bench.stats.Direction;
import org.disktune.host.Host;
import org.disktune.host.LinuxHost;
import org.disktune.host.LiveKernelLog;
import org.disktune.host.LoopDevice;
import org.disktune.host.ProcessCommandRunner;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * apply --bench and verify --bench on this machine's kernel: a loop device measured before a change of read_ahead_kb,
 * measured again after it by its baseline, every workload compared and the changed setting named. (Whether a real
 * change is detected is the A/B experiment of src/test/scripts/bench-ab.sh, on a device full of data.)
 * The baselines and results go to this machine's /var/lib/disktune/bench; the test puts back what it found there, and removes the directories it made.
 * Needs root.
 */
@Tag("loop")
class BeforeAfterTest {
    private static final Path STATE = Path.of("/var/lib/disktune/bench");

    @TempDir
    Path dir;

    @Test
    void aBaselineMeasuredBeforeIsMeasuredAgainAndComparedPerWorkload() throws IOException {
        byte[] index = Files.exists(STATE.resolve("baselines.json")) ? Files.readAllBytes(STATE.resolve("baselines.json")) : null;
        List<Path> before = Files.exists(STATE) ? Files.list(STATE).toList() : List.of();
        boolean stateExisted = Files.exists(STATE);
        boolean parentExisted = Files.exists(STATE.getParent());
        ProcessCommandRunner commands = new ProcessCommandRunner();
        Host host = new LinuxHost(commands, new LiveKernelLog(commands));
        try (LoopDevice loop = LoopDevice.attach(dir, 64)) {
            String original = loop.queue("read_ahead_kb");
            try {
                loop.setQueue("read_ahead_kb", "4");
                BeforeAfter flow = new BeforeAfter(host, Duration.ofMillis(150), 2);
                List<BeforeAfter.Baseline> baselines = flow.baselines(List.of("/dev/" + loop.name()));
                assertEquals(1, baselines.size());
                assertEquals("device:" + loop.name(), baselines.get(0).key(), "a loop device has no stable identity");
                assertEquals(2, baselines.get(0).results().size(), "separate runs: " + baselines);
                assertEquals(baselines.get(0).results().stream().map(r -> r.id()).toList(), new Baselines(host).all().get("device:" + loop.name()));
                loop.setQueue("read_ahead_kb", "4096");
                List<BeforeAfter.After> afters = flow.again().stream().filter(a -> a.key().equals("device:" + loop.name())).toList();
                assertEquals(1, afters.size());
                BeforeAfter.After after = afters.get(0);
                assertNull(after.skipped());
                assertNotNull(after.comparison());
                assertEquals(6, after.comparison().verdicts().size());
                assertEquals(2, after.results().size());
                assertEquals("4096", after.results().get(0).settings().get("queue/read_ahead_kb"));
                assertTrue(after.comparison().notes().stream().anyMatch(n -> n.startsWith("between runs: 2 run(s) of A and 2 of B")),
                        after.comparison().notes().toString());
                assertTrue(after.comparison().notes().stream().anyMatch(n -> n.contains("read_ahead_kb 4 -> 4096")), after.comparison().notes()
                        .toString());
                assertEquals(List.of("seq-read-buffered", "cached-read", "seq-read-direct", "rand-read-4k-qd1", "rand-read-4k-qd4",
                        "rand-read-4k-qd32"), after.comparison().verdicts().stream().map(v -> v.workload()).toList());
                assertTrue(after.comparison().verdicts().stream().allMatch(v -> v.text().startsWith(v.workload())
                        && (v.direction() == Direction.NONE) == v.text().contains("no detectable change")), after.comparison().verdicts()
                        .toString());
            } finally {
                loop.setQueue("read_ahead_kb", original);
            }
        } finally {
            if (index == null) {
                Files.deleteIfExists(STATE.resolve("baselines.json"));
            } else {
                Files.write(STATE.resolve("baselines.json"), index);
            }
            for (Path p : Files.exists(STATE) ? Files.list(STATE).toList() : List.<Path>of()) {
                if (!before.contains(p)) {
                    Files.deleteIfExists(p);
                }
            }
            if (!stateExisted) { // the directories the test made, so that the machine is left as found
                Files.deleteIfExists(STATE);
            }
            if (!parentExisted) {
                Files.deleteIfExists(STATE.getParent());
            }
        }
    }
}
