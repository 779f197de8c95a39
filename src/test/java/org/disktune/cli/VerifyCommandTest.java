package org.disktune.cli;

import static org.disktune.verify.VerifyMachine.FIRST_BOOT;
import static org.disktune.verify.VerifyMachine.NEXT_BOOT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.disktune.boot.KernelParameter;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.disktune.verify.VerifyMachine;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

class VerifyCommandTest {
    /** The machine as the command line opens a root tree: kernel log from its /var/log/dmesg. */
    private static CliRun verify(VerifyMachine m, String... args) {
        RootedHost host = new RootedHost(m.root(), new RefusingCommandRunner("test"), Session.treeKernelLog(m.root(), "the test machine"),
                VerifyMachine.CLOCK, true);
        String[] all = new String[args.length + 1];
        all[0] = "verify";
        System.arraycopy(args, 0, all, 1, args.length);
        return CliRun.run(o -> host, all);
    }

    private static String line(String out, String start) {
        return out.lines().filter(l -> l.startsWith(start)).findFirst().orElseThrow(() -> new AssertionError(start + " not in\n" + out));
    }

    @Test
    void inEffectExitsZeroAndQuietPrintsNothing() {
        VerifyMachine m = new VerifyMachine().writeAdma(FIRST_BOOT).rebuildImages().bootWithAdma(NEXT_BOOT);
        CliRun run = verify(m);
        assertEquals(0, run.exitCode(), run.err() + run.out());
        assertEquals("ok: 6 checks, 6 ok, 0 drift, 0 pending, 0 unknown", run.out().strip().lines().reduce((a, b) -> b).orElseThrow());
        String header = line(run.out(), "STATUS ");
        String ncq = line(run.out(), "ok      ncq ");
        assertEquals(header.indexOf("SUBJECT"), ncq.indexOf("ata3.00 (sda)"), "columns are aligned");
        CliRun quiet = verify(m, "--quiet");
        assertEquals(0, quiet.exitCode());
        assertEquals("", quiet.out());
        assertEquals("", quiet.err());
    }

    @Test
    void writtenThisBootExitsThreeEvenWhenQuiet() {
        VerifyMachine m = new VerifyMachine().writeAdma(FIRST_BOOT).rebuildImages();
        CliRun run = verify(m, "-q");
        assertEquals(3, run.exitCode(), run.err());
        assertTrue(run.out().contains("pending: 6 checks, 3 ok, 0 drift, 3 pending, 0 unknown (exit 3: reboot to apply)"), run.out());
        String option = line(run.out(), "pending  module-option ");
        assertTrue(option.matches("pending  module-option +sata_nv adma +1 +N +written in this boot .*; takes effect after a reboot"), option);
    }

    @Test
    void rebootedWithoutTheFileInTheImageExitsOneAndNamesTheCause() {
        VerifyMachine m = new VerifyMachine().writeAdma(FIRST_BOOT).reboot(NEXT_BOOT);
        CliRun run = verify(m);
        assertEquals(1, run.exitCode(), run.err());
        assertTrue(line(run.out(), "drift   module-option").endsWith(
                "the initramfs /boot/kernel26.img lacks /etc/modprobe.d/disktune.conf: run disktune initramfs rebuild"), run.out());
    }

    @Test
    void jsonGivesEveryCheckWithExpectedAndFound() throws IOException {
        VerifyMachine m = new VerifyMachine().writeAdma(FIRST_BOOT).reboot(NEXT_BOOT);
        CliRun run = verify(m, "--json");
        assertEquals(1, run.exitCode(), run.err());
        JsonNode json = new ObjectMapper().readTree(run.out());
        assertEquals(1, json.get("schema_version").asInt());
        assertEquals("verify", json.get("command").asText());
        assertEquals("drift", json.get("status").asText());
        assertEquals(6, json.get("checks").size());
        JsonNode ncq = json.get("checks").get(3);
        assertEquals(List.of("name", "subject", "status", "expected", "found", "cause"), iterable(ncq));
        assertEquals("ncq", ncq.get("name").asText());
        assertEquals("ata3.00 (sda)", ncq.get("subject").asText());
        assertEquals("drift", ncq.get("status").asText());
        assertEquals("NCQ queued (log depth > 0, queue_depth > 1)", ncq.get("expected").asText());
        assertEquals("log NCQ off (depth 0/32), queue_depth 1", ncq.get("found").asText());
        assertEquals(5, json.get("summary").get("drift").asInt());
        assertEquals(1, json.get("summary").get("ok").asInt());
        assertTrue(json.get("checks").get(0).get("cause").isNull());
    }

