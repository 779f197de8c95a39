package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** disktune verify --prometheus FILE through the command line, on a sample machine with a draft configuration. */
class VerifyPrometheusCommandTest {
    private static final Pattern SETTING_SAMPLE = Pattern.compile(
            "(?m)^disktune_check_ok\\{check=\"setting\",subject=\"[^\"]+\",disk=\"sd[a-z]+\",id=\"[^\"]*\",setting=\"read_ahead_kb\"} [01]$");

    @Test
    void writesTheResultForTheTextfileCollectorWithVerifysExitCode(@TempDir Path dir) throws IOException, InterruptedException {
        Path conf = Files.writeString(dir.resolve("my.conf"), "[disk seagate]\nmatch.model = ST3750330AS\nread_ahead_kb = 4096\n");
        Path prom = dir.resolve("disktune.prom");
        CliRun verify = CliRun.run("--sample", "seed-nforce4-arch", "--config", conf.toString(), "verify", "--prometheus", prom.toString());
        CliRun plain = CliRun.run("--sample", "seed-nforce4-arch", "--config", conf.toString(), "verify");
        assertEquals(plain.exitCode(), verify.exitCode(), "the metrics file does not change verify's exit code");
        assertEquals(plain.out(), verify.out());
        String text = Files.readString(prom);
        assertTrue(SETTING_SAMPLE.matcher(text).find(), text);
        assertTrue(text.contains("disktune_verify_exit_code " + verify.exitCode() + "\n"), text);
        assertTrue(text.contains("\ndisktune_verify_timestamp_seconds "), text);
        org.disktune.verify.PrometheusFileTest.assertPromtoolAccepts(prom);
    }

    @Test
    void aMissingDirectoryWritesNothingAndSaysSoUnlessQuiet(@TempDir Path dir) {
        Path prom = dir.resolve("node-exporter/disktune.prom");
        CliRun verify = CliRun.run("--sample", "seed-nforce4-arch", "verify", "--prometheus", prom.toString());
        assertFalse(Files.exists(prom.getParent()));
        assertTrue(verify.err().contains("--prometheus " + prom + ": no directory " + prom.getParent()), verify.err());
        CliRun quiet = CliRun.run("--sample", "seed-nforce4-arch", "verify", "--quiet", "--prometheus", prom.toString());
        assertFalse(quiet.err().contains("--prometheus"), quiet.err());
    }
}
