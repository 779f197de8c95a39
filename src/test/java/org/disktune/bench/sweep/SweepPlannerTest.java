package org.disktune.bench.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;

import org.disktune.core.DisktuneException;
import org.disktune.detect.Disk;
import org.junit.jupiter.api.Test;

class SweepPlannerTest {
    private static Disk disk(String scheduler, List<String> schedulers, Integer queueDepth, Boolean ncq, Integer ncqMax, Integer readAhead) {
        return new Disk("sdb", "/sys/block/sdb", org.disktune.config.Transport.ATA, null, null, null, null, null, null, null, null, List.of(), null, true, ncq, ncqMax,
                org.disktune.detect.DiskSettings.of(queueDepth, scheduler, readAhead, 64), schedulers, List.of(), List.of(), null, null, "sd", null);
    }

    @Test
    void ncqDiskSweepsEveryOfferedSchedulerDepthOneCurrentAndMaximumAndFourReadAheads() {
        SweepSpace space = SweepSpace.of(disk("mq-deadline", List.of("mq-deadline", "kyber", "bfq", "none"), 31, true, 32, 256)).orElseThrow();
        assertEquals(new SweepPoint("mq-deadline", 31, 256), space.baseline());
        assertEquals(List.of(1, 31, 32), space.queueDepths());
        assertEquals(List.of(128, 256, 1024, 4096), space.readAheads());
        List<SweepPoint> points = space.points();
        assertEquals(4 * 3 * 4 - 1, points.size());
        assertFalse(points.contains(space.baseline()), "the baseline is not a point of its own");
        assertEquals(points.size(), new HashSet<>(points).size());
    }

    @Test
    void withoutNcqOrQueueDepthTheDepthIsNotSweptAndTheCurrentReadAheadIsNotDuplicated() {
        SweepSpace noNcq = SweepSpace.of(disk("none", List.of("none", "mq-deadline"), 1, false, null, 128)).orElseThrow();
        assertEquals(null, noNcq.queueDepths());
        assertEquals(List.of(128, 1024, 4096), noNcq.readAheads());
        assertEquals(2 * 3 - 1, noNcq.points().size());
        assertTrue(noNcq.points().stream().allMatch(p -> p.queueDepth() == null));
        SweepSpace loop = SweepSpace.of(disk("none", List.of("none", "mq-deadline"), null, null, null, 128)).orElseThrow();
        assertEquals(null, loop.queueDepths());
        assertTrue(SweepSpace.of(disk(null, null, null, null, null, 128)).isEmpty(), "no scheduler list: nothing to sweep");
    }

    @Test
    void budgetKeepsThePointsThatFitOneSettingChangedFirstAndNamesTheRest() {
        SweepSpace space = SweepSpace.of(disk("mq-deadline", List.of("mq-deadline", "bfq", "none"), null, null, null, 128)).orElseThrow();
        // 6 rounds x 2 sides x 3 workloads x (1 s + 0.1 s) = 39.6 s per point
        Duration perPoint = SweepPlanner.pointTime(6, 3, Duration.ofSeconds(1));
        assertEquals(Duration.ofMillis(39_600), perPoint);
        SweepPlan plan = SweepPlanner.plan(space, Duration.ofMinutes(3), 6, 3, Duration.ofSeconds(1));
        // 180 s / 39.6 s = 4 points' time, one kept for the confirmation: 3 points
        assertEquals(3, plan.points().size());
        assertEquals(space.points().size() - 3, plan.leftOut().size());
        assertTrue(plan.points().stream().allMatch(p -> p.distance(space.baseline()) == 1), plan.points().toString());
        assertEquals(List.of(new SweepPoint("mq-deadline", null, 1024), new SweepPoint("mq-deadline", null, 4096),
                new SweepPoint("bfq", null, 128)), plan.points());
        assertEquals(perPoint.multipliedBy(4), plan.estimate());
        assertTrue(plan.estimate().compareTo(plan.budget()) <= 0);
        SweepPlan all = SweepPlanner.plan(space, Duration.ofHours(1), 6, 3, Duration.ofSeconds(1));
        assertEquals(space.points().size(), all.points().size());
        assertTrue(all.leftOut().isEmpty());
    }

    @Test
    void aBudgetForLessThanOnePointAndItsConfirmationIsRefusedNamingTheMinimum() {
        SweepSpace space = SweepSpace.of(disk("none", List.of("none", "mq-deadline"), null, null, null, 128)).orElseThrow();
        DisktuneException e = assertThrows(DisktuneException.class,
                () -> SweepPlanner.plan(space, Duration.ofSeconds(60), 6, 3, Duration.ofSeconds(1)));
        assertEquals("--budget 1m fits no point: each takes about 40s, and the best one is measured again; give at least --budget 1m20s",
                e.getMessage());
    }

    @Test
    void humanDurations() {
        assertEquals("1h30m", SweepPlanner.human(Duration.ofMinutes(90)));
        assertEquals("45s", SweepPlanner.human(Duration.ofMillis(44_100)));
        assertEquals("0s", SweepPlanner.human(Duration.ZERO));
    }
}
