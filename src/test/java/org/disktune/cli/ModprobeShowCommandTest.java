package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.disktune.host.Host;
import org.disktune.testing.GeneratorMachine;
import org.junit.jupiter.api.Test;

class ModprobeShowCommandTest {
    @Test
    void showsTheConfiguredOptionItsSourceAndTheRunningValue() throws Exception {
        GeneratorMachine m = GeneratorMachine.debian();
        Host host = m.host();
        assertEquals(3, CliRun.run(o -> host, "modprobe", "set", "sata_nv", "adma=1").exitCode());
        CliRun run = CliRun.run(o -> host, "modprobe", "show");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("""
                MODULE         PARAMETER   CONFIGURED  SOURCE                            RUNNING  STATE
                snd_hda_intel  power_save  1           /etc/modprobe.d/alsa-base.conf:1  -        not loaded
                sata_nv        adma        1           /etc/modprobe.d/disktune.conf:4   N        disagree
                  sata_nv adma: the running module uses another value: reboot, or rebuild the initramfs if the module loads from it
                """, run.out());

        JsonNode json = new ObjectMapper().readTree(CliRun.run(o -> host, "--json", "modprobe", "show").out());
        assertEquals("modprobe show", json.get("command").asText());
        JsonNode adma = null;
        for (JsonNode o : json.get("options")) {
            if (o.get("module").asText().equals("sata_nv")) {
                adma = o;
            }
        }
        assertEquals("adma", adma.get("parameter").asText());
        assertEquals("1", adma.get("configured_value").asText());
        assertEquals("/etc/modprobe.d/disktune.conf:4", adma.get("source").asText());
        assertEquals("N", adma.get("running_value").asText());
        assertEquals("DISAGREE", adma.get("agreement").asText());
    }

    @Test
    void nforce4SampleShowsTheParametersInEffect() {
        CliRun run = CliRun.run("--sample", "seed-nforce4-arch", "modprobe", "show");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("""
                MODULE   PARAMETER  CONFIGURED  SOURCE  RUNNING  STATE
                sata_nv  adma       -           -       N        not configured
                sata_nv  swncq      -           -       Y        not configured
                """, run.out());
    }
}
