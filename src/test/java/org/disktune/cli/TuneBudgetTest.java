package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;

import org.disktune.bench.sweep.SweepPlanner;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.Test;

/** tune --budget: the forms the help shows, and every form tune's own messages print (SweepPlanner.human). */
class TuneBudgetTest {
    @Test
    void plainAndCompoundDurations() {
        assertEquals(Duration.ofSeconds(90), TuneCommand.budget("90"));
        assertEquals(Duration.ofSeconds(90), TuneCommand.budget("90s"));
        assertEquals(Duration.ofMinutes(10), TuneCommand.budget("10m"));
        assertEquals(Duration.ofHours(1), TuneCommand.budget(" 1H "));
        assertEquals(Duration.ofSeconds(150), TuneCommand.budget("2m30s"));
        assertEquals(Duration.ofMinutes(90), TuneCommand.budget("1h30m"));
        assertEquals(Duration.ofSeconds(3723), TuneCommand.budget("1h2m3s"));
    }

    @Test
    void whatTunePrintsAsABudgetIsOneItTakes() {
        for (Duration d : List.of(Duration.ofSeconds(45), Duration.ofSeconds(90), Duration.ofMinutes(2), Duration.ofSeconds(3723),
                Duration.ofHours(2))) {
            assertEquals(d, TuneCommand.budget(SweepPlanner.human(d)), SweepPlanner.human(d));
        }
    }

    @Test
    void notADurationIsAUsageErrorNamingIt() {
        for (String bad : List.of("soon", "", "0", "0s", "0m0s", "30s2m", "m", "1.5m", "-5s", "1d", "9999999s")) {
            DisktuneException e = assertThrows(DisktuneException.class, () -> TuneCommand.budget(bad), bad);
            assertEquals(ExitCode.USAGE, e.exitCode());
            assertEquals("--budget " + bad + " is not a duration; write e.g. 90s, 10m, 2m30s or 1h", e.getMessage());
        }
    }
}
