package org.disktune.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.disktune.host.TextKernelLogReader;
import org.disktune.kernel.KernelLogAnalyzer;
import org.disktune.kernel.KernelLogOptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The kernel-log analyzer over mutated real logs (dmesg, syslog and serial captures of kernel/): any text gives a
 * report, never an exception, in bounded time, for one boot and for all boots; the one refusal allowed is "is not a
 * kernel log" (no line in a kernel log's form and most lines not text), and only where the input has a non-text byte.
 */
class KernelLogFuzzTest {
    private static final List<byte[]> SEEDS = Fuzz.resources("kernel", "");
    private static final List<String> TOKENS = List.of("[    0.000000] ", "Linux version 6.1.0 ", "ata1: ", "ata1.00: ", "NCQ (depth 31/32)",
            "sd 0:0:0:0: [sda] ", "scsi host0: ", "Command line: ", "<6>", "kernel: ", "\r\n", "\n", "\u0000", "\u001b[0m",
            "libata.force=noncq ", "hda: ", "ahci 0000:00:1f.2: ", "FLUSH EXT", "configured for UDMA/133", "\t", " ");

    @Test
    void anyLogIsAnalyzed() {
        Fuzz.run(SEEDS, TOKENS, Fuzz.SHORT / 2, log -> check(log));
    }

    @Tag("fuzz")
    @Test
    void anyLogIsAnalyzedLongRun() {
        Fuzz.run(SEEDS, TOKENS, Fuzz.LONG / 4, log -> check(log));
    }

    private static boolean hasNonText(String text) {
        return text.chars().anyMatch(c -> c == 0xFFFD || Character.isISOControl(c) && c != '\n' && c != '\r' && c != '\t' && c != 0x1b);
    }

    static void check(byte[] log) {
        String text = new String(log, StandardCharsets.UTF_8);
        for (KernelLogOptions options : List.of(KernelLogOptions.lastBoot(), KernelLogOptions.allBoots())) {
            if (Fuzz.parse(log, () -> new KernelLogAnalyzer().analyze(TextKernelLogReader.of("fuzz", List.of(), text), options)) == null) {
                String refusal = Fuzz.lastRefusal;
                assertTrue(refusal.startsWith("fuzz is not a kernel log: ") && hasNonText(text),
                        () -> "refused: " + refusal + "; input saved as " + Fuzz.save(log));
            }
        }
    }
}
