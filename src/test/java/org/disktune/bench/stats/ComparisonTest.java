package org.disktune.bench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.disktune.bench.BenchResult;
import org.disktune.bench.Profile;
import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.WorkloadResult;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.Test;

/** Two stored runs compared workload by workload, with notes on what differs. */
class ComparisonTest {
    static WorkloadResult workload(String name, Unit unit, double... values) {
        List<Trial> trials = Arrays.stream(values).mapToObj(v -> new Trial(v, null, 0, 0, 1)).toList();
        return new WorkloadResult(name, unit, trials, RatioInterval.median(values), null);
    }

    static BenchResult result(String id, String identity, Profile profile, String kernel, Map<String, String> settings,
            WorkloadResult... workloads) {
        return new BenchResult(BenchResult.SCHEMA_VERSION, id, "/dev/sdb", "sdb", identity, kernel, "boot-1", "2026-11-30T13:15:00Z",
                profile, settings, List.of(workloads));
    }

    private static final WorkloadResult SEQ_A = workload("seq-read-buffered", Unit.MB_S, 100, 101, 99, 100.5, 99.5);
    private static final WorkloadResult SEQ_B = workload("seq-read-buffered", Unit.MB_S, 108, 109, 107, 108.5, 107.5);
    private static final WorkloadResult QD1_A = workload("rand-read-4k-qd1", Unit.IOPS, 5000, 5050, 4950, 5020, 4980);
    private static final WorkloadResult QD1_SAME = workload("rand-read-4k-qd1", Unit.IOPS, 4990, 5060, 4940, 5030, 4970);
    private static final WorkloadResult QD1_WORSE = workload("rand-read-4k-qd1", Unit.IOPS, 4000, 4050, 3950, 4020, 3980);

    @Test
    void sameDiskSameSetupGivesOneVerdictPerWorkloadAndNoNotes() {
        BenchResult a = result("a", "ata-X", Profile.QUICK, "6.1.0", Map.of(), SEQ_A, QD1_A);
        BenchResult b = result("b", "ata-X", Profile.QUICK, "6.1.0", Map.of(), SEQ_B, QD1_SAME);
        ComparisonResult c = Comparison.compare(a, b);
        assertEquals(List.of(), c.notes());
        assertEquals(2, c.verdicts().size());
        assertEquals("seq-read-buffered +8.0% [+6.5%, +9.5%]", c.verdicts().get(0).text());
        assertEquals(Direction.BETTER, c.verdicts().get(0).direction());
        assertEquals(Direction.NONE, c.verdicts().get(1).direction());
        assertTrue(c.verdicts().get(1).text().startsWith("rand-read-4k-qd1: no detectable change ("), c.verdicts().get(1).text());
        assertFalse(c.regression());
    }

    @Test
    void aWorkloadThatGotSignificantlyWorseIsARegression() {
        ComparisonResult c = Comparison.compare(result("a", "ata-X", Profile.QUICK, "6.1.0", Map.of(), SEQ_A, QD1_A),
                result("b", "ata-X", Profile.QUICK, "6.1.0", Map.of(), SEQ_B, QD1_WORSE));
        assertEquals(Direction.WORSE, c.verdicts().get(1).direction());
        assertTrue(c.regression());
    }

    @Test
    void workloadsOfOneRunOnlyAndUnitsThatDifferAreNotedNotCompared() {
        BenchResult a = result("a", "ata-X", Profile.QUICK, "6.1.0", Map.of(), SEQ_A, QD1_A);
        BenchResult b = result("b", "ata-X", Profile.QUICK, "6.1.0", Map.of(), workload("rand-read-4k-qd1", Unit.MB_S, 1, 2, 3),
                workload("cached-read", Unit.MB_S, 5000, 5100, 4900));
        ComparisonResult c = Comparison.compare(a, b);
        assertEquals(List.of(), c.verdicts());
        assertEquals(List.of("seq-read-buffered: measured only in A (a); not compared",
                "rand-read-4k-qd1: measured in IOPS in A and in MB/s in B; not compared",
                "cached-read: measured only in B (b); not compared"), c.notes());
        assertFalse(c.regression());
    }

