package org.disktune.cli;

import static org.disktune.verify.VerifyMachine.FIRST_BOOT;
import static org.disktune.verify.VerifyMachine.NEXT_BOOT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.disktune.verify.VerifyMachine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A fact the kernel log does not show is unknown, never "no": the QEMU AHCI capture with ata1.00's sectors line cut or damaged. */
class UnknownNcqTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SECTORS = "ata1.00: 2097152 sectors, multi 16: LBA48 NCQ (depth 32)";

    @TempDir
    Path tmp;

    private static String capture() throws IOException {
        try (InputStream in = UnknownNcqTest.class.getResourceAsStream("/kernel/qemu/ahci.log")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private Path withoutSectorsLine() throws IOException {
        String log = capture();
        assertTrue(log.contains(SECTORS), "the capture holds the line this test cuts");
        return Files.writeString(tmp.resolve("cut.log"), String.join("\n", log.lines().filter(l -> !l.contains(SECTORS)).toList()));
    }

    /** One byte of "NCQ" replaced by 0xff, as a damaged disk or a cut serial line gives it. */
    private Path withDamagedByte() throws IOException {
        byte[] bytes = capture().getBytes(StandardCharsets.UTF_8);
        byte[] line = SECTORS.getBytes(StandardCharsets.UTF_8);
        int hits = 0;
        for (int i = 0; i + line.length <= bytes.length; i++) {
            if (java.util.Arrays.equals(bytes, i, i + line.length, line, 0, line.length)) {
                bytes[i + SECTORS.indexOf("NCQ") + 1] = (byte) 0xff;
                hits++;
            }
        }
        assertTrue(hits > 0);
        return Files.write(tmp.resolve("damaged.log"), bytes);
    }

    private static String ncqColumn(String out, String device) {
        String header = out.lines().filter(l -> l.startsWith("ATA ")).findFirst().orElseThrow(() -> new AssertionError(out));
        String row = out.lines().filter(l -> l.startsWith(device + " ")).findFirst().orElseThrow(() -> new AssertionError(out));
        return row.substring(header.indexOf("NCQ"), header.indexOf("LINK")).strip();
    }

    private static void assertUnknownInTextAndJson(Path log) throws IOException {
        CliRun text = CliRun.run("kernel-log", log.toString());
        assertEquals(0, text.exitCode(), text.err());
        assertEquals("unknown", ncqColumn(text.out(), "ata1.00"), text.out());
        assertEquals("depth 32", ncqColumn(text.out(), "ata2.00"), "the intact lines still say what they say");
        CliRun json = CliRun.run("--json", "kernel-log", log.toString());
        assertEquals(0, json.exitCode(), json.err());
        for (JsonNode ata : JSON.readTree(json.out()).get("boots").get(0).get("ata_devices")) {
            assertEquals(ata.get("id").asText().equals("ata1.00") ? "UNKNOWN" : "ENABLED", ata.get("device").get("ncq").asText(), json.out());
        }
    }

    @Test
    void aMissingSectorsLineLeavesNcqUnknown() throws IOException {
        assertUnknownInTextAndJson(withoutSectorsLine());
    }

    @Test
    void aDamagedByteInTheSectorsLineLeavesNcqUnknown() throws IOException {
        assertUnknownInTextAndJson(withDamagedByte());
    }

    @Test
    void aDriveWithoutNcqTextStaysNo() throws IOException {
        Path log = Files.writeString(tmp.resolve("plain.log"), capture().replace(SECTORS, "ata1.00: 2097152 sectors, multi 16: LBA48 "));
        assertEquals("no", ncqColumn(CliRun.run("kernel-log", log.toString()).out(), "ata1.00"));
    }

    /** verify of adma=1 when the next boot's log lost ata3.00's sectors line and sysfs has no queue_depth: unknown, not failed. */
    @Test
    void verifyCannotTellWithoutTheSectorsLine() {
        VerifyMachine m = new VerifyMachine().writeAdma(FIRST_BOOT).rebuildImages().bootWithAdma(NEXT_BOOT);
        String cut = "ata3.00: 1465149168 sectors, multi 1: LBA48 NCQ (depth 31/32)";
        String log = m.read("/var/log/dmesg");
        assertTrue(log.contains(cut));
        m.write("/var/log/dmesg", String.join("\n", log.lines().filter(l -> !l.contains(cut)).toList()) + "\n");
        try {
            Files.delete(m.root().resolve(VerifyMachine.QUEUE_DEPTH.substring(1)));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        RootedHost host = new RootedHost(m.root(), new RefusingCommandRunner("test"), Session.treeKernelLog(m.root(), "the test machine"),
                VerifyMachine.CLOCK, true);
        CliRun run = CliRun.run(o -> host, "verify");
        String ncq = run.out().lines().filter(l -> l.contains(" ncq ")).findFirst().orElseThrow(() -> new AssertionError(run.out()));
        assertTrue(ncq.startsWith("unknown "), run.out());
        assertTrue(ncq.contains("no readable sectors line, no queue_depth"), ncq);
        assertEquals(0, run.exitCode(), "an unknown check is no drift: " + run.out());
    }
}
