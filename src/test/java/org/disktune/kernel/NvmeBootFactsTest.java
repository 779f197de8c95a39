package org.disktune.kernel;

import static org.disktune.kernel.KernelLogs.lines;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The NVMe controllers of a boot and their trouble, from the real 6.1 capture and the trouble log built on it. */
class NvmeBootFactsTest {
    private static final Path TROUBLE_LOG = Path.of("src/test/resources/nvme/qemu-virtio-nvme-timeouts.log");

    @Test
    void theRealCaptureNamesTheControllerAndItsPciFunctionWithoutTrouble() {
        KernelBoot boot = KernelLogs.analyze(KernelLogs.resource("qemu/virtio-nvme.log")).lastBoot();
        assertEquals(List.of(new NvmeControllerLog("nvme0", "0000:00:02.0", 0, List.of())), boot.nvmeControllers());
    }

    @Test
    void theTroubleLogGivesEveryTroubleLineOfTheControllerInOrderAndNotThePolledCompletion() throws IOException {
        KernelBoot boot = KernelLogs.analyze(Files.readString(TROUBLE_LOG, StandardCharsets.UTF_8)).lastBoot();
        assertEquals(1, boot.nvmeControllers().size());
        NvmeControllerLog c = boot.nvmeControllers().get(0);
        assertEquals("nvme0 (0000:00:02.0)", c.label());
        assertEquals(List.of(
                "TIMEOUT_ABORT nvme nvme0: I/O 448 QID 1 timeout, aborting",
                "TIMEOUT_ABORT nvme nvme0: I/O 449 QID 1 timeout, aborting",
                "TIMEOUT_RESET nvme nvme0: I/O 448 QID 1 timeout, reset controller",
                "TIMEOUT_ABORT nvme nvme0: I/O 17 QID 1 timeout, aborting",
                "TIMEOUT_RESET nvme nvme0: I/O 17 QID 1 timeout, reset controller",
                "CONTROLLER_DOWN nvme nvme0: controller is down; will reset: CSTS=0xffffffff, PCI_STATUS=0xffff",
                "NOT_READY nvme nvme0: Device not ready; aborting reset, CSTS=0x1",
                "RESET_FAILED nvme nvme0: Removing after probe failure status: -19",
                "APST_FAILED nvme nvme0: failed to set APST feature (-19)"),
                c.trouble().stream().map(t -> t.kind() + " " + t.message()).toList());
        assertEquals(9, c.troubleLines());
        // the ATA facts of the same boot are what they were
        assertEquals("sda", new KernelLogDeviceMapper().map(boot).get(0).blockDevice());
    }

    @Test
    void linesOnThePciFunctionBeforeTheControllerNamedItJoinIt() {
        KernelBoot boot = KernelLogs.analyze(lines(
                "[    1.000000] nvme 0000:04:00.0: I/O 5 QID 1 timeout, reset controller",
                "[    1.100000] nvme nvme1: pci function 0000:04:00.0",
                "[    1.200000] nvme nvme1: I/O 9 QID 2 timeout, aborting",
                "[    1.300000] nvme 0000:04:00.0: failed to set APST feature (-5)",
                "[    1.400000] nvme nvme0: pci function 0000:01:00.0")).lastBoot();
        assertEquals(List.of("nvme1 0000:04:00.0 3", "nvme0 0000:01:00.0 0"),
                boot.nvmeControllers().stream().map(c -> c.name() + " " + c.pciAddress() + " " + c.troubleLines()).toList());
        assertEquals(List.of(NvmeTroubleKind.TIMEOUT_RESET, NvmeTroubleKind.TIMEOUT_ABORT, NvmeTroubleKind.APST_FAILED),
                boot.nvmeControllers().get(0).trouble().stream().map(NvmeTrouble::kind).toList());
    }

    @Test
    void aKernelThatNamesOnlyThePciFunctionKeepsItsTroubleUnderIt() {
        KernelBoot boot = KernelLogs.analyze(lines("[ 9.0] nvme 0000:01:00.0: I/O 3 QID 1 timeout, reset controller")).lastBoot();
        assertEquals(List.of(new NvmeControllerLog(null, "0000:01:00.0", 1, List.of(new NvmeTrouble(NvmeTroubleKind.TIMEOUT_RESET,
                "nvme 0000:01:00.0: I/O 3 QID 1 timeout, reset controller")))), boot.nvmeControllers());
    }

    @Test
    void aControllerKeepsItsFirstSixteenTroubleLinesAndCountsTheRest() {
        List<String> log = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            log.add("[ " + (100 + i) + ".000000] nvme nvme0: I/O " + i + " QID 1 timeout, aborting");
        }
        NvmeControllerLog c = KernelLogs.analyze(String.join("\n", log) + "\n").lastBoot().nvmeControllers().get(0);
        assertEquals(40, c.troubleLines());
        assertEquals(16, c.trouble().size());
        assertEquals("nvme nvme0: I/O 15 QID 1 timeout, aborting", c.trouble().get(15).message());
    }

    @Test
    void eachBootHasItsOwnControllers() {
        KernelLogReport r = KernelLogs.analyze(lines(
                "[    0.000000] Linux version 6.1.0-57-amd64 (x) #1",
                "[   50.000000] nvme nvme0: I/O 1 QID 1 timeout, reset controller",
                "[    0.000000] Linux version 6.1.0-57-amd64 (x) #1",
                "[    4.000000] nvme nvme0: pci function 0000:00:02.0"), KernelLogOptions.allBoots());
        assertEquals(List.of(1, 0), r.boots().stream().map(b -> b.nvmeControllers().get(0).troubleLines()).toList());
    }
}
