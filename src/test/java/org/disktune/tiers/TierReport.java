package org.disktune.tiers;

import java.io.PrintStream;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * One line per tier at the end of each surefire or failsafe execution: how many tests passed, failed or were
 * aborted and how long the tier took, then for each need this process did not meet how many tests were not run and
 * why ("not run: needs root"), so that a user's {@code mvn test} never leaves out a tier silently. The tier's name is
 * the execution's {@code disktune.tier} property (pom.xml). Registered through META-INF/services, where JUnit's
 * launcher finds listeners.
 */
public final class TierReport implements TestExecutionListener {
    private final Map<TestExecutionResult.Status, AtomicInteger> finished = new EnumMap<>(TestExecutionResult.Status.class);
    private final Map<String, AtomicInteger> skipped = new ConcurrentHashMap<>();
    private final PrintStream out;
    private volatile TestPlan plan;
    private long started;

    /** The report JUnit's launcher loads: on standard output, which surefire and failsafe show even with -q. */
    public TierReport() {
        this(System.out);
    }

    TierReport(PrintStream out) {
        this.out = out;
        for (TestExecutionResult.Status s : TestExecutionResult.Status.values()) {
            finished.put(s, new AtomicInteger());
        }
    }

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        plan = testPlan;
        started = System.nanoTime();
    }

    @Override
    public void executionSkipped(TestIdentifier test, String reason) {
        // a parameterized test not run has no invocations yet: it counts once, as surefire counts it
        int tests = test.isTest() ? 1 : (int) plan.getDescendants(test).stream()
                .filter(d -> d.isTest() || plan.getChildren(d).isEmpty()).count();
        skipped.computeIfAbsent(reason, r -> new AtomicInteger()).addAndGet(tests);
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (test.isTest()) {
            finished.get(result.getStatus()).incrementAndGet();
        }
    }

    @Override
    public void testPlanExecutionFinished(TestPlan testPlan) {
        out.println(summary(System.getProperty("disktune.tier", "tests"), (System.nanoTime() - started) / 1e9));
        out.flush();
    }

    /** The tier's lines: what ran and its time, then each reason tests did not run, with their number. */
    String summary(String tier, double seconds) {
        int passed = finished.get(TestExecutionResult.Status.SUCCESSFUL).get();
        int failed = finished.get(TestExecutionResult.Status.FAILED).get();
        int aborted = finished.get(TestExecutionResult.Status.ABORTED).get();
        StringBuilder out = new StringBuilder(String.format("[tier %s] %d tests run in %.1f s: %d passed, %d failed, %d aborted",
                tier, passed + failed + aborted, seconds, passed, failed, aborted));
        new TreeMap<>(skipped).forEach((reason, n) -> out.append(String.format("%n[tier %s] %s: %d tests%s", tier,
                reason.startsWith("not run: ") ? reason : "skipped: " + reason, n.get(),
                reason.startsWith("not run: ") ? " (run them as root, as .ci/run does)" : "")));
        return out.toString();
    }
}
