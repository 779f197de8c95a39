package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code disktune plan} on the 2.6 seed samples as a user runs it: what their kernels offer decides what is written. */
class SeedKernelPlanTest {
    private static CliRun plan(Path dir, String sample, String config) throws IOException {
        Path conf = Files.writeString(dir.resolve("disktune.conf"), config);
        return CliRun.run("--sample", sample, "--config", conf.toString(), "plan");
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void anticipatoryIsAcceptedWhereThe2621KernelOffersIt(@TempDir Path dir) throws IOException {
        CliRun run = plan(dir, "seed-raid5-raptors", "[disk raptors]\nmatch.model = WDC WD740ADFD*\nscheduler = anticipatory\n");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("ATTR{queue/scheduler}=\"anticipatory\""), run.out());
        assertFalse((run.out() + run.err()).contains("removed in Linux 2.6.33"), run.out() + run.err());
    }

    @Test
    void deadlineOnA26KernelIsWrittenAsIsWithoutTheSuccessorWarning(@TempDir Path dir) throws IOException {
        CliRun run = plan(dir, "seed-raid5-raptors", "[disk raptors]\nmatch.model = WDC WD740ADFD*\nscheduler = deadline\n");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("/sys/block/sda/queue/scheduler: anticipatory -> deadline"), run.out());
        assertEquals(0, count(run.out() + run.err(), "successor"), run.out() + run.err());
    }

    @Test
    void theSuccessorOfA26NameIsSaidOnceOnABlkMqKernel(@TempDir Path dir) throws IOException {
        CliRun run = plan(dir, "qemu-ahci", "[disk all]\nmatch.transport = ata\nscheduler = deadline\n");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(1, count(run.out() + run.err(), "using its blk-mq successor mq-deadline"), run.out() + run.err());
    }
}
