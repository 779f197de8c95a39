package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.disktune.host.SampleMachines;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Locks what {@code detect --json} and {@code kernel-log --json} print for every bundled sample, every sample as a
 * {@code --root} tree on disk, every sample with every captured kernel log, and every captured kernel log (QEMU
 * serial captures, dmesg and syslog captures, the NVMe trouble log): byte for byte against the outputs under
 * src/test/resources/behaviour-lock/. Rewrites of the parsers and detectors must leave them unchanged.
 *
 * <p>Regenerate only when an output change is intended (and say so in the commit):
 * {@code mvn -q -B test -Dtest=BehaviourLockTest -Ddisktune.behaviourLock.regenerate=true}
 */
class BehaviourLockTest {
    private static final Path RESOURCES = Path.of("src/test/resources");
    private static final Path GOLDEN = RESOURCES.resolve("behaviour-lock");
    private static final boolean REGENERATE = Boolean.getBoolean("disktune.behaviourLock.regenerate");
    /** The captured kernel logs, relative to src/test/resources. */
    private static final List<String> LOGS = logs();

    @TempDir
    static Path trees;

    /** One locked run: its golden file (relative to behaviour-lock/) and its arguments ("TREE/" names a sample's tree on disk). */
    private record Case(String golden, List<String> args) {
        Case(String golden, String... args) {
            this(golden, List.of(args));
        }
    }

    private static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        for (String name : samples()) {
            cases.add(new Case("detect/" + name + ".json", "detect", "--json", "--sample", name));
            cases.add(new Case("detect-all/" + name + ".json", "detect", "--all", "--json", "--sample", name));
            cases.add(new Case("detect-root/" + name + ".json", "detect", "--json", "--root", "TREE/" + name));
            cases.add(new Case("kernel-log-sample/" + name + ".json", "kernel-log", "--json", "--sample", name));
            for (String log : LOGS) {
                cases.add(new Case("detect-with-log/" + name + "/" + flat(log) + ".json",
                        "detect", "--json", "--sample", name, "--kernel-log", RESOURCES.resolve(log).toString()));
            }
        }
        for (String log : LOGS) {
            cases.add(new Case("kernel-log/" + flat(log) + ".json", "kernel-log", "--json", RESOURCES.resolve(log).toString()));
            cases.add(new Case("kernel-log-all-boots/" + flat(log) + ".json",
                    "kernel-log", "--json", "--all-boots", RESOURCES.resolve(log).toString()));
        }
        return cases;
    }

    @BeforeAll
    static void materializeSamplesOnDisk() {
        for (String name : samples()) {
            copyTree(new SampleMachines().materialize(name), trees.resolve(name));
        }
    }

    @TestFactory
    Stream<DynamicTest> everyOutputIsAsLocked() {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.golden(), () -> check(c)));
    }

    @Test
    void everyGoldenFileHasItsCase() throws IOException {
        // a golden file no case produces any more is a case dropped silently
        Set<String> produced = cases().stream().map(Case::golden).collect(Collectors.toSet());
        try (Stream<Path> files = Files.walk(GOLDEN)) {
            List<String> stale = files.filter(Files::isRegularFile).map(f -> GOLDEN.relativize(f).toString())
                    .filter(f -> !produced.contains(f)).sorted().toList();
            assertEquals(List.of(), stale, "golden files without a case");
        }
        assertTrue(produced.size() > 100, "cases: " + produced.size());
    }

    private static List<String> samples() {
        return new SampleMachines().list().stream().map(SampleMachines.Sample::name).toList();
    }

    private static void check(Case c) throws IOException {
        String[] args = c.args().stream().map(a -> a.startsWith("TREE/") ? trees.resolve(a.substring(5)).toString() : a)
                .toArray(String[]::new);
        CliRun run = CliRun.run(args);
        // the exit code and stderr are part of the behaviour: a refused log is exit 2 and one line
        String actual = ("exit " + run.exitCode() + "\n--- stdout\n" + run.out() + "--- stderr\n" + run.err())
                .replace(trees.toString(), "TREE").replace(RESOURCES.toAbsolutePath().toString(), "RESOURCES");
        Path file = GOLDEN.resolve(c.golden());
        if (REGENERATE) {
            Files.createDirectories(file.getParent());
            Files.writeString(file, actual, StandardCharsets.UTF_8);
            return;
        }
        assertTrue(Files.exists(file), "no golden output " + file + ": regenerate on purpose (see the class comment)");
        assertEquals(Files.readString(file, StandardCharsets.UTF_8), actual, String.join(" ", c.args()));
    }

    /** The kernel-log captures under src/test/resources (QEMU serial logs, dmesg and syslog captures). */
    private static List<String> logs() {
        try (Stream<Path> files = Files.walk(RESOURCES.resolve("kernel")); Stream<Path> samples = Files.walk(RESOURCES.resolve("samples"));
                Stream<Path> nvme = Files.walk(RESOURCES.resolve("nvme"))) {
            return Stream.concat(Stream.concat(files, samples), nvme).filter(Files::isRegularFile)
                    .filter(f -> f.toString().endsWith(".log") || f.getFileName().toString().endsWith("dmesg.txt")
                            || f.getParent().endsWith("seeds") && f.toString().endsWith(".txt"))
                    .map(f -> RESOURCES.relativize(f).toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String flat(String log) {
        return log.replace('/', '-');
    }

    /** Copies an in-memory tree to disk as it is: directories, files, and symbolic links (not followed). */
    private static void copyTree(Path from, Path to) {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path p : paths.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isSymbolicLink(p)) {
                    Files.createSymbolicLink(target, Path.of(Files.readSymbolicLink(p).toString()));
                } else if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(target);
                } else {
                    Files.write(target, Files.readAllBytes(p));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
