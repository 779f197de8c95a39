package org.disktune.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.disktune.bench.BenchResult;
import org.disktune.bench.Profile;
import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.WorkloadResult;
import org.disktune.e2e.KnownTruth.Report;
import org.disktune.e2e.KnownTruth.Run;
import org.disktune.e2e.KnownTruth.Settings;
import org.disktune.e2e.KnownTruth.Status;
import org.junit.jupiter.api.Test;

/**
 * The judge of the known-truth benchmarks (probes/known-truth.sh) on the results of a real guest run, and on made-up
 * result sets that break one expectation each: a judge that passes them is broken.
 */
class KnownTruthTest {
    private static final Path PIIX_1206 = Path.of("src/test/resources/known-truth/piix-2026-12-06");
    private static final Path PIIX_1206_40MS = Path.of("src/test/resources/known-truth/piix-2026-12-06-40ms");
    private static final Path PIIX_1207_RANDOM = Path.of("src/test/resources/known-truth/piix-2026-12-07-random");
    private static final Path PIIX_1207_SEQ_3S = Path.of("src/test/resources/known-truth/piix-2026-12-07-seq-3s");
    private static final Path PIIX_1207_SEQ_3S_RA8 = Path.of("src/test/resources/known-truth/piix-2026-12-07-seq-3s-ra8");
    private static final String RANDOM = KnownTruth.RANDOM;
    private static final String SEQUENTIAL = KnownTruth.SEQUENTIAL;

    static final Settings BASE = new Settings(32, 32, "none", 4096, 32, 40_000_000);
    static final Settings RA8 = new Settings(32, 32, "none", 8, 32, 40_000_000);
    static final Settings NR4 = new Settings(32, 4, "none", 4096, 32, 40_000_000);
    static final Settings DEADLINE = new Settings(32, 64, "mq-deadline", 4096, 32, 40_000_000);
    static final Settings DEPTH1 = new Settings(1, 1, "none", 4096, 32, 40_000_000);

    @Test
    void expectedRatiosFollowFromTheRequestsInFlight() {
        assertEquals(32, BASE.inFlight(RANDOM));
        assertEquals(32, BASE.inFlight(SEQUENTIAL), "a 4 MiB window is 128 requests of 32 KiB, 32 tags");
        assertEquals(1, DEPTH1.inFlight(RANDOM));
        assertEquals(1, DEPTH1.inFlight(SEQUENTIAL));
        assertEquals(4, NR4.inFlight(RANDOM), "nr_requests limits the tags without a scheduler");
        assertEquals(32, DEADLINE.inFlight(RANDOM), "with a scheduler nr_requests is the scheduler's, not the tags");
        assertEquals(32, RA8.inFlight(RANDOM), "O_DIRECT reads do not read ahead");
        assertEquals(2, RA8.inFlight(SEQUENTIAL), "a window smaller than a request: one synchronous, one ahead");
        assertEquals(800, BASE.theory(RANDOM), 1e-9, "32 requests of 40 ms: 800 IOPS");
        assertEquals(26.2144, BASE.theory(SEQUENTIAL), 1e-9, "32 requests of 32 KiB per 40 ms: 26.2 MB/s");
        assertEquals(25, DEPTH1.theory(RANDOM), 1e-9);
    }

    /**
     * Buffered sequential reads that do not reach their theory (as under TCG, 45 MB/s of 105 at 10 ms per request):
     * every ratio of them is "cannot tell", even where the ratios happen to hold; random reads are judged as before.
     */
    @Test
    void aBaseBelowItsTheoryCannotTellItsRatios() {
        Report r = KnownTruth.judge(truth(run -> scaled(run, 1, 0.43)));
        assertEquals(Status.CANNOT_TELL, r.finding("base " + SEQUENTIAL).status(), r.summary());
        assertTrue(r.finding("base " + SEQUENTIAL).detail().contains(", 43% of its theory 26.21 (32 requests in flight, 40 ms each); outside 80%..105%"), r.summary());
        for (String state : List.of("ra8", "nr4", "deadline", "depth1")) {
            assertEquals(Status.CANNOT_TELL, r.finding(state + " " + SEQUENTIAL).status(), r.summary());
            assertEquals(Status.OK, r.finding(state + " " + RANDOM).status(), r.summary());
        }
        assertFalse(r.passed(), r.summary());
    }

