package org.disktune.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Coverage-guided fuzzing of every parser target ({@link CoverageTargets}) with Jazzer's libFuzzer driver, in a child
 * JVM per target: the corpus starts from the target's seeds and grows under target/jazzer/TARGET/corpus (kept between
 * runs, so a longer run goes on where the last stopped); a finding (an input that makes a check fail: an exception that
 * is not disktune's one-line error, a broken round trip, a timeout) stops the driver, which saves the input as
 * target/jazzer/TARGET/crash-*, and fails this test with the driver's report. Each target runs
 * {@code -Ddisktune.fuzz.seconds} (default 15, counted from the driver's start, class instrumentation included: the fuzz tier stays a few minutes in CI; docs/testing.md quotes a longer
 * run). Prints one line per target: runs, coverage and corpus size.
 */
@Tag("fuzz")
class CoverageGuidedRunTest {
    private static final Pattern DONE = Pattern.compile("Done (\\d+) runs in (\\d+) second");
    private static final Pattern COVERAGE = Pattern.compile("#\\d+\\s+\\w+\\s+cov: (\\d+) ft: (\\d+) corp: (\\d+)/");

    @ParameterizedTest
    @EnumSource(CoverageTargets.Target.class)
    void noFindings(CoverageTargets.Target target) throws IOException, InterruptedException {
        int seconds = Integer.getInteger("disktune.fuzz.seconds", 15);
        Path dir = Path.of("target", "jazzer", target.label()).toAbsolutePath();
        Path seeds = dir.resolve("seeds");
        Path corpus = Files.createDirectories(dir.resolve("corpus"));
        Files.createDirectories(seeds);
        List<byte[]> initial = target.seeds();
        for (int i = 0; i < initial.size(); i++) {
            Files.write(seeds.resolve("seed-" + i), initial.get(i));
        }
        String java = ProcessHandle.current().info().command().orElse("java");
        // memory is bounded by -Xmx (an OutOfMemoryError is a finding), not by libFuzzer's -rss_limit_mb: libFuzzer reads
        // getrusage's peak RSS, which Linux carries across execve from the spawning JVM (this test's surefire fork, 1.5 GB
        // by the end of the fuzz tier), so any limit below that reported an out-of-memory before the first input
        List<String> command = new ArrayList<>(List.of(java, "-Xmx512m", "-Ddisktune.fuzz.target=" + target.label(),
                "-cp", System.getProperty("java.class.path"), "com.code_intelligence.jazzer.Jazzer",
                "--target_class=" + CoverageTargets.class.getName(), "--instrumentation_includes=org.disktune.**",
                "--reproducer_path=" + dir, "-artifact_prefix=" + dir + "/", "-max_total_time=" + seconds, "-timeout=30",
                "-rss_limit_mb=0", corpus.toString(), seeds.toString()));
        Path log = dir.resolve("driver.log");
        Process driver = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean finished = driver.waitFor(seconds + 240L, TimeUnit.SECONDS);
        if (!finished) {
            driver.destroyForcibly();
        }
        String out = Files.readString(log, StandardCharsets.ISO_8859_1);
        String tail = out.lines().skip(Math.max(0, out.lines().count() - 40)).reduce("", (a, b) -> a + "\n" + b);
        assertTrue(finished, target.label() + ": the driver did not finish within " + (seconds + 240) + " s; its output ends:" + tail);
        assertEquals(0, driver.exitValue(), target.label() + ": a finding (the input is saved in " + dir + "); the driver's output ends:" + tail);
        Matcher done = DONE.matcher(out);
        assertTrue(done.find(), target.label() + ": no \"Done N runs\" in the driver's output:" + tail);
        String cov = "?";
        for (Matcher m = COVERAGE.matcher(out); m.find();) {
            cov = "cov " + m.group(1) + ", features " + m.group(2) + ", corpus " + m.group(3);
        }
        long runs = Long.parseLong(done.group(1));
        assertTrue(runs > initial.size(), target.label() + ": only " + runs + " runs for " + initial.size() + " seeds:" + tail);
        System.out.printf("jazzer %s: %d runs in %s s, %s (%d seeds)%n", target.label(), runs, done.group(2), cov, initial.size());
    }
}
