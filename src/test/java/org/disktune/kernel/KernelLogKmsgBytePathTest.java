package org.disktune.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.disktune.fuzz.Fuzz;
import org.disktune.host.KernelLogLineSink;
import org.disktune.host.KernelLogReader;
import org.junit.jupiter.api.Test;

/**
 * /dev/kmsg records handed over as ASCII bytes (host.ChannelKernelRingBuffer) give the report of the String path
 * (each record a String, normalized and offered to the collector): on the real captures turned into records, on
 * mutated ones, and on the records where the shortcut has to step aside.
 */
class KernelLogKmsgBytePathTest {
    private static final Pattern STAMPED = Pattern.compile("\\[\\s*(\\d+)\\.(\\d{6})\\] ?(.*)");

    /** A reader of records split on '\n': by bytes as the channel reader hands them, or as Strings only. */
    private static KernelLogReader reader(byte[] log, boolean bytes) {
        List<byte[]> records = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= log.length; i++) {
            if (i == log.length || log[i] == '\n') {
                if (i > start || i < log.length) {
                    byte[] r = new byte[i - start];
                    System.arraycopy(log, start, r, 0, r.length);
                    records.add(r);
                }
                start = i + 1;
            }
        }
        return new KernelLogReader() {
            private int next;

            @Override
            public String source() {
                return "/dev/kmsg";
            }

            @Override
            public List<String> notes() {
                return List.of();
            }

            @Override
            public String readLine() {
                return next < records.size() ? new String(records.get(next++), StandardCharsets.UTF_8) : null;
            }

            @Override
            public void forEachLine(KernelLogLineSink sink) throws java.io.IOException {
                if (!bytes) {
                    KernelLogReader.super.forEachLine(sink);
                    return;
                }
                for (byte[] r : records) {
                    boolean ascii = true;
                    for (byte b : r) {
                        ascii &= b >= 0;
                    }
                    if (ascii) {
                        byte[] padded = new byte[r.length + 7]; // the reader's buffer is larger than the record
                        System.arraycopy(r, 0, padded, 3, r.length);
                        sink.asciiKmsgRecord(padded, 3, 3 + r.length);
                    } else {
                        sink.line(new String(r, StandardCharsets.UTF_8));
                    }
                }
            }

            @Override
            public void close() {
            }
        };
    }

    private static void assertSameReport(byte[] log, String what) {
        for (KernelLogOptions options : List.of(KernelLogOptions.lastBoot(), KernelLogOptions.allBoots())) {
            assertEquals(KernelLogs.outcome(() -> new KernelLogAnalyzer().analyze(reader(log, false), options)),
                    KernelLogs.outcome(() -> new KernelLogAnalyzer().analyze(reader(log, true), options)), what + ", " + options.boots());
        }
    }

    /** A capture's stamped lines as kmsg records ({@code 6,SEQ,MICROS,-;message}); other lines as they are. */
    private static byte[] asRecords(byte[] capture) {
        StringBuilder out = new StringBuilder();
        int seq = 0;
        for (String line : new String(capture, StandardCharsets.UTF_8).split("\n", -1)) {
            Matcher m = STAMPED.matcher(line);
            if (m.matches()) {
                out.append(seq % 7).append(',').append(seq++).append(',').append(Long.parseLong(m.group(1)) * 1_000_000 + Long.parseLong(m.group(2)))
                        .append(seq % 5 == 0 ? ",c;" : ",-;").append(m.group(3)).append('\n');
            } else {
                out.append(line).append('\n');
            }
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void everyCaptureAsRecordsGivesTheSameReport() {
        List<byte[]> logs = KernelLogDecodeTest.captures();
        assertTrue(logs.size() >= 8, "captures found: " + logs.size());
        int boots = 0;
        for (int i = 0; i < logs.size(); i++) {
            byte[] records = asRecords(logs.get(i));
            assertSameReport(records, "capture " + i);
            boots += new KernelLogAnalyzer().analyze(reader(records, true), KernelLogOptions.allBoots()).bootsSeen();
        }
        assertTrue(boots >= logs.size(), "the records are read as boots: " + boots);
    }

    @Test
    void mutatedRecordsGiveTheSameReport() {
        List<byte[]> seeds = new ArrayList<>();
        for (byte[] capture : KernelLogDecodeTest.captures()) {
            seeds.add(asRecords(capture));
        }
        List<String> tokens = List.of("6,1,0,-;", "4,22,1234567,c;", "6,3,1234567890123456789,-;", "6,3,123456789012345678,-;",
                "1234,1,1,-;", "6,,1,-;", "6,1,1;", "6,1,1,", "\\x0a", "\\x5c", "\\", "\r", ";", ",", "Linux version 6.1.0 ",
                " Linux version 6.1.0 x", "ata1: ", "ata1.00: ", "SATA link up 1.5 Gbps ", "NCQ (depth 31/32)", "sd 0:0:0:0: [sda] ",
                "scsi host0: ", "Command line: ", "  Vendor: ATA      Model: X  Rev: 1 ", "  Type:   Direct-Access    ANSI SCSI",
                "\n", "\n ", "\t", " ", "\u0085", "\u00e9", "ahci 0000:00:1f.2: ");
        Random random = new Random(Fuzz.seed());
        for (int n = 0; n < 80; n++) {
            byte[] log = Fuzz.mutate(seeds.get(random.nextInt(seeds.size())), seeds.get(random.nextInt(seeds.size())),
                    1 + random.nextInt(10), tokens, random);
            assertSameReport(log, "mutated records " + n + " (seed " + Fuzz.seed() + ")");
        }
    }

    @Test
    void recordsTheShortcutMustLeaveToTheStringPath() {
        byte[] log = String.join("\n",
                "5,0,0,-;Linux version 6.1.0-57-amd64 (debian-kernel@lists.debian.org) #1 SMP",
                "6,1,0,-;Command line: BOOT_IMAGE=/vmlinuz libata.force=noncq",
                "6,2,500000,-;ahci 0000:00:1f.2: AHCI 0001.0000 32 slots 6 ports 3 Gbps 0x3f impl SATA mode",
                "6,3,1000000,-;ata1: SATA max UDMA/133 abar m2048@0xfebf1000 port 0xfebf1100 irq 29",
                "6,4,1100000,-;ata1: SATA link up 1.5 Gbps (SStatus 113 SControl 300)",
                "6,5,1200000,-;ata1.00: ATA-8: ST3500418AS\\x20x, CC38, max UDMA/133",
                "6,6,1200001,-;ata1.00: 976773168 sectors, multi 16: LBA48 NCQ (depth 31/32)",
                "6,7,1300000,-;ata2.00: ATA-8: caf\u00e9, CC38, max UDMA/133",
                "6,8,1234567890123456789,-;ata3: SATA link up 3.0 Gbps (19 digits: no time)",
                "6,9,1400000,-;ata4: SATA link up 3.0 Gbps\r",
                "6,10,1500000,c,more;ata5: SATA link up 6.0 Gbps (SStatus 133 SControl 300)",
                " SUBSYSTEM=scsi",
                "6,11,1600000,-;",
                "6,12,10,-;ata6: SATA link up 3.0 Gbps (time went back: a new boot)",
                "not a record at all") .getBytes(StandardCharsets.UTF_8);
        assertSameReport(log, "edge records");
        KernelLogReport report = new KernelLogAnalyzer().analyze(reader(log, true), KernelLogOptions.allBoots());
        KernelBoot first = report.boots().get(0);
        assertEquals("BOOT_IMAGE=/vmlinuz libata.force=noncq", first.commandLine());
        assertEquals("1.5 Gbps", first.ataLink("ata1").speed());
        assertEquals(31, first.ataDevice("ata1.00").ncqDepth());
        assertEquals("6.0 Gbps", first.ataLink("ata5").speed());
        assertEquals(2, report.bootsSeen());
    }

    @Test
    void theHeaderIsReadAsTheStringParserReadsIt() {
        String[] records = {"6,1,2,-;m", "6,1,2,c;m", "6,1,2,-,x=y;m", "0,0,0,;", "123,1,2,-;m", "1234,1,2,-;m", "6,1,2,-m",
            "6,1,2;m", "6,1,,-;m", ",1,2,-;m", "6,12345678901234567890,2,-;m", "6,123456789012345678901,2,-;m",
            "6,1,123456789012345678,-;m", "6,1,1234567890123456789,-;m", "6,1,2,-;a\\x41", "6,1,2,-;a\rb", "x6,1,2,-;m",
            "6,1,2," + "f".repeat(199) + ";m", "6,1,2," + "f".repeat(200) + ";m"};
        for (String raw : records) {
            byte[] b = ("##" + raw + "#").getBytes(StandardCharsets.US_ASCII);
            KernelLogLineNormalizer fast = new KernelLogLineNormalizer();
            if (fast.kmsgAscii(b, 2, b.length - 1)) {
                assertEquals(new KernelLogLineNormalizer().normalize(raw), java.util.Optional.of(KernelLogLine.message(fast.stampMicros(), null,
                        new String(b, fast.messageFrom(), b.length - 1 - fast.messageFrom(), StandardCharsets.US_ASCII))), raw);
            } else {
                assertTrue(raw.contains("\\") || raw.contains("\r") || KernelLogLineNormalizer.kmsg(raw) == null
                        || raw.matches("\\d+,\\d+,\\d{19,},.*"), "stepped aside without a reason: " + raw);
            }
        }
    }
}