    @Test
    void aBaseAboveItsTheoryCannotTellEither() {
        Report r = KnownTruth.judge(truth(run -> run.state().equals("base") ? measuring(run, 1.1, 1) : run));
        assertEquals(Status.CANNOT_TELL, r.finding("base " + RANDOM).status(), r.summary());
        assertEquals(Status.OK, r.finding("base " + SEQUENTIAL).status(), r.summary());
        assertEquals(Status.CANNOT_TELL, r.finding("nr4 " + RANDOM).status(), r.summary());
    }

    /**
     * The guest run of 2026-12-06 (10 ms per request, one round: one run of each state, five of base). Base's random
     * reads reach 87% of their theory (3200 IOPS); its buffered sequential reads 43% (105 MB/s): TCG's CPU limits them,
     * so no sequential ratio is trusted. bench compare's statistic needs two runs on a side to know the variation
     * between runs, so every random effect is "cannot tell" too, however close its medians are (depth1 -97.1%, nr4
     * -88.7%, expected -96.9%, -87.5%), and five base runs give 6 A/A comparisons, not 20: nothing of it passes, and
     * nothing of it fails.
     */
    @Test
    void oneRoundOfTheGuestRunCannotTellAnything() {
        Report r = KnownTruth.judge(PIIX_1206);
        assertEquals(Status.OK, r.finding("base " + RANDOM).status(), r.summary());
        assertTrue(r.finding("base " + RANDOM).detail().startsWith("2780, 87% of its theory 3200"), r.summary());
        assertEquals(Status.CANNOT_TELL, r.finding("base " + SEQUENTIAL).status(), r.summary());
        assertTrue(r.finding("base " + SEQUENTIAL).detail().startsWith("44.62, 43% of its theory 104.9"), r.summary());
        assertTrue(r.finding("ra8 " + SEQUENTIAL).detail().startsWith("base does not reach its theory"), r.summary());
        for (String state : List.of("ra8", "nr4", "deadline", "depth1")) {
            for (String w : KnownTruth.WORKLOADS) {
                assertEquals(Status.CANNOT_TELL, r.finding(state + " " + w).status(), r.summary());
            }
        }
        assertTrue(r.finding("depth1 " + RANDOM).detail().contains("medians -97.1%"), r.summary());
        assertTrue(r.finding("nr4 " + RANDOM).detail().contains("medians -88.7%"), r.summary());
        for (String w : KnownTruth.WORKLOADS) {
            assertEquals(Status.CANNOT_TELL, r.finding("A/A " + w).status(), r.summary());
            assertTrue(r.finding("A/A " + w).detail().startsWith("0 claimed change(s) in 6 comparisons"), r.summary());
        }
        assertFalse(r.passed(), r.summary());
    }

