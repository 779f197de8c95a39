package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.disktune.host.Host;
import org.disktune.host.LiveTree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The block-layer knobs rq_affinity, nomerges, add_random, iostats, wbt_lat_usec and max_sectors_kb (rows of the settings
 * table and nothing else) through the whole cycle on the QEMU AHCI sample, whose three disks show them: config check accepts
 * what the kernel takes and refuses what it rejects, plan bounds max_sectors_kb by the disk's max_hw_sectors_kb, apply
 * writes them live and into the udev rule, verify finds drift, and rollback puts every value back.
 */
class BlockLayerKnobsTest {
    private static final String CONFIG = "/etc/disktune/disktune.conf";
    private static final String RULES = "/etc/udev/rules.d/90-disktune.rules";
    private static final String KNOBS = """
            [disk ahci]
            match.transport = ata
            rq_affinity = 2
            nomerges = 1
            add_random = off
            iostats = 0
            wbt_lat_usec = 10000
            max_sectors_kb = 64
            """;

    private static LiveTree sample() {
        Path root = SampleRoots.materialize("qemu-ahci");
        return new LiveTree(root, Session.treeKernelLog(root, "sample qemu-ahci"));
    }

    private static CliRun run(Host host, String... args) {
        return CliRun.run(o -> host, args);
    }

    private static void configure(Host host, String text) throws IOException {
        Files.createDirectories(host.path(CONFIG).getParent());
        Files.writeString(host.path(CONFIG), text);
    }

    private static String attribute(Host host, String disk, String name) throws IOException {
        return Files.readString(host.path("/sys/block/" + disk + "/queue/" + name)).strip();
    }

    /** Every regular file of the tree (except disktune's own state) with its bytes. */
    private static Map<String, String> snapshot(Host host) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(host.root())) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                String machine = "/" + host.root().relativize(p);
                if (!machine.startsWith("/var/lib/disktune/") && !machine.startsWith("/run/")) {
                    files.put(machine, new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1));
                }
            }
        }
        return files;
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {"rq_affinity|0", "rq_affinity|2", "nomerges|0", "nomerges|2", "add_random|0", "add_random|on",
            "iostats|1", "iostats|no", "wbt_lat_usec|0", "wbt_lat_usec|75000", "max_sectors_kb|4", "max_sectors_kb|128"})
    void configCheckAcceptsWhatTheKernelTakes(String key, String value) throws IOException {
        LiveTree host = sample();
        configure(host, "[disk ahci]\nmatch.transport = ata\n" + key + " = " + value + "\n");
        CliRun check = run(host, "config", "check");
        assertEquals(0, check.exitCode(), check.out() + check.err());
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {
            "rq_affinity|3|rq_affinity = 3 is out of range; use a whole number from 0 to 2",
            "nomerges|-1|nomerges = -1 is not a whole number; use one from 0 to 2",
            "add_random|2|add_random = 2 is not a switch; use 1 or 0",
            "iostats|maybe|iostats = maybe is not a switch; use 1 or 0",
            "wbt_lat_usec|-1|wbt_lat_usec = -1 is not a whole number; use one from 0 to 9223372036854775 microseconds",
            "wbt_lat_usec|9223372036854776|wbt_lat_usec = 9223372036854776 is out of range",
            "max_sectors_kb|0|max_sectors_kb = 0 is out of range; use a whole number from 4 to 4294967295 KiB",
            "max_sectors_kb|4294967296|max_sectors_kb = 4294967296 is out of range",
            "max_hw_sectors_kb|64|max_hw_sectors_kb is read-only: the kernel shows the largest request the hardware takes"})
    void configCheckRefusesWhatTheKernelRejectsWithExit2AndTheLine(String key, String value, String message) throws IOException {
        LiveTree host = sample();
        configure(host, "[disk ahci]\nmatch.transport = ata\n" + key + " = " + value + "\n");
        CliRun check = run(host, "config", "check");
        assertEquals(2, check.exitCode(), check.out() + check.err());
        assertTrue((check.out() + check.err()).contains("disktune.conf:3: " + message), check.out() + check.err());
    }

    @Test
    void maxSectorsKbAboveTheDisksMaxHwSectorsKbIsRefusedByPlanAndNothingChanges() throws IOException {
        LiveTree host = sample();
        configure(host, "[disk ahci]\nmatch.transport = ata\nmax_sectors_kb = 256\n");
        Map<String, String> before = snapshot(host);
        CliRun plan = run(host, "plan");
        assertEquals(2, plan.exitCode(), plan.out() + plan.err());
        assertTrue(plan.err().contains("max_sectors_kb 256 is above max_hw_sectors_kb of sda (128); give at most 128 in [disk ahci]"), plan.err());
        CliRun apply = run(host, "apply");
        assertEquals(2, apply.exitCode(), apply.out() + apply.err());
        assertEquals(before, snapshot(host));
    }

    @Test
    void theKnobsArePlannedAppliedPersistedVerifiedAndRolledBack() throws IOException {
        LiveTree host = sample();
        Map<String, String> before = snapshot(host);
        configure(host, KNOBS);

        CliRun plan = run(host, "plan");
        assertEquals(0, plan.exitCode(), plan.out() + plan.err());
        for (String disk : new String[] {"sda", "sdb", "sdc"}) {
            assertTrue(plan.out().contains("  /sys/block/" + disk + "/queue/rq_affinity: 1 -> 2\n"), plan.out());
            assertTrue(plan.out().contains("  /sys/block/" + disk + "/queue/max_sectors_kb: 128 -> 64\n"), plan.out());
        }
        assertTrue(plan.out().contains("  /sys/block/sdc/queue/wbt_lat_usec: 2000 -> 10000\n"), plan.out());
        assertTrue(!plan.out().contains("/sys/block/sdc/queue/add_random"), "sdc already adds no randomness: " + plan.out());

        CliRun apply = run(host, "apply");
        assertEquals(0, apply.exitCode(), apply.out() + apply.err());
        for (String disk : new String[] {"sda", "sdb", "sdc"}) {
            assertEquals("2", attribute(host, disk, "rq_affinity"), disk);
            assertEquals("1", attribute(host, disk, "nomerges"), disk);
            assertEquals("0", attribute(host, disk, "add_random"), disk);
            assertEquals("0", attribute(host, disk, "iostats"), disk);
            assertEquals("10000", attribute(host, disk, "wbt_lat_usec"), disk);
            assertEquals("64", attribute(host, disk, "max_sectors_kb"), disk);
        }
        String golden = Files.readString(Path.of("src/test/resources/persist/block-layer-knobs.rules"));
        assertEquals(golden, Files.readString(host.path(RULES)));
        assertEquals("nothing to change: the machine is in the desired state of /etc/disktune/disktune.conf\n", run(host, "plan").out());

        CliRun verify = run(host, "verify");
        assertEquals(0, verify.exitCode(), verify.out());
        Files.writeString(host.path("/sys/block/sdb/queue/nomerges"), "0\n");
        CliRun drift = run(host, "verify");
        assertEquals(1, drift.exitCode(), drift.out());
        assertTrue(drift.out().lines().anyMatch(l -> l.startsWith("drift") && l.contains("sdb") && l.contains("nomerges")
                && l.contains("fix: disktune apply")), drift.out());
        Files.writeString(host.path("/sys/block/sdb/queue/nomerges"), "1\n");

        Files.delete(host.path(CONFIG));
        CliRun rollback = run(host, "rollback");
        assertEquals(0, rollback.exitCode(), rollback.out() + rollback.err());
        assertEquals(before, snapshot(host), "every value as before, the rules file gone");
    }
}