    @Test
    void differentDevicesProfilesKernelsAndSettingsAreNoted() {
        BenchResult a = result("a", "ata-X", Profile.QUICK, "6.1.0", Map.of("scheduler", "mq-deadline", "read_ahead_kb", "128"), SEQ_A);
        BenchResult b = new BenchResult(1, "b", "/dev/sdc", "sdc", "ata-Y", "6.12.0", "boot-2", "2026-12-01T00:00:00Z", Profile.DEFAULT,
                Map.of("scheduler", "mq-deadline", "read_ahead_kb", "4096", "nr_requests", "64"), List.of(SEQ_B));
        List<String> notes = Comparison.compare(a, b).notes();
        assertEquals(List.of("different devices: A measured sdb (ata-X), B measured sdc (ata-Y)",
                "different profiles: A ran the quick profile, B ran the default profile; trial lengths differ, and so may the figures",
                "different kernels: A ran 6.1.0, B ran 6.12.0",
                "settings that differ (A -> B): nr_requests - -> 64, read_ahead_kb 128 -> 4096"), notes);
    }

    @Test
    void theSameDiskUnderAnotherNameIsTheSameDevice() {
        BenchResult a = result("a", "ata-X", Profile.QUICK, "6.1.0", Map.of(), SEQ_A);
        BenchResult b = new BenchResult(1, "b", "/dev/sdc", "sdc", "ata-X", "6.1.0", "boot-2", "t", Profile.QUICK, Map.of(), List.of(SEQ_B));
        assertEquals(List.of(), Comparison.compare(a, b).notes());
        BenchResult noIdentity = new BenchResult(1, "c", "/dev/sdc", "sdc", null, "6.1.0", "boot-2", "t", Profile.QUICK, Map.of(), List.of(SEQ_B));
        assertEquals(List.of("different devices: A measured sdb (ata-X), B measured sdc (no stable identity)"),
                Comparison.compare(a, noIdentity).notes());
    }

    @Test
    void aWorkloadWithOneTrialIsAUsageErrorNamingIt() {
        BenchResult a = result("a", "ata-X", Profile.QUICK, "6.1.0", Map.of(), workload("seq-read-buffered", Unit.MB_S, 100));
        BenchResult b = result("b", "ata-X", Profile.QUICK, "6.1.0", Map.of(), SEQ_B);
        DisktuneException e = assertThrows(DisktuneException.class, () -> Comparison.compare(a, b));
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertEquals("cannot compare seq-read-buffered: A (a) has 1 trial(s), and a confidence interval needs at least 2 per side; "
                + "compare runs of disktune bench, which makes 5 or more", e.getMessage());
    }

    private static BenchResult directory(String id, Integer threads, Integer blockSize, WorkloadResult w) {
        return new BenchResult(BenchResult.SCHEMA_VERSION, id, "/srv", "sdb", "wwn-1", "6.1", "boot-1", "2026-11-30T13:15:00Z",
                Profile.QUICK, Map.of(), List.of(w), threads, blockSize);
    }

    @Test
    void runsOfDifferentThreadsOrBlockSizesAreRefusedNamingBoth() {
        WorkloadResult a = workload("seq-write", Unit.MB_S, 100, 101, 99, 100.5, 99.5);
        WorkloadResult b = workload("seq-write", Unit.MB_S, 50, 51, 49, 50.5, 49.5);
        BenchResult seeds = directory("a", 16, 8192, a);
        BenchResult one = directory("b", 1, null, b);
        DisktuneException e = assertThrows(DisktuneException.class, () -> Comparison.compare(seeds, one));
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertEquals("cannot compare a (16 threads, 8 KiB blocks) with b (1 thread, the workloads' own blocks): runs of different "
                + "threads or block sizes measure different things; compare runs made with the same --threads and --block-size", e.getMessage());
        DisktuneException block = assertThrows(DisktuneException.class,
                () -> Comparison.compare(seeds, directory("c", 16, 1 << 20, b)));
        assertTrue(block.getMessage().startsWith("cannot compare a (16 threads, 8 KiB blocks) with c (16 threads, 1 MiB blocks)"),
                block.getMessage());
        // several runs per side: one of another shape among them is refused too
        assertThrows(DisktuneException.class, () -> Comparison.compareRuns(List.of(seeds, directory("a2", 16, 8192, a)),
                List.of(directory("b1", 16, 8192, b), directory("b2", 8, 8192, b))));

        // the same shape compares; a result stored before threads were recorded is one thread of the workloads' own blocks
        assertEquals(Direction.WORSE, Comparison.compare(seeds, directory("d", 16, 8192, b)).verdicts().get(0).direction());
        assertEquals(1, Comparison.compare(directory("old", null, null, a), one).verdicts().size());
    }
}