    /**
     * The guest run of 2026-12-06 20:22 (40 ms per request, two rounds: 10 base runs, 2 of each state). Random reads:
     * base at 93% of its theory, every effect found as first principles say (depth1 -97.0% [-97.1%, -96.9%]: depth1
     * reaches 89% of its theory, so the ratio is 0.96 of 1/32, inside the tolerance), no change claimed by ra8 or
     * mq-deadline, none in 21 A/A comparisons. Buffered sequential reads: base at 36% of its theory, so every ratio of
     * them is "cannot tell" (the A/A check does not depend on the theory: none claimed there either).
     */
    @Test
    void twoRoundsAt40msProveTheRandomReadEffectsAndCannotTellTheSequentialOnes() {
        Report r = KnownTruth.judge(PIIX_1206_40MS);
        assertEquals(Status.OK, r.finding("base " + RANDOM).status(), r.summary());
        assertTrue(r.finding("base " + RANDOM).detail().startsWith("741.0, 93% of its theory 800.0"), r.summary());
        for (String state : List.of("ra8", "nr4", "deadline", "depth1")) {
            assertEquals(Status.OK, r.finding(state + " " + RANDOM).status(), r.summary());
            assertEquals(Status.CANNOT_TELL, r.finding(state + " " + SEQUENTIAL).status(), r.summary());
        }
        assertTrue(r.finding("depth1 " + RANDOM).detail().startsWith(RANDOM + " -97.0% [-97.1%, -96.9%]"), r.summary());
        assertTrue(r.finding("nr4 " + RANDOM).detail().startsWith(RANDOM + " -88.3% [-95.3%, -70.5%]"), r.summary());
        assertTrue(r.finding("ra8 " + RANDOM).detail().startsWith(RANDOM + ": no detectable change"), r.summary());
        assertTrue(r.finding("deadline " + RANDOM).detail().startsWith(RANDOM + ": no detectable change"), r.summary());
        assertEquals(Status.CANNOT_TELL, r.finding("base " + SEQUENTIAL).status(), r.summary());
        assertTrue(r.finding("base " + SEQUENTIAL).detail().startsWith("9.494, 36% of its theory 26.21"), r.summary());
        for (String w : KnownTruth.WORKLOADS) {
            assertEquals("0 claimed change(s) in 21 comparisons of two base runs against two (at most 1 in at least 20)",
                    r.finding("A/A " + w).detail(), r.summary());
            assertEquals(Status.OK, r.finding("A/A " + w).status(), r.summary());
        }
        assertFalse(r.passed(), "the sequential reads cannot tell: " + r.summary());
    }

    /**
     * What WholeCycleIT's PIIX boot 2 measures (random reads only, no read_ahead_kb state), cut out of the 40 ms guest
     * run: every check ok, five of them, and the A/A comparisons still 21 (the ten base runs stay).
     */
    @Test
    void theRandomReadsOfThe40msRunAloneProveEveryEffectTheyMeasure() {
        List<Run> runs = KnownTruth.read(PIIX_1206_40MS).stream().filter(run -> !run.state().equals("ra8")).map(KnownTruthTest::randomOnly).toList();
        Report r = KnownTruth.judge(runs);
        assertTrue(r.passed(), r.summary());
        assertEquals(List.of("base " + RANDOM, "nr4 " + RANDOM, "deadline " + RANDOM, "depth1 " + RANDOM, "A/A " + RANDOM),
                r.findings().stream().map(KnownTruth.Finding::what).toList(), r.summary());
        assertTrue(r.finding("depth1 " + RANDOM).detail().startsWith(RANDOM + " -97.0% [-97.1%, -96.9%]"), r.summary());
        assertTrue(r.finding("deadline " + RANDOM).detail().startsWith(RANDOM + ": no detectable change"), r.summary());
        assertEquals("0 claimed change(s) in 21 comparisons of two base runs against two (at most 1 in at least 20)",
                r.finding("A/A " + RANDOM).detail(), r.summary());
    }

    /**
     * The CI variant itself, hand-run in a PIIX guest on 2026-12-07 (random reads only, base/nr4/deadline/depth1, 16
     * runs): its first runs at load 7.5 (one guest, another session's build), the later ones at load 11-13 (the whole
     * WholeCycleIT started beside it: three guests on two cores), where base's runs fell from 716 to 384 IOPS. Base's
     * median is 82% of its theory, just inside the tolerance; every effect found, no A/A claim.
     */
    @Test
    void theCiVariantHandRunPassesAtHighLoad() {
        Report r = KnownTruth.judge(PIIX_1207_RANDOM);
        assertTrue(r.passed(), r.summary());
        assertTrue(r.finding("base " + RANDOM).detail().startsWith("658.7, 82% of its theory 800.0"), r.summary());
        assertTrue(r.finding("nr4 " + RANDOM).detail().startsWith(RANDOM + " -85.7% [-88.4%, -82.5%]"), r.summary());
        assertTrue(r.finding("depth1 " + RANDOM).detail().startsWith(RANDOM + " -96.6% [-97.3%, -95.7%]"), r.summary());
        assertTrue(r.finding("deadline " + RANDOM).detail().startsWith(RANDOM + ": no detectable change (+8.2% [-26.2%, +58.5%])"), r.summary());
        assertEquals("0 claimed change(s) in 21 comparisons of two base runs against two (at most 1 in at least 20)",
                r.finding("A/A " + RANDOM).detail(), r.summary());
        assertEquals(5, r.findings().size(), r.summary());
    }

