package org.disktune.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** verify's metrics file: the text format (checked by Debian's promtool), escaping, unique series, atomic writing. */
public class PrometheusFileTest {
    private static final Instant AT = Instant.parse("2026-12-01T15:00:00.250Z");

    private static VerifyReport report() {
        return VerifyReport.of(List.of(
                new Check("setting", "sda (wwn-0x50014ee0aabbccdd) scheduler", CheckStatus.OK, "mq-deadline", "mq-deadline", null)
                        .about(new Check.Target("sda", "wwn-0x50014ee0aabbccdd", "scheduler")),
                new Check("setting", "/home atime", CheckStatus.DRIFT, "noatime", "relatime", "fix: disktune apply")
                        .about(new Check.Target("/home", null, "atime")),
                new Check("modprobe-file", "/etc/modprobe.d/disktune.conf", CheckStatus.PENDING, "x", "y", "reboot"),
                new Check("absent", "[disk \"odd\\name\"]\nline 3", CheckStatus.ABSENT, "present", "absent", "none"),
                new Check("absent", "[disk \"odd\\name\"]\nline 3", CheckStatus.ABSENT, "present", "absent", "none")), List.of());
    }

    @Test
    void oneSamplePerCheckWithTheSettingLabelsTheCountsAndTheTime() {
        String text = PrometheusFile.text(report(), AT);
        assertTrue(text.contains("disktune_check_ok{check=\"setting\",subject=\"sda (wwn-0x50014ee0aabbccdd) scheduler\",disk=\"sda\","
                + "id=\"wwn-0x50014ee0aabbccdd\",setting=\"scheduler\"} 1\n"), text);
        assertTrue(text.contains("disktune_check_ok{check=\"setting\",subject=\"/home atime\",disk=\"/home\",id=\"\",setting=\"atime\"} 0\n"), text);
        assertTrue(text.contains("disktune_check_ok{check=\"modprobe-file\",subject=\"/etc/modprobe.d/disktune.conf\",disk=\"\",id=\"\",setting=\"\"} 0\n"), text);
        // backslash, double quote and line feed escaped; the repeated subject made unique
        assertTrue(text.contains("subject=\"[disk \\\"odd\\\\name\\\"]\\nline 3\""), text);
        assertTrue(text.contains("subject=\"[disk \\\"odd\\\\name\\\"]\\nline 3 #2\""), text);
        assertTrue(text.contains("disktune_checks{status=\"ok\"} 1\ndisktune_checks{status=\"drift\"} 1\ndisktune_checks{status=\"pending\"} 1\n"
                + "disktune_checks{status=\"unknown\"} 0\ndisktune_checks{status=\"absent\"} 2\n"), text);
        assertTrue(text.contains("disktune_verify_exit_code 1\n"), text);
        assertTrue(text.endsWith("disktune_verify_timestamp_seconds 1796137200.250\n"), text);
        assertEquals(5, text.lines().filter(l -> l.startsWith("disktune_check_ok{")).count());
    }

    @Test
    void promtoolAcceptsIt(@TempDir Path dir) throws IOException, InterruptedException {
        if (!Files.isExecutable(Path.of("/usr/bin/promtool"))) {
            fail("promtool is missing: apt-get install -y prometheus (src/test/scripts/install-tools.sh test installs it)");
        }
        Path file = dir.resolve("disktune.prom");
        assertTrue(PrometheusFile.write(file, PrometheusFile.text(report(), AT)));
        assertPromtoolAccepts(file);
    }

    @Test
    void writtenAtomicallyAndOnlyWhereTheDirectoryExists(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("disktune.prom");
        Files.writeString(file, "old\n");
        assertTrue(PrometheusFile.write(file, "new\n"));
        assertEquals("new\n", Files.readString(file));
        try (var files = Files.list(dir)) {
            assertEquals(List.of(file), files.toList(), "no temporary file left beside it");
        }
        assertFalse(PrometheusFile.write(dir.resolve("node-exporter/disktune.prom"), "x\n"));
        assertFalse(Files.exists(dir.resolve("node-exporter")), "the directory is not created");
    }

    /** Runs Debian's promtool check metrics on the file; fails with what it printed unless it accepts it. */
    public static void assertPromtoolAccepts(Path file) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("promtool", "check", "metrics").redirectInput(file.toFile()).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), "promtool check metrics: " + said + "\n" + Files.readString(file));
        assertEquals("", said.strip(), "promtool's lint findings");
    }
}
