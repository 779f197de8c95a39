package org.disktune.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.disktune.fuzz.Fuzz;
import org.disktune.host.TextKernelLogReader;
import org.disktune.host.FileKernelLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A saved log is decoded from its bytes as a stream ({@link FileKernelLog#utf8}). The report must be the one of the
 * whole text decoded at once and handed over line by line, on the real captures, on mutated ones and on lines at the
 * edges of the stamp, prefix and boot-start readers.
 */
class KernelLogDecodeTest {
    private static KernelLogReport viaBytes(byte[] log, KernelLogOptions options) {
        return new KernelLogAnalyzer().analyze(FileKernelLog.utf8("test", List.of(), new ByteArrayInputStream(log)), options);
    }

    private static KernelLogReport viaStrings(byte[] log, KernelLogOptions options) {
        List<String> lines = new ArrayList<>();
        try (TextKernelLogReader reader = TextKernelLogReader.of("test", List.of(), new String(log, StandardCharsets.UTF_8))) {
            for (String line; (line = reader.readLine()) != null; ) {
                lines.add(line);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // the String path line by line, whatever the reader does
        return new KernelLogAnalyzer().analyze(new org.disktune.host.KernelLogReader() {
            private int next;

            @Override
            public String source() {
                return "test";
            }

            @Override
            public List<String> notes() {
                return List.of();
            }

            @Override
            public String readLine() {
                return next < lines.size() ? lines.get(next++) : null;
            }

            @Override
            public void close() {
            }
        }, options);
    }

    private static void assertSameReport(byte[] log, String what) {
        for (KernelLogOptions options : List.of(KernelLogOptions.lastBoot(), KernelLogOptions.allBoots())) {
            assertEquals(KernelLogs.outcome(() -> viaStrings(log, options)), KernelLogs.outcome(() -> viaBytes(log, options)),
                    what + ", " + options.boots());
        }
    }

    private static byte[] utf8(String... lines) {
        return KernelLogs.lines(lines).getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void everyCapturedLogGivesTheSameReport() {
        List<byte[]> logs = captures();
        assertTrue(logs.size() >= 8, "captures found: " + logs.size());
        for (int i = 0; i < logs.size(); i++) {
            assertSameReport(logs.get(i), "capture " + i);
        }
    }

    @Test
    void mutatedCapturesGiveTheSameReport() {
        List<byte[]> seeds = captures();
        List<String> tokens = List.of("[    0.000000] ", "[ 1.5] ", "[   12.000001]", "Linux version 6.1.0 ", " Linux version 6.1.0 x",
                "ata1: ", "ata1.00: ", " ata2.01: ", "ata12345: ", "SATA link up 1.5 Gbps ", "NCQ (depth 31/32)", "sd 0:0:0:0: [sda] ",
                "scsi host0: ", "Command line: ", "  Vendor: ATA      Model: X  Rev: 1 ", "  Type:   Direct-Access    ANSI SCSI",
                "host kernel: ", "<6>", "\r\n", "\n", "\t", " ", "\u0085", "\u2028", "\u00e9", "ahci 0000:00:1f.2: ");
        Random random = new Random(Fuzz.seed());
        for (int n = 0; n < 80; n++) {
            byte[] log = Fuzz.mutate(seeds.get(random.nextInt(seeds.size())), seeds.get(random.nextInt(seeds.size())),
                    1 + random.nextInt(10), tokens, random);
            assertSameReport(log, "mutated capture " + n + " (seed " + Fuzz.seed() + ")");
        }
    }

    @Test
    void edgeLinesOfTheReaders() {
        byte[] log = utf8(
                "[    0.000000] Linux version 6.1.0-57-amd64 (debian-kernel@lists.debian.org) #1 SMP",
                "[    0.000000]  Linux version 6.1.0-57-amd64 (blank before: not a boot start for the detector)",
                "[    0.000000] Kernel command line: BOOT_IMAGE=/vmlinuz libata.force=noncq",
                "[    0.500000] ahci 0000:00:1f.2: AHCI 0001.0000 32 slots 6 ports 3 Gbps 0x3f impl SATA mode",
                "[    0.600000] pata_via 0000:00:0f.1: version 0.3.4",
                "[    1.000000]  ata1: SATA max UDMA/133 abar m2048@0xfebf1000 port 0xfebf1100 irq 29",
                "[    1.100000]\tata1: SATA link up 1.5 Gbps (SStatus 113 SControl 300)",
                "[    1.200000] ata1.00: ATA-8: ST3500418AS, CC38, max UDMA/133",
                "[    1.200001] ata1.00: 976773168 sectors, multi 16: LBA48 NCQ (depth 31/32)",
                "[    1.300000] ata2.01: SATA link down (SStatus 0 SControl 300)",
                "[    1.300001] ata12345: SATA link up 1.5 Gbps (five digits: no port)",
                "[    1.400000] scsi 0:0:0:0: Direct-Access     ATA      ST3500418AS      CC38 PQ: 0 ANSI: 5",
                "[    1.500000] sd 0:0:0:0: [sda] 976773168 512-byte logical blocks: (500 GB/466 GiB)",
                "[    1.600000]   Vendor: ATA       Model: WDC WD800JD-75MS  Rev: 10.0",
                "[    1.600001]   Type:   Direct-Access                      ANSI SCSI revision: 05",
                "[    1.700000] SCSI device sdb: 156250000 512-byte hdwr sectors (80000 MB)",
                "[    1.700001] sd 1:0:0:0: Attached scsi disk sdb",
                "[    1.800000] hda: WDC WD800JB-00JJC0, ATA DISK drive",
                "[    1.800001] ide0: BM-DMA at 0xffa0-0xffa7, BIOS settings: hda:DMA, hdb:pio",
                "[    1.900000] myhost kernel: ata3.00: ATA-9: journal short-monotonic form, X1, max UDMA/133",
                "[    2.000000] EXT4-fs (vda1): re-mounted. Quota mode: none.",
                "[             3.000000] thirteen blanks: not a stamp",
                "[12345678901.000000] eleven digits: not a stamp",
                "[    4.1234567891] ten fraction digits: not a stamp",
                "[    4.5]ata4: SATA link up 6.0 Gbps (SStatus 133 SControl 300)",
                "[    5.000000] ",
                "[    5.000001]    ",
                "<6>[    6.000000] ata5: SATA link up 3.0 Gbps (SStatus 123 SControl 300)",
                "[    0.000010] ata6: SATA link up 3.0 Gbps (SStatus 123 SControl 300) (time went back: a new boot)",
                "[    0.000020] ata6.00: configured for UDMA/133");
        assertSameReport(log, "edge lines");
        KernelLogReport report = viaBytes(log, KernelLogOptions.allBoots());
        KernelBoot first = report.boots().get(0);
        assertEquals("BOOT_IMAGE=/vmlinuz libata.force=noncq", first.commandLine());
        assertEquals("1.5 Gbps", first.ataLink("ata1").speed());
        assertEquals(31, first.ataDevice("ata1.00").ncqDepth());
        assertTrue(first.scsiDisks().stream().anyMatch(d -> "WDC WD800JD-75MS".equals(d.model()) && "sdb".equals(d.blockDevice())),
                "old-style inquiry tied to sdb: " + first.scsiDisks());
        assertEquals(2, report.bootsSeen());
    }

    @Test
    void aRepeatedLinkLineAfterAChangeIsReadAgain() {
        KernelBoot boot = viaBytes(utf8(
                "[    1.000000] ata1: SATA link up 3.0 Gbps (SStatus 123 SControl 300)",
                "[    2.000000] ata1: SATA link down (SStatus 0 SControl 300)",
                "[    3.000000] ata1: SATA link up 3.0 Gbps (SStatus 123 SControl 300)",
                "[    4.000000] ata2: SATA link down (SStatus 0 SControl 300)"), KernelLogOptions.lastBoot()).lastBoot();
        assertTrue(boot.ataLink("ata1").up());
        assertEquals("3.0 Gbps", boot.ataLink("ata1").speed());
        assertFalse(boot.ataLink("ata2").up());
    }

    /** Whether the line is a dmesg stamp and its message (not journalctl's short-monotonic "host kernel:" form, nor no stamp). */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "[    4.620129] ata3.00: x|true", "[ 17.340000] m|true", "[    4.620129]\tm|true", "[0.1]|true", "[0.123456789] m|true",
        "[            1.0] twelve blanks|true", "[1234567890.000000] ten digits|true", "[4.6]  two blanks|true",
        "[    4.620129] host  kernel: m|true", "[    4.620129]  kernel: m|true",
        "[    4.620129] host kernel: m|false", "[    4.620129] a kernel:|false", "[             1.0] thirteen blanks|false",
        "[12345678901.0] eleven digits|false", "[0.1234567890] ten fraction digits|false", "[   1.] no fraction|false",
        "[.5] no seconds|false", "[ 4.6 ] m|false", "4.6] m|false", "[4.6 m|false"})
    void aStampAtTheEdgeOfItsFormGivesTheSameReport(String raw, boolean stamped) {
        assertSameReport(utf8(raw, "[    4.700000] ata1: SATA link up 1.5 Gbps (SStatus 113 SControl 300)"), raw);
        KernelLogLine line = new KernelLogLineNormalizer().normalize(raw).orElseThrow();
        String rest = raw.substring(raw.indexOf(']') + 1);
        rest = !rest.isEmpty() && Character.isWhitespace(rest.charAt(0)) ? rest.substring(1) : rest;
        assertEquals(stamped, line.monotonicMicros() != null && line.message().equals(rest), raw);
    }

    @Test
    void theBenchmarkLogGivesTheSameReport() {
        StringBuilder log = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            String stamp = String.format("[%5d.%06d] ", i / 1000, i % 1000);
            if (i % 5000 == 0) {
                log.append("[    0.000000] Linux version 6.1.0-57-amd64 (debian-kernel@lists.debian.org) #1 SMP PREEMPT_DYNAMIC\n");
            } else if (i % 1000 == 1) {
                log.append(stamp).append("ata").append(i / 1000 % 8 + 1).append(".00: 1465149168 sectors, multi 16: LBA48 NCQ (depth 32), AA\n");
            } else if (i % 3 == 0) {
                log.append(stamp).append("ata").append(i % 8 + 1).append(": SATA link up 3.0 Gbps (SStatus 123 SControl 300)\n");
            } else {
                log.append(stamp).append("EXT4-fs (vda1): re-mounted ").append(i).append(". Quota mode: none.\n");
            }
        }
        assertSameReport(log.toString().getBytes(StandardCharsets.US_ASCII), "the benchmark's log, 20,000 lines");
        KernelLogReport report = viaBytes(log.toString().getBytes(StandardCharsets.US_ASCII), KernelLogOptions.lastBoot());
        assertEquals(4, report.bootsSeen());
        assertEquals(20_000, report.linesRead());
    }

    static List<byte[]> captures() {
        try (Stream<Path> files = Files.walk(Path.of(KernelLogDecodeTest.class.getResource("/kernel").toURI()))) {
            return files.filter(Files::isRegularFile).filter(p -> !p.toString().endsWith(".json") && !p.toString().endsWith(".meta")
                    && !p.toString().endsWith(".tsv")).sorted().map(p -> {
                        try (InputStream in = Files.newInputStream(p)) {
                            return in.readAllBytes();
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
