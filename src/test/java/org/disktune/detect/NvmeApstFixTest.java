package org.disktune.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.disktune.kernel.NvmeControllerLog;
import org.disktune.kernel.NvmeTrouble;
import org.disktune.kernel.NvmeTroubleKind;
import org.disktune.modprobe.DriverCatalog;
import org.junit.jupiter.api.Test;

/** When the kernel log is evidence enough to turn NVMe APST off ({@link ModuleFixAnalyzer#nvmeFixes}). */
class NvmeApstFixTest {
    private static final NvmeTrouble ABORT = new NvmeTrouble(NvmeTroubleKind.TIMEOUT_ABORT, "nvme nvme0: I/O 17 QID 1 timeout, aborting");
    private static final NvmeTrouble RESET = new NvmeTrouble(NvmeTroubleKind.TIMEOUT_RESET, "nvme nvme0: I/O 17 QID 1 timeout, reset controller");
    private static final NvmeTrouble HINT = new NvmeTrouble(NvmeTroubleKind.POWER_SAVING_SUSPECTED,
            "nvme nvme0: Does your device have a faulty power saving mode enabled?");

    private final ModuleFixAnalyzer analyzer = new ModuleFixAnalyzer(DriverCatalog.load());

    @Test
    void aResetWithApstAllowedIsAFix() {
        List<ModuleFix> fixes = analyzer.nvmeFixes(new NvmeState(List.of(controller(ABORT, RESET)), "100000"));
        assertEquals(1, fixes.size());
        ModuleFix fix = fixes.get(0);
        assertEquals("nvme_core default_ps_max_latency_us=0", fix.option());
        assertEquals("nvme0 (0000:01:00.0)", fix.controller());
        assertTrue(fix.problem().contains("(1 of its 2 trouble lines; first: \"" + RESET.message() + "\") with APST allowed"), fix.problem());
    }

    @Test
    void theKernelsOwnHintIsEvidenceToo() {
        assertEquals(1, analyzer.nvmeFixes(new NvmeState(List.of(controller(HINT)), "100000")).size());
    }

    @Test
    void aTimeoutItsAbortClearedIsNotEvidenceEnough() {
        assertEquals(List.of(), analyzer.nvmeFixes(new NvmeState(List.of(controller(ABORT, ABORT)), "100000")));
    }

    @Test
    void withApstAlreadyOffTheTroubleHasAnotherCause() {
        assertEquals(List.of(), analyzer.nvmeFixes(new NvmeState(List.of(controller(RESET)), "0")));
    }

    @Test
    void anUnreadableLimitIsSaidSo() {
        List<ModuleFix> fixes = analyzer.nvmeFixes(new NvmeState(List.of(controller(RESET)), null));
        assertTrue(fixes.get(0).problem().contains("with an APST limit that could not be read"), fixes.get(0).problem());
    }

    @Test
    void theReportsFixesIncludeTheNvmeOnes() {
        MachineReport report = new MachineReport("6.1.0", List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(),
                List.of(), InitSystem.UNKNOWN, UdevVersion.UNKNOWN, BootLoader.UNKNOWN, new NvmeState(List.of(controller(RESET)), "25000"));
        assertEquals(List.of("nvme_core"), analyzer.fixes(report).stream().map(ModuleFix::module).toList());
    }

    private static NvmeControllerLog controller(NvmeTrouble... trouble) {
        return new NvmeControllerLog("nvme0", "0000:01:00.0", trouble.length, List.of(trouble));
    }
}
