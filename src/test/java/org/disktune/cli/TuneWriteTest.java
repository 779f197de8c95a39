package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

import org.disktune.apply.Journal;
import org.disktune.apply.JournalEntry;
import org.disktune.apply.JournaledChange;
import org.disktune.bench.FakeWorkloads;
import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.Workload;
import org.disktune.bench.run.BenchTarget;
import org.disktune.bench.sweep.InterleavedSweep;
import org.disktune.bench.sweep.SweepPlan;
import org.disktune.bench.sweep.SweepPoint;
import org.disktune.bench.sweep.SweepReport;
import org.disktune.bench.sweep.SweepService;
import org.disktune.bench.sweep.SweepStore;
import org.disktune.host.Host;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tune --write} from the sweep to the file on a --root tree: the real {@link SweepService#tune} with its
 * journaled sysfs switches (plain files in the tree) and journaled write of disktune.conf, with fake workloads whose
 * figure is a function of the read_ahead_kb in force, so that whether a winner is significant is known beforehand. Then
 * {@code disktune --root TREE undo} through the command line. The live loop-device run of the command is in
 * {@link TuneCommandTest}.
 */
class TuneWriteTest {
    private static final String CONF = "/etc/disktune/disktune.conf";
    private static final byte[] OLD_CONF = ("# my settings\n[disk spinning]\nmatch.rotational = yes\nread_ahead_kb = 1024\n\n"
            + "; the end\n").getBytes(StandardCharsets.UTF_8);
    private static final SweepPoint NOW = new SweepPoint("none", null, 128);
    private static final SweepPoint RA4096 = new SweepPoint("none", null, 4096);

    @TempDir
    Path tree;
    private Host host;

    @BeforeEach
    void machine() throws IOException {
        Path queue = Files.createDirectories(tree.resolve("sys/block/sdx/queue"));
        Files.writeString(queue.resolve("scheduler"), "[none] mq-deadline\n");
        Files.writeString(queue.resolve("read_ahead_kb"), "128\n");
        Files.writeString(queue.resolve("nr_requests"), "64\n");
        Files.createDirectories(tree.resolve("etc/disktune"));
        Files.write(tree.resolve("etc/disktune/disktune.conf"), OLD_CONF);
        host = new RootedHost(tree, new RefusingCommandRunner("test"), () -> {
            throw new IllegalStateException("no kernel log");
        }, Clock.systemUTC(), true);
    }

    /** A workload whose every trial gives {@code figure(read_ahead_kb in force)}: no noise, so the verdicts are known. */
    private Workload fake(String name, Unit unit, ToDoubleFunction<Integer> figure) {
        return FakeWorkloads.of(name, unit, context -> {
            int ra = Integer.parseInt(host.readAttribute("/sys/block/sdx/queue/read_ahead_kb"));
            return new Trial(figure.applyAsDouble(ra), null, 1, 1, 0.001);
        });
    }

    private SweepService service(Map<Integer, double[]> figures) {
        return new SweepService(host, Duration.ofMillis(1), () -> List.of(
                fake("seq-read-buffered", Unit.MB_S, ra -> figures.getOrDefault(ra, new double[] {100, 100, 100})[0]),
                fake("seq-read-direct", Unit.MB_S, ra -> figures.getOrDefault(ra, new double[] {100, 100, 100})[1]),
                fake("rand-read-4k-qd4", Unit.IOPS, ra -> figures.getOrDefault(ra, new double[] {100, 100, 100})[2])));
    }

    private static SweepService.Prepared prepared() {
        return prepared("wwn-0x5000c500a1b2c3d4");
    }

    private static SweepService.Prepared prepared(String identity) {
        SweepPlan plan = new SweepPlan(NOW, List.of(new SweepPoint("none", null, 1024), RA4096), List.of(), Duration.ofSeconds(1),
                Duration.ofSeconds(3), Duration.ofMinutes(1));
        return new SweepService.Prepared(new BenchTarget(BenchTarget.Kind.DEVICE, "/dev/sdx", "sdx", "/dev/sdx", identity),
                null, plan);
    }

    private List<String> confWrites() {
        return new Journal(host).entries().stream().filter(e -> e.wrote(CONF)).map(JournalEntry::id).toList();
    }

    private String readAhead() throws IOException {
        return Files.readString(tree.resolve("sys/block/sdx/queue/read_ahead_kb")).strip();
    }

    @Test
    void aSignificantWinnerIsWrittenThroughTheJournalAndUndoPutsTheOldFileBack() throws IOException {
        SweepReport report = service(Map.of(4096, new double[] {150, 100, 100})).tune(prepared(), InterleavedSweep.Progress.NONE, CONF);

        assertEquals(RA4096, report.winner());
        assertEquals("128", readAhead(), "the device's settings are back after the sweep");
        assertEquals(CONF, report.written());
        String conf = Files.readString(tree.resolve("etc/disktune/disktune.conf"));
        assertTrue(conf.startsWith(new String(OLD_CONF, StandardCharsets.UTF_8)), "every old line kept:\n" + conf);
        assertTrue(conf.contains("\n[disk tuned-wwn-0x5000c500a1b2c3d4]\n"), conf);
        assertTrue(conf.endsWith("match.by-id = wwn-0x5000c500a1b2c3d4\nscheduler = none\nread_ahead_kb = 4096\n"), conf);

        JournalEntry entry = new Journal(host).entries().stream().filter(e -> e.id().equals(report.writtenJournalId())).findFirst()
                .orElseThrow();
        assertEquals(1, entry.changes().size(), "the write alone: " + entry.changes());
        assertEquals(CONF, assertInstanceOf(JournaledChange.FileWrite.class, entry.changes().get(0)).path());
        assertTrue(entry.files().stream().anyMatch(f -> f.path().equals(CONF) && f.existedBefore() && f.backup() != null),
                "the old file is backed up in the journal: " + entry.files());
        try (Stream<Path> dir = Files.list(tree.resolve("etc/disktune"))) {
            assertEquals(List.of("disktune.conf"), dir.map(p -> p.getFileName().toString()).toList(), "no temporary file left: atomic rename");
        }
        assertEquals(CONF, new SweepStore(host).load(report.id()).written(), "the stored table says where the winner went");

        CliRun undo = CliRun.run("--root", tree.toString(), "undo");
        assertEquals(0, undo.exitCode(), "disktune.conf put back needs no reboot: " + undo.out() + undo.err());
        assertTrue(undo.out().contains("restored " + CONF), undo.out());
        assertArrayEquals(OLD_CONF, Files.readAllBytes(tree.resolve("etc/disktune/disktune.conf")), "byte for byte the old file");
        assertEquals("128", readAhead());
    }

    @Test
    void aDiskWithoutAStableIdentityIsWrittenMatchedByItsKernelNameAndPlans() throws IOException {
        Files.writeString(tree.resolve("etc/disktune/disktune.conf"), "# mine\n");
        SweepReport report = service(Map.of(4096, new double[] {150, 100, 100})).tune(prepared(null), InterleavedSweep.Progress.NONE, CONF);

        String conf = Files.readString(tree.resolve("etc/disktune/disktune.conf"));
        assertTrue(conf.startsWith("# mine\n\n[disk tuned-sdx]\n"), conf);
        assertTrue(conf.endsWith("match.name = sdx\nscheduler = none\nread_ahead_kb = 4096\n"), conf);
        assertEquals(CONF, report.written());
        CliRun plan = CliRun.run("--root", tree.toString(), "plan");
        assertEquals(0, plan.exitCode(), plan.out() + plan.err());
        assertTrue(plan.out().contains("read_ahead_kb") && plan.out().contains("4096"), "the section plans sdx's change:\n" + plan.out());
    }

    @Test
    void withoutWriteTheWinnerIsOnlyReported() throws IOException {
        SweepReport report = service(Map.of(4096, new double[] {150, 100, 100})).tune(prepared(), InterleavedSweep.Progress.NONE, null);

        assertEquals(RA4096, report.winner());
        assertNull(report.written());
        assertArrayEquals(OLD_CONF, Files.readAllBytes(tree.resolve("etc/disktune/disktune.conf")));
        assertEquals(List.of(), confWrites(), "no journal entry touched the file");
        assertEquals("128", readAhead());
    }

    @Test
    void noWinnerWithoutASignificantGainOrWithASignificantLossAndNothingWritten() throws IOException {
        SweepReport same = service(Map.of()).tune(prepared(), InterleavedSweep.Progress.NONE, CONF);
        assertNull(same.winner(), "equal figures: every interval holds 1");
        assertTrue(same.rows().stream().noneMatch(r -> r.qualifies()));

        SweepReport mixed = service(Map.of(4096, new double[] {150, 100, 80})).tune(prepared(), InterleavedSweep.Progress.NONE, CONF);
        assertNull(mixed.winner(), "faster sequentially but significantly slower at random reads");
        assertNull(mixed.written());

        assertArrayEquals(OLD_CONF, Files.readAllBytes(tree.resolve("etc/disktune/disktune.conf")));
        assertEquals(List.of(), confWrites());
        assertEquals("128", readAhead());
        assertEquals(2, new SweepStore(host).list().size(), "both tables stored all the same");
    }

    @Test
    void aSweepIsOneJournalEntryAndAFailingTrialPutsEverySettingBack() throws IOException {
        int before = new Journal(host).entries().size();
        service(Map.of(4096, new double[] {150, 100, 100})).tune(prepared(), InterleavedSweep.Progress.NONE, null);
        assertEquals(before + 1, new Journal(host).entries().size(), "two points, a confirmation, dozens of switches: one entry");

        int[] trials = {0};
        SweepService failing = new SweepService(host, Duration.ofMillis(1), () -> List.of(
                fake("seq-read-buffered", Unit.MB_S, ra -> {
                    if (++trials[0] == 9) {
                        throw new IllegalStateException("the device went away");
                    }
                    return 100;
                }),
                fake("seq-read-direct", Unit.MB_S, ra -> 100), fake("rand-read-4k-qd4", Unit.IOPS, ra -> 100)));
        assertThrows(IllegalStateException.class, () -> failing.run(prepared(), InterleavedSweep.Progress.NONE));
        assertEquals("128", readAhead(), "the point in force when the trial failed is switched back");
        assertEquals(before + 2, new Journal(host).entries().size(), "the failed sweep is one entry too");
    }
}
