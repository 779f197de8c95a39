package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * One help convention (UsageConvention): bare command or group -> short usage on stderr, exit 2;
 * --help -> the full help of that command on stdout, exit 0; an unknown command -> one line naming
 * it, exit 2, also with --help.
 */
class HelpConventionTest {
    @ParameterizedTest
    @ValueSource(strings = {"", "modprobe", "initramfs", "bench", "config", "units", "--sample seed-nforce4-arch modprobe", "--json config"})
    void aBareCommandOrGroupPrintsTheShortUsageOnStderrAndExits2(String line) {
        String[] args = line.isEmpty() ? new String[0] : line.split(" ");
        CliRun run = CliRun.run(args);
        assertEquals(2, run.exitCode(), run.err());
        assertEquals("", run.out());
        assertTrue(run.err().startsWith("Usage: disktune"), run.err());
        assertTrue(run.err().contains("Commands:"), run.err());
        assertTrue(run.err().contains(" --help"), "names the full help: " + run.err());
        assertTrue(!run.err().contains("Exit codes") && !run.err().contains("Options:") && run.err().lines().count() < 30,
                "short, not the full help: " + run.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"--help", "-h", "modprobe --help", "modprobe show --help", "initramfs list --help", "config --help", "bench --help", "help"})
    void helpPrintsTheFullHelpOfThatCommandOnStdoutAndExits0(String line) {
        CliRun run = CliRun.run(line.split(" "));
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("", run.err());
        String command = line.replace(" --help", "").replace("--help", "").replace("-h", "").replace("help", "").strip();
        assertTrue(run.out().startsWith("Usage: disktune" + (command.isEmpty() ? "" : " " + command)) || run.out().contains("Usage: disktune "
                + command), run.out());
        assertTrue(run.out().contains("--help"), "the options are listed: " + run.out());
    }

    @Test
    void theTopHelpHasTheExitStatusTable() {
        CliRun run = CliRun.run("--help");
        assertTrue(run.out().contains("70") && run.out().contains("internal error"), run.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"frobnicate --help", "frobnicate", "--help frobnicate"})
    void anUnknownCommandIsAnErrorEvenWithHelp(String line) {
        CliRun run = CliRun.run(line.split(" "));
        assertEquals(2, run.exitCode(), run.out() + run.err());
        assertEquals("", run.out());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().startsWith("disktune: unknown command 'frobnicate'"), run.err());
    }

    @Test
    void anUnknownSubcommandNamesTheNearestOne() {
        CliRun run = CliRun.run("modprobe", "shwo", "--help");
        assertEquals(2, run.exitCode());
        assertEquals("disktune modprobe: unknown command 'shwo'; did you mean 'show'? (commands: disktune modprobe --help)", run.err().strip());
        CliRun top = CliRun.run("detec");
        assertEquals(2, top.exitCode());
        assertTrue(top.err().startsWith("disktune: unknown command 'detec'; did you mean 'detect'?"), top.err());
    }

    @Test
    void aStrayArgumentOfALeafCommandIsOneUsageLine() {
        CliRun run = CliRun.run("--sample", "seed-nforce4-arch", "detect", "extra", "--help");
        assertEquals(2, run.exitCode());
        assertEquals("", run.out());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().contains("'extra'") && run.err().contains("disktune detect --help"), run.err());
    }

    @Test
    void sampleAloneStillListsTheSamples() {
        CliRun run = CliRun.run("--sample");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("seed-centos5-ide"), run.out());
    }
}
