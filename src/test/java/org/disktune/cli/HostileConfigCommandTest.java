package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.disktune.host.Host;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Damaged and hostile configurations through the real command line: each is one line on stderr, exit 2, nothing
 * planned and no file of the tree changed, and none hangs or runs out of memory (each run has a few seconds).
 */
class HostileConfigCommandTest {
    private static final String CONFIG = "/etc/disktune/disktune.conf";
    private static final Duration BOUND = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    private static Host sample() {
        return sample("seed-nforce4-arch");
    }

    private static Host sample(String name) {
        Path root = SampleRoots.materialize(name);
        return new RootedHost(root, new RefusingCommandRunner("sample"), Session.treeKernelLog(root, "sample"), Clock.systemUTC(), true);
    }

    private static void write(Host host, byte[] bytes) throws IOException {
        Files.createDirectories(host.path(CONFIG).getParent());
        Files.write(host.path(CONFIG), bytes);
    }

    private static void write(Host host, String text) throws IOException {
        write(host, text.getBytes(StandardCharsets.UTF_8));
    }

    private static Map<String, String> snapshot(Host host) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(host.root())) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                files.put("/" + host.root().relativize(p), new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1));
            }
        }
        return files;
    }

    /** Runs each command on one tree: exit 2, one line naming {@code shown} and containing {@code why}, and no file changed. */
    private static void refused(Host host, String shown, String why, String... globalOptions) throws IOException {
        Map<String, String> before = snapshot(host);
        for (List<String> command : List.of(List.of("config", "check"), List.of("plan"), List.of("apply"))) {
            String[] args = Stream.concat(Stream.of(globalOptions), command.stream()).toArray(String[]::new);
            CliRun run = assertTimeoutPreemptively(BOUND, () -> CliRun.run(o -> host, args), String.join(" ", args));
            String said = run.err() + run.out();
            assertEquals(2, run.exitCode(), String.join(" ", args) + ": " + said);
            String line = said.strip();
            assertEquals(1, line.lines().count(), String.join(" ", args) + ": " + said);
            assertTrue(line.contains(shown) && line.contains(why), String.join(" ", args) + ": " + said);
            assertTrue(!said.contains("Exception") && !said.contains("\tat "), said);
        }
        assertEquals(before, snapshot(host), "a refused configuration changed files");
    }

    @Test
    void nulBytesAreNoConfiguration() throws IOException {
        Host host = sample();
        write(host, new byte[4096]);
        refused(host, CONFIG + ":1:", "column 1 holds the control byte NUL (0x00)");
    }

    @Test
    void anEscapeInsideACommentIsRefusedToo() throws IOException {
        Host host = sample();
        write(host, "[module sata_nv]\nadma = 1\n# \u001b[2J\n");
        refused(host, CONFIG + ":3:", "column 3 holds the control byte 0x1B");
    }

    @Test
    void emptyAndCommentOnlyFilesStayValid() throws IOException {
        for (String text : List.of("", "# nothing yet\n\n; nor here\n")) {
            Host host = sample();
            write(host, text);
            CliRun check = CliRun.run(o -> host, "config", "check");
            assertEquals(0, check.exitCode(), check.err());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/dev/zero", "/dev/urandom", "/dev/null"})
    void devicesAreRefusedUnread(String device) throws IOException {
        refused(sample(), device, "not a regular file", "--config", device);
    }

    @Test
    void aFifoIsRefusedWithoutWaitingForAWriter() throws Exception {
        Path fifo = dir.resolve("fifo.conf");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertEquals(0, mkfifo.waitFor());
        refused(sample(), fifo.toString(), "not a regular file", "--config", fifo.toString());
    }

    @Test
    void aDirectoryIsRefused() throws IOException {
        refused(sample(), dir.toString(), "is a directory", "--config", dir.toString());
    }

    @Test
    void aSparseFileOfTwoGigabytesIsRefusedBySize() throws IOException {
        Path sparse = dir.resolve("sparse.conf");
        try (RandomAccessFile f = new RandomAccessFile(sparse.toFile(), "rw")) {
            f.setLength(2L << 30);
        }
        refused(sample(), sparse.toString(), "larger than 1 MiB", "--config", sparse.toString());
    }

    @Test
    void aTwentyMegabyteValueIsRefusedBySize() throws IOException {
        Path big = dir.resolve("big.conf");
        Files.writeString(big, "[disk a]\nmatch.model = " + "A".repeat(20 << 20) + "\nscheduler = none\n");
        refused(sample(), big.toString(), "larger than 1 MiB", "--config", big.toString());
    }

    @Test
    void tenThousandStarsAreMatchedWithoutOverflowingTheStack() throws IOException {
        Host host = sample();
        write(host, "[disk a]\nmatch.model = " + "*".repeat(10_000) + "X\nscheduler = none\n");
        CliRun check = assertTimeoutPreemptively(BOUND, () -> CliRun.run(o -> host, "config", "check"));
        assertTrue(check.exitCode() == 0 || check.exitCode() == 2, check.err());
        assertTrue(!check.err().contains("Exception") && !check.err().contains("StackOverflow"), check.err());
    }

    @Test
    void aBackwardsRangeIsAConfigurationError() throws IOException {
        Host host = sample();
        write(host, "[disk a]\nmatch.model = [z-a]*\nscheduler = none\n");
        refused(host, CONFIG + ":2:", "the range z-a ends before it starts");
    }

    @Test
    void anUnclosedNegatedSetIsLiteralAsInFnmatch() throws IOException {
        Host host = sample();
        write(host, "[disk a]\nmatch.model = [!]\nscheduler = none\n");
        CliRun check = CliRun.run(o -> host, "config", "check");
        assertEquals(0, check.exitCode(), check.err() + check.out());
    }

    @Test
    void aValueTooLongForAUdevRuleLineIsRefusedAtCheck() throws IOException {
        Host host = sample("qemu-ahci"); // a udev of unknown version, read as a current one
        write(host, "[disk a]\nmatch.serial = " + "S".repeat(17_000) + "\nread_ahead_kb = 1024\n");
        Map<String, String> before = snapshot(host);
        for (String command : List.of("config check", "plan", "apply")) {
            CliRun run = CliRun.run(o -> host, command.split(" "));
            String said = run.out() + run.err();
            assertEquals(2, run.exitCode(), command + ": " + said);
            assertTrue(said.contains(CONFIG + ":2: match.serial of [disk a] is 17000 characters long")
                    && said.contains("less than 16384 bytes (UDEV_LINE_SIZE)"), command + ": " + said);
        }
        assertEquals(before, snapshot(host));
    }

    @Test
    void udev135OfTheNforce4SampleReadsRulesLinesOf2048Bytes() throws IOException {
        Host host = sample(); // Arch's udev 135: fgets into UTIL_LINE_SIZE, 2048 bytes, until udev 152
        write(host, "[disk a]\nmatch.serial = " + "S".repeat(2_000) + "\nread_ahead_kb = 1024\n");
        Map<String, String> before = snapshot(host);
        CliRun plan = CliRun.run(o -> host, "plan");
        String said = plan.out() + plan.err();
        assertEquals(2, plan.exitCode(), said);
        assertTrue(said.contains(CONFIG + ":2: match.serial of [disk a] is 2000 characters long")
                && said.contains("udev 135 of this machine reads rules lines with fgets into UTIL_LINE_SIZE (2048 bytes)"), said);
        assertEquals(before, snapshot(host));
    }

    @Test
    void aLongValueThatFitsIsWrittenInLinesUdevReads() throws IOException {
        Host host = sample("qemu-ahci");
        write(host, "[disk a]\nmatch.serial = " + "S".repeat(16_000) + "\nread_ahead_kb = 1024\n");
        CliRun apply = CliRun.run(o -> host, "apply");
        assertTrue(apply.exitCode() == 0 || apply.exitCode() == 3, apply.err());
        String rules = Files.readString(host.path("/etc/udev/rules.d/90-disktune.rules"));
        assertTrue(rules.contains("S".repeat(16_000)), "the rule was written");
        for (String line : rules.split("\n")) {
            assertTrue(line.getBytes(StandardCharsets.UTF_8).length + 1 < 16_384, line.length() + " bytes");
        }
        String joined = rules.replace("\\\n  ", "");
        for (String line : joined.split("\n")) {
            assertTrue(line.getBytes(StandardCharsets.UTF_8).length < 16_384, "a joined rule of " + line.length() + " bytes");
        }
    }
}
