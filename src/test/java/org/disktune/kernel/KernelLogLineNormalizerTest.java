package org.disktune.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class KernelLogLineNormalizerTest {
    private static final String ATA = "ata3.00: 1465149168 sectors, multi 1: LBA48 NCQ (depth 31/32)";

    static Stream<Arguments> formats() {
        return Stream.of(
                Arguments.of("plain dmesg", ATA, null, null),
                Arguments.of("dmesg with stamp", "[    4.620129] " + ATA, 4_620_129L, null),
                Arguments.of("dmesg stamp, one blank (2.6.25 ARM)", "[ 17.340000] " + ATA, 17_340_000L, null),
                Arguments.of("dmesg stamp, CRLF", "[    4.620129] " + ATA + "\r\n", 4_620_129L, null),
                Arguments.of("dmesg -r level", "<6>[    4.620129] " + ATA, 4_620_129L, null),
                Arguments.of("klogctl level without stamp", "<6>" + ATA, null, null),
                Arguments.of("dmesg -T", "[Mon Nov 30 11:00:00 2026] " + ATA, null, "Mon Nov 30 11:00:00 2026"),
                Arguments.of("dmesg -T single-digit day", "[Tue Dec  1 09:05:03 2026] " + ATA, null, "Tue Dec  1 09:05:03 2026"),
                Arguments.of("dmesg --time-format iso", "2026-11-30T11:00:00,620129+01:00 " + ATA, null, "2026-11-30T11:00:00,620129+01:00"),
                Arguments.of("journalctl short", "Nov 30 11:00:00 host kernel: " + ATA, null, "Nov 30 11:00:00"),
                Arguments.of("journalctl short-precise", "Nov 30 11:00:00.620129 host kernel: " + ATA, null, "Nov 30 11:00:00.620129"),
                Arguments.of("journalctl short-iso", "2026-11-30T11:00:00+0100 host kernel: " + ATA, null, "2026-11-30T11:00:00+0100"),
                Arguments.of("journalctl short-iso-precise", "2026-11-30T11:00:00.620129+01:00 host kernel: " + ATA, null, "2026-11-30T11:00:00.620129+01:00"),
                Arguments.of("journalctl short-full", "Mon 2026-11-30 11:00:00 CET host kernel: " + ATA, null, "Mon 2026-11-30 11:00:00 CET"),
                Arguments.of("journalctl short-monotonic", "[    4.620129] host kernel: " + ATA, 4_620_129L, null),
                Arguments.of("journalctl short-unix", "1764500000.620129 host kernel: " + ATA, null, "1764500000.620129"),
                Arguments.of("kern.log with stamp", "Nov 30 11:00:00 host kernel: [    4.620129] " + ATA, 4_620_129L, "Nov 30 11:00:00"),
                Arguments.of("messages, single-digit day", "Sep  1 01:58:55 core kernel: " + ATA, null, "Sep  1 01:58:55"),
                Arguments.of("rsyslog ISO with stamp", "2026-11-30T11:00:00.123456+01:00 host kernel: [    4.620129] " + ATA, 4_620_129L, "2026-11-30T11:00:00.123456+01:00"),
                Arguments.of("kmsg record", "6,339,4620129,-;" + ATA, 4_620_129L, null),
                Arguments.of("kmsg record with caller", "6,339,4620129,-,caller=T1;" + ATA, 4_620_129L, null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("formats")
    void takesTheFormatOff(String format, String raw, Long monotonic, String wallClock) {
        KernelLogLine line = new KernelLogLineNormalizer().normalize(raw).orElseThrow();
        assertEquals(KernelLogLine.Kind.MESSAGE, line.kind());
        assertEquals(ATA, line.message());
        assertEquals(monotonic, line.monotonicMicros());
        assertEquals(wallClock, line.wallClock());
    }

    @Test
    void dropsOtherProgramsOfASyslogFile() {
        KernelLogLineNormalizer n = new KernelLogLineNormalizer();
        assertEquals(Optional.empty(), n.normalize("Nov 30 11:00:00 host sshd[812]: Accepted publickey for root"));
        assertEquals(Optional.empty(), n.normalize("2026-11-30T11:00:00+0100 host systemd[1]: Started foo."));
    }

    @Test
    void kmsgDictionaryLinesAreDroppedButIndentedPlainLinesAreKept() {
        KernelLogLineNormalizer n = new KernelLogLineNormalizer();
        assertEquals("ahci 0000:00:1f.2: version 3.0", n.normalize("6,300,4063381,-;ahci 0000:00:1f.2: version 3.0").orElseThrow().message());
        assertEquals(Optional.empty(), n.normalize(" SUBSYSTEM=pci"));
        assertEquals(Optional.empty(), n.normalize(" DEVICE=+pci:0000:00:1f.2"));
        KernelLogLineNormalizer plain = new KernelLogLineNormalizer();
        assertEquals("  Vendor: ATA       Model: ST3250620AS       Rev: 3.AA",
                plain.normalize("  Vendor: ATA       Model: ST3250620AS       Rev: 3.AA").orElseThrow().message());
    }

    @Test
    void kmsgEscapesAreDecoded() {
        assertEquals("a\\b", new KernelLogLineNormalizer().normalize("6,1,1,-;a\\x5cb").orElseThrow().message());
    }

    @Test
    void journalSeparatorsAndHeaders() {
        KernelLogLineNormalizer n = new KernelLogLineNormalizer();
        assertEquals(KernelLogLine.Kind.BOOT_SEPARATOR, n.normalize("-- Boot 3f2c81e0a5b94c1e9d0f6c1b2a3d4e5f --").orElseThrow().kind());
        assertEquals(KernelLogLine.Kind.BOOT_SEPARATOR, n.normalize("-- Reboot --").orElseThrow().kind());
        assertEquals(Optional.empty(), n.normalize("-- Logs begin at Mon 2026-11-30 10:00:00 CET, end at Mon 2026-11-30 11:00:00 CET. --"));
        assertEquals(Optional.empty(), n.normalize("-- No entries --"));
    }

    static Stream<String> garbage() {
        return Stream.of("", "\r", "[", "[    4.62", "[    4.620129", "6,339,", "6,339,4620129", "Nov 30 11:00",
                "Nov 30 11:00:00 host", "<6", "<999999>x", "\u0000\u0001\u00ff\ufffd\ud800", "[99999999999.999999999] x",
                "6,1,999999999999999999999999,-;x", "-- Boot", "-- ", "[Mon Nov 30 11:00:00 2026");
    }

    @ParameterizedTest
    @MethodSource("garbage")
    void cutOrBinaryLinesNeverThrow(String raw) {
        Optional<KernelLogLine> line = new KernelLogLineNormalizer().normalize(raw);
        assertTrue(line.isEmpty() || line.get().message() != null);
    }

    /**
     * The hand-written /dev/kmsg parser against the regex it replaced, on 200,000 generated lines built from the
     * form's pieces (digit runs of 0-22 digits, commas, semicolons, runs of other characters around the 200 limit,
     * newlines for DOTALL) and on the edges written out.
     */
    @Test
    void theKmsgParserAgreesWithItsRegex() {
        java.util.regex.Pattern regex = java.util.regex.Pattern.compile(KernelLogLineNormalizer.KMSG_REGEX, java.util.regex.Pattern.DOTALL);
        java.util.Random random = new java.util.Random(20261202);
        java.util.List<String> lines = new java.util.ArrayList<>(java.util.List.of("", "6,339,4620129,-;" + ATA, "6,339,4620129;x",
                "1234,1,1,-;x", "123,1,1,;", "1,2,3,;\nmore", "0,0,0," + "x".repeat(200) + ";m", "0,0,0," + "x".repeat(201) + ";m",
                "1," + "9".repeat(20) + "," + "9".repeat(20) + ",-;m", "1," + "9".repeat(21) + ",1,-;m", "1,1," + "9".repeat(21) + ",-;m",
                "1,1,1,-", "\u0663,1,1,-;m", "1,1,1,a;b;c"));
        String[] pieces = {",", ";", "-", "\n", " ", "x", "caller=T1", "\u0663"};
        for (int n = 0; n < 200_000; n++) {
            StringBuilder b = new StringBuilder();
            if (random.nextBoolean()) { // near the form: each field's length around its limits, pieces in between
                int[] limits = {3, 20, 20};
                for (int limit : limits) {
                    int digits = random.nextInt(4) == 0 ? random.nextInt(limit + 3) : 1 + random.nextInt(limit);
                    for (int d = 0; d < digits; d++) {
                        b.append((char) ('0' + random.nextInt(10)));
                    }
                    b.append(random.nextInt(20) == 0 ? pieces[random.nextInt(pieces.length)] : ",");
                }
                int fields = random.nextInt(3) == 0 ? 195 + random.nextInt(10) : random.nextInt(12);
                for (int f = 0; f < fields; f++) {
                    b.append(random.nextInt(50) == 0 ? pieces[random.nextInt(pieces.length)] : "-");
                }
                b.append(random.nextInt(20) == 0 ? "" : ";");
                b.append(random.nextBoolean() ? ATA : pieces[random.nextInt(pieces.length)]);
            } else {
                int parts = random.nextInt(9);
                for (int p = 0; p < parts; p++) {
                    int kind = random.nextInt(4);
                    if (kind == 0) {
                        int digits = random.nextInt(23);
                        for (int d = 0; d < digits; d++) {
                            b.append((char) ('0' + random.nextInt(10)));
                        }
                    } else if (kind == 1) {
                        b.append("y".repeat(random.nextBoolean() ? random.nextInt(4) : 195 + random.nextInt(10)));
                    } else {
                        b.append(pieces[random.nextInt(pieces.length)]);
                    }
                }
            }
            lines.add(b.toString());
        }
        int matched = 0;
        java.util.List<String> answers = new java.util.ArrayList<>();
        for (String line : lines) {
            java.util.regex.Matcher m = regex.matcher(line);
            int[] k = KernelLogLineNormalizer.kmsg(line);
            answers.add(line + "\u0000" + (k == null ? "no match" : line.substring(k[0], k[1]) + "\u0000" + line.substring(k[2])));
            if (m.matches()) {
                matched++;
                assertTrue(k != null, "the regex matches, the parser does not: " + line);
                assertEquals(m.group(3), line.substring(k[0], k[1]), line);
                assertEquals(m.group(4), line.substring(k[2]), line);
            } else {
                assertEquals(null, k, "the parser matches, the regex does not: " + line);
            }
        }
        assertTrue(matched > 1000 && matched < lines.size() - 1000, matched + " of " + lines.size() + " lines matched: both sides tested");
        org.disktune.testing.RegexOracle.recorded("the /dev/kmsg record: sequence and message", lines, answers);
    }
}
