package org.disktune.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The line scan decides which lines ini4j reads; ini4j reads them; each of its events lands on its line. */
class IniReadingTest {
    private static List<IniEntry> read(String text, ConfigProblems problems) {
        IniLineScan.Result scan = IniLineScan.scan(ConfigLines.scan(text.getBytes(StandardCharsets.UTF_8)), problems);
        return Ini4jReader.read(scan, problems);
    }

    @Test
    void ini4jReadsTheValuesAndEachLandsOnItsLine() {
        ConfigProblems problems = new ConfigProblems("f");
        List<IniEntry> entries = read("# a comment\n[disk d]\n\nmatch.model =   WDC*  \nscheduler = a = b\nempty =\n", problems);
        assertEquals(List.of(new IniEntry.Header(2, "disk d"), new IniEntry.Option(4, "match.model", "WDC*"),
                new IniEntry.Option(5, "scheduler", "a = b"), new IniEntry.Option(6, "empty", "")), entries);
        assertEquals(List.of(), problems.errors());
    }

    @Test
    void aRefusedLineReachesIni4jEmptySoTheLinesAfterItKeepTheirNumbers() {
        ConfigProblems problems = new ConfigProblems("f");
        IniLineScan.Result scan = IniLineScan.scan(ConfigLines.scan(
                "[disk d]\nmatch:model = x\nqueue_depth = 1\\\nfoo\n[broken\nnr_requests = 4\n[md md0]\nread_ahead_kb = 8\n"
                        .getBytes(StandardCharsets.UTF_8)), problems);
        assertEquals("[disk d]\n\n\n\n\n\n[md md0]\nread_ahead_kb = 8\n", scan.forIni4j());
        assertEquals(List.of(new IniLineScan.Kept(1, true), new IniLineScan.Kept(7, true), new IniLineScan.Kept(8, false)), scan.kept());
        assertEquals(List.of(new IniEntry.Refused(2, "match:model"), new IniEntry.Refused(3, "queue_depth")), scan.refused());
        assertEquals(List.of(2, 3, 4, 5), problems.errors().stream().map(ConfigProblem::line).toList());
        assertEquals(List.of(new IniEntry.Header(1, "disk d"), new IniEntry.Header(7, "md md0"), new IniEntry.Option(8, "read_ahead_kb", "8")),
                Ini4jReader.read(scan, problems));
    }

    @Test
    void anUnsafeValueAsIni4jReadsItIsRefusedAtItsLineAndStillCountsAsItsKey() {
        ConfigProblems problems = new ConfigProblems("f");
        List<IniEntry> entries = read("[mount /home]\natime = noatime;reboot\n", problems);
        assertEquals(List.of(new IniEntry.Header(1, "mount /home"), new IniEntry.Refused(2, "atime")), entries);
        assertEquals(1, problems.errors().size());
        assertTrue(problems.errors().get(0).toString().startsWith("f:2: the value of atime contains ';'"), problems.errors().toString());
    }
}
