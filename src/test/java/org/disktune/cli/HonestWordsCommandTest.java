package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.disktune.bench.BenchResult;
import org.disktune.bench.Profile;
import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.WorkloadResult;
import org.disktune.bench.store.BenchStore;
import org.disktune.host.Host;
import org.disktune.host.LiveTree;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Words that said something untrue (issue 29, item 9): each command's output for the case a user met, through the real
 * command line.
 */
class HonestWordsCommandTest {
    private static final String CONFIG = "/etc/disktune/disktune.conf";
    private static final String RULES = "/etc/udev/rules.d/90-disktune.rules";

    @TempDir
    Path tmp;

    private static CliRun run(Host host, String... args) {
        return CliRun.run(o -> host, args);
    }

    private static void write(Host host, String path, String text) throws IOException {
        Files.createDirectories(host.path(path).getParent());
        Files.writeString(host.path(path), text);
    }

    private static WorkloadResult workload(String name, double... values) {
        List<Trial> trials = Arrays.stream(values).mapToObj(v -> new Trial(v, null, 0, 0, 1)).toList();
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return new WorkloadResult(name, Unit.MB_S, trials, sorted[sorted.length / 2], null);
    }

    private static BenchResult result(String id, WorkloadResult w) {
        return new BenchResult(BenchResult.SCHEMA_VERSION, id, "/dev/sdb", "sdb", "ata-ST3500-XYZ", "6.1.0-26-amd64", "boot",
                "2026-11-30T13:15:00Z", Profile.QUICK, Map.of("read_ahead_kb", "128"), List.of(w));
    }

    @Test
    void benchCompareSaysWhenTheTrialMediansMovedTheOtherWayFromTheEstimate() throws IOException {
        Files.createDirectories(tmp.resolve("etc"));
        BenchStore store = new BenchStore(new RootedHost(tmp, new RefusingCommandRunner("test"), () -> {
            throw new IllegalStateException("no kernel log");
        }, Clock.systemUTC(), true));
        store.save(result("before", workload("seq-read-buffered", 1000, 1100, 1818, 3000, 3100)));
        store.save(result("after", workload("seq-read-buffered", 1430, 1440, 1449, 3400, 3500)));
        CliRun run = CliRun.run("--root", tmp.toString(), "bench", "compare", "before", "after");
        assertEquals(0, run.exitCode(), run.err());
        String line = run.out().lines().filter(l -> l.startsWith("seq-read-buffered")).findFirst().orElseThrow();
        assertTrue(line.startsWith("seq-read-buffered: no detectable change (+"), line);
        assertTrue(line.endsWith("  (trial medians 1818 -> 1449 MB/s, -20.3%: the other way from the estimate, which is the median "
                + "of all 25 ratios of a trial of B to a trial of A, not the ratio of the medians; the trials are too spread to tell "
                + "which way it went)"), line);
    }

    @Test
    void aNumberOfManyDigitsIsOutOfRangeNotNoWholeNumber() throws IOException {
        Path conf = tmp.resolve("big.conf");
        Files.writeString(conf, "[disk x]\nmatch.name = sda\nread_ahead_kb = 99999999999999999999999\n");
        CliRun run = CliRun.run("--sample", "seed-raid5-raptors", "--config", conf.toString(), "config", "check");
        assertEquals(2, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains(conf + ":3: read_ahead_kb = 99999999999999999999999 is out of range; use a whole number from 0 "
                + "to 1048576 KiB"), run.out() + run.err());
    }

    @Test
    void randomBytesAreNotAKernelLog() throws IOException {
        byte[] random = new byte[100 * 1024];
        new Random(29).nextBytes(random);
        Path file = tmp.resolve("random.bin");
        Files.write(file, random);
        CliRun run = CliRun.run("kernel-log", file.toString());
        assertEquals(2, run.exitCode(), run.out() + run.err());
        assertEquals("", run.out());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().startsWith("disktune: " + file + " is not a kernel log: no line has the form of one"), run.err());
        assertFalse(run.err().contains("Exception"), run.err());
    }

    @Test
    void rootAndSampleTogetherAreAUsageError() {
        Path root = tmp;
        for (String[] args : List.of(new String[] {"--root", root.toString(), "--sample", "seed-raid5-raptors", "detect"},
                new String[] {"--sample", "seed-raid5-raptors", "--root", root.toString(), "plan"},
                new String[] {"--root", root.toString(), "--sample", "seed-raid5-raptors", "verify"})) {
            CliRun run = CliRun.run(args);
            assertEquals(2, run.exitCode(), List.of(args) + run.out() + run.err());
            assertEquals("", run.out(), List.of(args).toString());
            assertEquals("disktune: --root and --sample name two different machines; give one of them\n", run.err(), List.of(args).toString());
        }
    }

    @Test
    void thePlanHeaderCountsASectionWithASchedulerOnce() throws IOException {
        Path conf = tmp.resolve("one.conf");
        Files.writeString(conf, "[disk raptors]\nmatch.model = WDC WD740ADFD*\nqueue_depth = 1\nscheduler = deadline\n");
        CliRun run = CliRun.run("--sample", "seed-raid5-raptors", "--config", conf.toString(), "plan");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("# udev rules that set the sysfs and hdparm settings of 1 section at every boot and hotplug\n"),
                run.out());
    }

    @Test
    void aCommentAddedToTheRulesFileIsAHandEditWithTheSettingsIntactAndAChangedRuleIsNamed() throws IOException {
        Path root = SampleRoots.materialize("seed-raid5-raptors");
        LiveTree host = new LiveTree(root, Session.treeKernelLog(root, "sample seed-raid5-raptors"));
        write(host, CONFIG, "[disk raptors]\nmatch.model = WDC WD740ADFD*\nqueue_depth = 1\n");
        CliRun apply = run(host, "apply");
        assertEquals(0, apply.exitCode(), apply.out() + apply.err());
        String rules = Files.readString(host.path(RULES));

        Files.writeString(host.path(RULES), rules + "# checked by hand on 2026-12-01\n");
        CliRun commented = run(host, "verify");
        assertEquals(0, commented.exitCode(), commented.out());
        assertFalse(commented.out().contains("lost at reboot"), commented.out());
        assertTrue(commented.out().lines().anyMatch(l -> l.startsWith("ok") && l.contains(RULES)
                && l.contains("edited by hand (comments only), settings intact")), commented.out());

        // line 19 is the rule udev 105 jumps past the rule with (KERNEL=="md*|dm-*", OldUdevKeys): the rule starts at line 20
        Files.writeString(host.path(RULES), rules.replace("ATTR{device/queue_depth}=\"1\"", "ATTR{device/queue_depth}=\"4\""));
        CliRun changed = run(host, "verify");
        assertEquals(1, changed.exitCode(), changed.out());
        String drift = changed.out().lines().filter(l -> l.startsWith("drift") && l.contains(RULES)).findFirst().orElseThrow();
        assertTrue(drift.contains("edited by hand: the rule of line 20 has ATTR{device/queue_depth}=\"4\" instead of "
                + "ATTR{device/queue_depth}=\"1\" ("), drift);
    }
}