    private static List<String> iterable(JsonNode node) {
        List<String> names = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void aMalformedModprobeFileIsAConfigurationError() {
        VerifyMachine m = new VerifyMachine();
        m.write("/etc/modprobe.d/disktune.conf", "install sata_nv /bin/true\n");
        CliRun run = verify(m);
        assertEquals(2, run.exitCode());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().startsWith("disktune: /etc/modprobe.d/disktune.conf line 1 ('install sata_nv /bin/true')"), run.err());
    }

    @Test
    void aMalformedDisktuneConfIsAConfigurationError() {
        VerifyMachine m = new VerifyMachine();
        m.write("/etc/disktune/disktune.conf", "scheduler = none\n");
        CliRun run = verify(m);
        assertEquals(2, run.exitCode(), run.out());
        assertEquals(1, run.err().lines().count(), run.err());
        assertEquals("disktune: /etc/disktune/disktune.conf:1: key scheduler is outside any section; put it under a [module NAME], "
                + "[disk LABEL], [md NAME] or [mount PATH] header\n", run.err());
    }

    @Test
    void aCommandLineParameterInJsonIsACheckLikeAnyOther() throws IOException {
        VerifyMachine m = new VerifyMachine().writeCommandLine(FIRST_BOOT, new KernelParameter("nvme_core", "default_ps_max_latency_us", "0"))
                .bootWith(NEXT_BOOT, "root=/dev/sda3 nvme_core.default_ps_max_latency_us=0", "/sys/module/nvme_core/parameters/default_ps_max_latency_us", "0");
        CliRun run = verify(m, "--json");
        assertEquals(0, run.exitCode(), run.err() + run.out());
        JsonNode check = new ObjectMapper().readTree(run.out()).get("checks").get(0);
        assertEquals("{\"name\":\"kernel-cmdline\",\"subject\":\"nvme_core.default_ps_max_latency_us\",\"status\":\"ok\","
                + "\"expected\":\"nvme_core.default_ps_max_latency_us=0 in /proc/cmdline, 0 in /sys/module/nvme_core/parameters/default_ps_max_latency_us\","
                + "\"found\":\"in /proc/cmdline, 0 in sysfs\",\"cause\":null}", check.toString());
    }

    @Test
    void sampleWithNothingWrittenIsOk() {
        CliRun run = CliRun.run("--sample", "qemu-virtio-nvme", "verify");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("note: disktune has written no module options (no /etc/modprobe.d/disktune.conf): nothing to verify"), run.out());
    }

    /** This machine, read-only: nothing written by disktune (it never ran apply here), so 0 and says so. */
    @Test
    void liveMachineWithNothingWritten() {
        boolean written = Files.exists(Path.of("/etc/modprobe.d/disktune.conf"));
        System.out.println("VerifyCommandTest.liveMachineWithNothingWritten: /etc/modprobe.d/disktune.conf " + (written ? "exists: skipped"
                : "absent") + "; /etc/disktune/disktune.conf " + (Files.exists(Path.of("/etc/disktune/disktune.conf")) ? "exists" : "absent"));
        Assumptions.assumeFalse(written, "disktune has not written this machine");
        CliRun run = CliRun.run("verify");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("note: no /etc/disktune/disktune.conf: verifying only what disktune wrote")
                || Files.exists(Path.of("/etc/disktune/disktune.conf")), run.out());
        assertTrue(run.out().contains("nothing to verify"), run.out());
        CliRun json = CliRun.run("verify", "--json");
        assertTrue(json.out().contains("\"status\" : \"ok\""), json.out());
    }
}