    /**
     * Buffered sequential reads with 3 s trials (a hand-run guest, one run of each state and 4 base runs): base
     * reaches its theory (82%), where 0.5 s trials gave 36%, so the judge trusts this workload's base. One run a
     * state cannot give an interval (cannot tell), but its median says what docs/testing.md explains: nr4 and depth1
     * fall to about half of what requests in flight count (-92.5% and -98.2% for -87.5% and -96.9%), because the
     * reader submits its whole window before its read returns.
     */
    @Test
    void longTrialsBringBufferedSequentialReadsToTheirTheory() {
        Report r = KnownTruth.judge(PIIX_1207_SEQ_3S);
        System.out.println("KnownTruthTest: 3 s trials of " + SEQUENTIAL + ":\n  " + r.summary().replace("\n", "\n  "));
        assertEquals(Status.OK, r.finding("base " + SEQUENTIAL).status(), r.summary());
        assertTrue(r.finding("base " + SEQUENTIAL).detail().startsWith("21.62, 82% of its theory 26.21"), r.summary());
        for (String state : List.of("ra8", "nr4", "deadline", "depth1")) {
            assertEquals(Status.CANNOT_TELL, r.finding(state + " " + SEQUENTIAL).status(), r.summary());
        }
        assertTrue(r.finding("nr4 " + SEQUENTIAL).detail().contains("medians -92.5%"), r.summary());
        assertTrue(r.finding("depth1 " + SEQUENTIAL).detail().contains("medians -98.2%"), r.summary());
        assertFalse(r.passed(), "4 base runs are too few A/A comparisons: " + r.summary());
    }

    /**
     * read_ahead_kb 8 against 4096 on buffered sequential reads with 3 s trials (a hand-run guest: two rounds of base,
     * ra8, base, depth1, and 5 base runs in all): two runs a side give an interval, and it shows the effect with its
     * sign and meets the expected x1/16 within the judge's tolerance. depth1 fails there, as the window model says
     * (docs/testing.md): half of what one request in flight counts; no A/A claim in the 6 comparisons 5 runs give.
     */
    @Test
    void readAheadOnBufferedSequentialReadsIsFoundWithLongTrials() {
        Report r = KnownTruth.judge(PIIX_1207_SEQ_3S_RA8);
        System.out.println("KnownTruthTest: read_ahead_kb 8 vs 4096, 3 s trials:\n  " + r.summary().replace("\n", "\n  "));
        assertEquals(Status.OK, r.finding("base " + SEQUENTIAL).status(), r.summary());
        assertEquals(Status.OK, r.finding("ra8 " + SEQUENTIAL).status(), r.summary());
        assertTrue(r.finding("ra8 " + SEQUENTIAL).detail().startsWith(SEQUENTIAL + " -92.7% [-92.9%, -92.5%]; expected x0.0625"), r.summary());
        assertEquals(Status.FAILED, r.finding("depth1 " + SEQUENTIAL).status(), r.summary());
        assertTrue(r.finding("A/A " + SEQUENTIAL).detail().startsWith("0 claimed change(s) in 6 comparisons"), r.summary());
    }

    /** A probe whose depth1 runs stored nothing (modprobe failed, bench failed) is not judged by what is left. */
    @Test
    void aMissingStateFailsInsteadOfBeingLeftOut() {
        Report r = KnownTruth.judge(truth(KnownTruthTest::randomOnly).stream().filter(run -> !run.state().equals("depth1")).toList());
        assertEquals(Status.FAILED, r.finding("depth1").status(), r.summary());
        assertTrue(r.finding("depth1").detail().startsWith("no run of depth1 stored a result (runs: base-1 ra8-1 base-2 nr4-1"), r.summary());
        assertEquals(Status.OK, r.finding("nr4 " + RANDOM).status(), r.summary());
        assertFalse(r.passed(), r.summary());
    }

