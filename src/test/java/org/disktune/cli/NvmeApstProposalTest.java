package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * NVMe's {@code adma=1}: APST off proposed by {@code init} and shown by {@code detect} only with evidence, the kernel
 * log's controller resets, on the QEMU NVMe guest's real sysfs (nvme_core default_ps_max_latency_us = 100000) and a
 * log of the same kernel with a controller's trouble (src/test/resources/nvme/README.md says which lines are real).
 */
class NvmeApstProposalTest {
    private static final String TROUBLE_LOG = "src/test/resources/nvme/qemu-virtio-nvme-timeouts.log";

    @Test
    void initProposesApstOffForAControllerTheLogShowsReset() {
        CliRun run = CliRun.run("--sample", "qemu-virtio-nvme", "--kernel-log", TROUBLE_LOG, "init");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("[module nvme_core]\ndefault_ps_max_latency_us = 0\n"), run.out());
        assertTrue(run.out().contains("# the kernel log shows NVMe controller nvme0 (0000:00:02.0) reset or lost (5 of its 9 trouble lines; "
                + "first: \"nvme nvme0: I/O 448 QID 1 timeout, reset controller\") with APST allowed (nvme_core "
                + "default_ps_max_latency_us = 100000)"), run.out());
    }

    @Test
    void withoutTroubleInTheLogNothingIsProposed() {
        CliRun run = CliRun.run("--sample", "qemu-virtio-nvme", "init");
        assertEquals(0, run.exitCode(), run.err());
        assertFalse(run.out().contains("nvme_core"), run.out());
    }

    @Test
    void detectShowsTheEvidenceAsAWarningWithItsFix() {
        CliRun run = CliRun.run("--sample", "qemu-virtio-nvme", "--kernel-log", TROUBLE_LOG, "detect");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("[module nvme_core] default_ps_max_latency_us = 0 in disktune.conf"), run.out());
    }
}
