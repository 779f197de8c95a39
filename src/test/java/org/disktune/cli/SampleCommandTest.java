package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.disktune.host.SampleMachines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** --sample through the real command line: listing, every sample's detect, and a name that does not exist. */
class SampleCommandTest {
    static List<String> samples() {
        return new SampleMachines().list().stream().map(SampleMachines.Sample::name).toList();
    }

    @Test
    void sampleAloneListsEveryBundledMachine() {
        CliRun run = CliRun.run("--sample");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(9, samples().size(), "four QEMU captures and five seed reports");
        for (String name : samples()) {
            assertTrue(run.out().lines().anyMatch(l -> l.startsWith(name + " ")), name + " listed");
        }
    }

    @ParameterizedTest
    @MethodSource("samples")
    void everySampleRunsDetectAndItsJson(String sample) throws IOException {
        CliRun human = CliRun.run("--sample", sample, "detect");
        assertEquals(0, human.exitCode(), human.err());
        assertEquals("", human.err());
        CliRun json = CliRun.run("--sample", sample, "--json", "detect");
        assertEquals(0, json.exitCode(), json.err());
        JsonNode report = new ObjectMapper().readTree(json.out());
        assertTrue(report.get("disks").size() > 0, sample);
        assertEquals(0, report.get("notes").size(), sample + ": " + report.get("notes"));
    }

    @Test
    void unknownSampleIsAOneLineUsageError() {
        CliRun run = CliRun.run("--sample", "no-such-machine", "detect");
        assertEquals(2, run.exitCode());
        assertEquals("disktune: unknown sample 'no-such-machine'; run 'disktune --sample' to list them\n", run.err());
    }
}