    /** A workload one base run did not measure is not judged; none in common: failed. */
    @Test
    void onlyTheWorkloadsEveryBaseRunMeasuredAreJudged() {
        Report r = KnownTruth.judge(truth(run -> run.label().equals("base-3") ? randomOnly(run) : run));
        assertEquals(Status.OK, r.finding("base " + RANDOM).status(), r.summary());
        assertTrue(r.findings().stream().noneMatch(f -> f.what().contains(SEQUENTIAL)), r.summary());
        assertTrue(r.passed(), r.summary());
        Report none = KnownTruth.judge(truth(run -> new Run(run.label(), run.settings(), withWorkloads(run.result(), List.of()))));
        assertEquals(Status.FAILED, none.finding("base").status(), none.summary());
    }

    @Test
    void aDeviceThatBehavesAsItsTheoryPasses() {
        Report r = KnownTruth.judge(truth(UnaryOperator.identity()));
        assertTrue(r.passed(), r.summary());
        assertEquals(2 + 4 * 2 + 2, r.findings().size(), r.summary());
        assertTrue(r.finding("A/A " + RANDOM).detail().contains("in 21 comparisons"), r.summary());
    }

    @Test
    void anEffectOfTheWrongSignFails() {
        // nr4 measuring 8 times base where an eighth is expected
        Report r = KnownTruth.judge(truth(run -> run.label().startsWith("nr4") ? measuring(run, 8, 1.0 / 8) : run));
        assertEquals(Status.FAILED, r.finding("nr4 " + RANDOM).status(), r.summary());
        assertTrue(r.finding("nr4 " + RANDOM).detail().startsWith(RANDOM + " +"), r.summary());
        assertFalse(r.passed());
    }

    @Test
    void anIntervalThatMissesTheExpectedRatioFails() {
        // the right sign, but half of base where an eighth is expected (x0.095..x0.164 with the theory's tolerance)
        Report r = KnownTruth.judge(truth(run -> run.label().startsWith("nr4") ? measuring(run, 0.5, 0.5) : run));
        assertEquals(Status.FAILED, r.finding("nr4 " + RANDOM).status(), r.summary());
        assertTrue(r.finding("nr4 " + RANDOM).detail().startsWith(RANDOM + " -"), r.summary());
        assertFalse(r.passed());
    }

    @Test
    void aRatioIsKnownOnlyWithinTheTheorysTolerance() {
        // nr4 at 90% of its theory with base at 100%: x0.1125 for x0.125 holds; at 70%, x0.0875, below x0.095, fails
        assertEquals(Status.OK, KnownTruth.judge(truth(run -> run.label().startsWith("nr4") ? measuring(run, 0.9 / 8, 1.0 / 8) : run))
                .finding("nr4 " + RANDOM).status());
        Report r = KnownTruth.judge(truth(run -> run.label().startsWith("nr4") ? measuring(run, 0.7 / 8, 1.0 / 8) : run));
        assertEquals(Status.FAILED, r.finding("nr4 " + RANDOM).status(), r.summary());
    }

    @Test
    void aChangeClaimedWhereThereIsNoneFails() {
        Report r = KnownTruth.judge(truth(run -> run.label().startsWith("deadline") ? measuring(run, 1.25, 1) : run));
        assertEquals(Status.FAILED, r.finding("deadline " + RANDOM).status(), r.summary());
        assertEquals(Status.OK, r.finding("deadline " + SEQUENTIAL).status(), r.summary());
        assertFalse(r.passed());
    }

    @Test
    void claimedChangesInTheAaSplitsFail() {
        // base runs drift in steps of 20% on random reads (two runs low, two high): splitting a window 2 against 2 finds the step
        Report r = KnownTruth.judge(truth(run -> run.state().equals("base") ? measuring(run, (number(run) / 2) % 2 == 1 ? 1.2 : 1, 1) : run));
        assertEquals(Status.FAILED, r.finding("A/A " + RANDOM).status(), r.summary());
        assertEquals(Status.OK, r.finding("A/A " + SEQUENTIAL).status(), r.summary());
        assertFalse(r.passed());
    }

    @Test
    void tooFewAaComparisonsCannotTell() {
        // base-1 .. base-5 only (6 comparisons): the states are all there and right
        Report r = KnownTruth.judge(truth(UnaryOperator.identity()).stream().filter(run -> !run.state().equals("base") || number(run) <= 5).toList());
        assertEquals(Status.CANNOT_TELL, r.finding("A/A " + RANDOM).status(), r.summary());
        assertEquals(Status.OK, r.finding("nr4 " + RANDOM).status(), r.summary());
        assertFalse(r.passed(), r.summary());
    }

