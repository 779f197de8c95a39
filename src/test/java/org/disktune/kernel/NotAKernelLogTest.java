package org.disktune.kernel;

import static org.disktune.kernel.KernelLogs.analyze;
import static org.disktune.kernel.KernelLogs.lines;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.Test;

/** A file is a kernel log by its content: some line in a kernel log's form, or lines of text. */
class NotAKernelLogTest {
    private static String randomBytes(int size, long seed) {
        byte[] bytes = new byte[size];
        new Random(seed).nextBytes(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Test
    void randomBytesAreRefusedAsAUsageErrorNamingTheSource() {
        DisktuneException e = assertThrows(DisktuneException.class, () -> analyze(randomBytes(100 * 1024, 29)));
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertTrue(e.getMessage().startsWith("test is not a kernel log: no line has the form of one"), e.getMessage());
    }

    @Test
    void oneStampedLineAmongBinaryJunkIsAKernelLog() {
        KernelLogReport report = analyze(randomBytes(20_000, 7) + "\n[    4.10] ata1.00: 1465149168 sectors, multi 16: LBA48 NCQ (depth 31/32)\n");
        assertEquals(1465149168L, report.lastBoot().ataDevice("ata1.00").sectors());
    }

    @Test
    void aPlainDmesgWithoutStampsIsAKernelLogEvenWithoutItsLinuxVersionLine() {
        KernelLogReport report = analyze(lines("ata3: SATA link up 3.0 Gbps (SStatus 123 SControl 300)",
                "ata3.00: ATA-7: WDC WD740ADFD-00NLR1, 21.07QR4, max UDMA/133",
                "ata3.00: 145226112 sectors, multi 16: LBA48 NCQ (depth 31/32)"));
        assertEquals(3, report.linesRead());
        assertEquals(145226112L, report.lastBoot().ataDevice("ata3.00").sectors());
    }

    @Test
    void anEmptyLogIsNoError() {
        assertEquals(0, analyze("").linesRead());
    }
}
