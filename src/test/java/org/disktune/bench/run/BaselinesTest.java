package org.disktune.bench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.testing.TestMachine;
import org.junit.jupiter.api.Test;

/** The baselines file: several runs per target, an earlier release's one id per target still read, a damaged one refused. */
class BaselinesTest {
    @Test
    void theRunsOfATargetAreKeptInOrderAndAnEarlierReleasesOneIdIsOneRun() {
        TestMachine m = TestMachine.create().file(Baselines.PATH, "{\n  \"device:loop1\" : \"20261206T013130Z-loop1\"\n}\n");
        Baselines baselines = new Baselines(m.host());
        assertEquals(Map.of("device:loop1", List.of("20261206T013130Z-loop1")), baselines.all());

        baselines.put("disk:wwn-0x5000c500a1b2c3d4", List.of("B3", "B1", "B2"));
        assertEquals(Map.of("device:loop1", List.of("20261206T013130Z-loop1"), "disk:wwn-0x5000c500a1b2c3d4", List.of("B3", "B1", "B2")),
                baselines.all());
        String file = m.read(Baselines.PATH);
        assertTrue(file.contains("\"disk:wwn-0x5000c500a1b2c3d4\" : [ \"B3\", \"B1\", \"B2\" ]"), file);
        baselines.put("device:loop1", List.of("N1", "N2"));
        assertEquals(List.of("N1", "N2"), baselines.all().get("device:loop1"), "a newer baseline replaces the older one");
    }

    @Test
    void aBaselineThatIsNeitherAnIdNorAnArrayOfIdsIsOneLineNamingTheFileAndTheFix() {
        for (String value : List.of("[]", "[ 1 ]", "{ }", "[ \"A\", null ]", "7")) {
            TestMachine m = TestMachine.create().file(Baselines.PATH, "{ \"device:loop1\" : " + value + " }\n");
            DisktuneException e = assertThrows(DisktuneException.class, () -> new Baselines(m.host()).all(), value);
            assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
            assertTrue(e.getMessage().startsWith(Baselines.PATH + " cannot be read (") && e.getMessage().endsWith(
                    "remove it and measure again with disktune apply --bench TARGET") && !e.getMessage().contains("\n"), e.getMessage());
        }
    }
}