    @Test
    void oneRunOfAStateCannotTellAndIsNeverOk() {
        Report r = KnownTruth.judge(truth(UnaryOperator.identity()).stream().filter(run -> !run.label().equals("depth1-2")).toList());
        assertEquals(Status.CANNOT_TELL, r.finding("depth1 " + RANDOM).status(), r.summary());
        assertFalse(r.passed(), r.summary());
    }

    /**
     * Runs in the probe's order (two rounds of base, ra8, base, nr4, base, deadline, base, depth1, then two more base:
     * 10 base runs, 2 of each state), each measuring what its settings' theory says, times a drift of a few percent
     * between runs and a spread of 1% between trials; {@code change} may alter each run.
     */
    static List<Run> truth(UnaryOperator<Run> change) {
        List<Run> runs = new ArrayList<>();
        int base = 0;
        for (int round = 1; round <= 2; round++) {
            for (String state : List.of("ra8", "nr4", "deadline")) {
                runs.add(theory("base-" + ++base, BASE, runs.size()));
                runs.add(theory(state + "-" + round, Map.of("ra8", RA8, "nr4", NR4, "deadline", DEADLINE).get(state), runs.size()));
            }
            runs.add(theory("base-" + ++base, BASE, runs.size()));
            runs.add(theory("depth1-" + round, DEPTH1, runs.size()));
        }
        runs.add(theory("base-" + ++base, BASE, runs.size()));
        runs.add(theory("base-" + ++base, BASE, runs.size()));
        return runs.stream().map(change).toList();
    }

    /** A run measuring its settings' theory (requests in flight x size / L), drifting with its index. */
    private static Run theory(String label, Settings s, int index) {
        double drift = 1 + 0.03 * Math.sin(index * 2.1);
        return new Run(label, s, result(label, s.theory(RANDOM) * drift, s.theory(SEQUENTIAL) * drift));
    }

    /** The run, measuring {@code random} and {@code sequential} times what base's theory says, with no drift. */
    private static Run measuring(Run run, double random, double sequential) {
        return new Run(run.label(), run.settings(), result(run.label(), BASE.theory(RANDOM) * random, BASE.theory(SEQUENTIAL) * sequential));
    }

    /** The run, measuring {@code random} and {@code sequential} times what it measured. */
    private static Run scaled(Run run, double random, double sequential) {
        BenchResult r = run.result();
        return new Run(run.label(), run.settings(), result(run.label(), r.workloads().get(0).median() * random, r.workloads().get(1).median() * sequential));
    }

    /** The run with its random reads only, as the CI probe measures. */
    private static Run randomOnly(Run run) {
        return new Run(run.label(), run.settings(), withWorkloads(run.result(), run.result().workloads().stream().filter(w -> w.name().equals(RANDOM)).toList()));
    }

    private static BenchResult withWorkloads(BenchResult r, List<WorkloadResult> workloads) {
        return new BenchResult(r.schemaVersion(), r.id(), r.target(), r.device(), r.identity(), r.kernel(), r.bootId(), r.time(), r.profile(),
                r.settings(), workloads, r.threads(), r.blockSize());
    }

    private static BenchResult result(String id, double random, double sequential) {
        return new BenchResult(BenchResult.SCHEMA_VERSION, id, "/dev/nullb0", "nullb0", null, "6.1.0-57-amd64", "boot-1", "2026-12-06T16:23:16Z",
                Profile.QUICK, Map.of(), List.of(workload(RANDOM, Unit.IOPS, random), workload(SEQUENTIAL, Unit.MB_S, sequential)));
    }

    private static WorkloadResult workload(String name, Unit unit, double median) {
        List<Trial> trials = List.of(0.99, 1.0, 1.01, 0.995, 1.005).stream().map(f -> new Trial(median * f, null, 0, 0, 0.5)).toList();
        return new WorkloadResult(name, unit, trials, median, null);
    }

    private static int number(Run run) {
        return Integer.parseInt(run.label().replaceFirst(".*-", ""));
    }
}
