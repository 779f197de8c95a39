package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import me.tongfei.progressbar.ProgressBar;
import org.junit.jupiter.api.Test;

/** The bench progress bar draws on a terminal's stderr; on a non-terminal and with --json it writes nothing. */
class BenchProgressBarTest {
    @Test
    void onATerminalItDrawsTheTaskAndTheWorkload() throws InterruptedException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ProgressBar bar = BenchCommand.progressBar("/dev/sdb", false, true, new PrintStream(bytes, true, StandardCharsets.UTF_8))) {
            bar.maxHint(4);
            bar.stepTo(2);
            bar.setExtraMessage("seq-read-1m");
            Thread.sleep(1_200); // the bar redraws every second (its default update interval)
        }
        String drawn = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(drawn.contains("bench /dev/sdb") && drawn.contains("seq-read-1m"), drawn);
        assertTrue(drawn.contains("\r"), "redrawn in place: " + drawn);
        assertTrue(drawn.contains("4/4") || drawn.contains("2/4"), drawn);
    }

    @Test
    void onANonTerminalOrWithJsonNothingIsWritten() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        assertNull(BenchCommand.progressBar("/dev/sdb", false, false, err));
        assertNull(BenchCommand.progressBar("/dev/sdb", true, true, err));
        assertEquals("", bytes.toString(StandardCharsets.UTF_8));
    }
}
