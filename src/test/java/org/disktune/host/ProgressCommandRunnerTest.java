package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

/** A long program run shows a line when it starts and one with its time when it ends; a quick one nothing. */
class ProgressCommandRunnerTest {
    private static CommandRunner sleeping(long millis) {
        return new CommandRunner() {
            @Override
            public CommandResult run(List<String> argv, Duration timeout) {
                try {
                    Thread.sleep(millis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return new CommandResult(argv, 0, "", "");
            }

            @Override
            public boolean available(String program) {
                return true;
            }
        };
    }

    @Test
    void onATerminalALongRunIsAProgressDisplayRedrawnInPlace() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        new ProgressCommandRunner(sleeping(1_500), err, true, Duration.ofMillis(100))
                .run(List.of("/usr/bin/dracut", "-f"), Duration.ofMinutes(1));
        String shown = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(shown.contains("\rdracut"), "the bar, drawn and redrawn from the line's start: " + shown);
        assertTrue(!shown.contains("disktune: running"), "no start line on a terminal: " + shown);
        assertTrue(shown.strip().endsWith("disktune: dracut finished (exit 0) after 1.5 s")
                || shown.strip().matches("(?s).*disktune: dracut finished \\(exit 0\\) after 1\\.[5-9] s"), shown);
    }

    @Test
    void onATerminalAQuickRunShowsNothing() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new ProgressCommandRunner(sleeping(0), new PrintStream(bytes, true, StandardCharsets.UTF_8), true, Duration.ofSeconds(2))
                .run(List.of("hdparm", "-I", "/dev/sda"), Duration.ofMinutes(1));
        assertEquals("", bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aLongRunIsALineAtTheStartAndOneWithItsTime() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        CommandResult r = new ProgressCommandRunner(sleeping(600), err, false, Duration.ofMillis(100))
                .run(List.of("/usr/sbin/update-initramfs", "-u", "-k", "6.1.0-57-amd64"), Duration.ofMinutes(1));
        assertEquals(0, r.exitCode());
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(2, lines.size(), lines.toString());
        assertEquals("disktune: running /usr/sbin/update-initramfs -u -k 6.1.0-57-amd64 ...", lines.get(0));
        assertTrue(lines.get(1).matches("disktune: update-initramfs finished \\(exit 0\\) after 0\\.[5-9] s|disktune: update-initramfs finished "
                + "\\(exit 0\\) after [1-9]\\.\\d s"), lines.get(1));
    }

    @Test
    void aQuickRunShowsNothing() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new ProgressCommandRunner(sleeping(0), new PrintStream(bytes, true, StandardCharsets.UTF_8), false, Duration.ofSeconds(2))
                .run(List.of("hdparm", "-W1", "/dev/sdb"), Duration.ofMinutes(1));
        assertEquals("", bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void jsonShowsNothing() {
        CommandRunner inner = sleeping(0);
        assertTrue(ProgressCommandRunner.wrap(inner, true) == inner, "--json: the runner is not wrapped");
    }
}
