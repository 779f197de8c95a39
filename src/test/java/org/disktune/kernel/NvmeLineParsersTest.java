package org.disktune.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each NVMe message form of drivers/nvme/host/pci.c and core.c the parser reads, as the kernels of several eras print it
 * (src/test/resources/nvme/README.md names the source of each), and the near misses it must not take for trouble.
 */
class NvmeLineParsersTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            // 4.x-6.1 nvme_timeout()
            "I/O 448 QID 1 timeout, aborting | TIMEOUT_ABORT",
            "I/O 528 QID 10 timeout, reset controller | TIMEOUT_RESET",
            "I/O 25 QID 0 timeout, reset controller | TIMEOUT_RESET",
            "I/O 7 QID 0 timeout, disable controller | TIMEOUT_DISABLE",
            // 6.2: the command's kind from nvme_opcode_str()
            "I/O 0 (I/O Cmd) QID 2 timeout, aborting | TIMEOUT_ABORT",
            // later kernels: tag, command id, opcode, its name; the abort names the request
            "I/O tag 12 (400c) opcode 0x9 (Admin Cmd) QID 0 timeout, reset controller | TIMEOUT_RESET",
            "I/O tag 864 (a360) opcode 0x2 (I/O Cmd) QID 1 timeout, aborting req_op:READ(0) size:53248 | TIMEOUT_ABORT",
            "I/O tag 3 (0003) opcode 0 (Flush) QID 4 timeout, aborting req_op:FLUSH(2) size:0 | TIMEOUT_ABORT",
            "I/O tag 5 (1005) QID 1 timeout, disable controller | TIMEOUT_DISABLE",
            // nvme_warn_reset()
            "controller is down; will reset: CSTS=0xffffffff, PCI_STATUS=0xffff | CONTROLLER_DOWN",
            "controller is down; will reset: CSTS=0x3, PCI_STATUS=0x10 | CONTROLLER_DOWN",
            "controller is down; will reset: CSTS=0xffffffff, PCI_STATUS read failed (134) | CONTROLLER_DOWN",
            "Does your device have a faulty power saving mode enabled? | POWER_SAVING_SUSPECTED",
            "Try \"nvme_core.default_ps_max_latency_us=0 pcie_aspm=off pcie_port_pm=off\" and report a bug | POWER_SAVING_SUSPECTED",
            // core.c nvme_wait_ready(): before 5.x without CSTS, then with it
            "Device not ready; aborting reset, CSTS=0x1 | NOT_READY",
            "Device not ready; aborting initialisation, CSTS=0x0 | NOT_READY",
            "Device not ready; aborting reset | NOT_READY",
            // the reset failed
            "Removing after probe failure status: -19 | RESET_FAILED",
            "Disabling device after reset failure: -19 | RESET_FAILED",
            // core.c nvme_configure_apst()
            "failed to set APST feature (-19) | APST_FAILED",
            "failed to set APST feature (2) | APST_FAILED"})
    void troubleLines(String message, NvmeTroubleKind kind) {
        assertEquals(kind, NvmeLineParsers.trouble(message));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "I/O 3 QID 0 timeout, completion polled",
            "I/O tag 3 (0003) QID 0 timeout, completion polled",
            "Abort status: 0x0",
            "1/0/0 default/read/poll queues",
            "Shutdown timeout set to 10 seconds",
            "pci function 0000:00:02.0",
            "Ignoring bogus Namespace Identifiers",
            "I/O 448 QID 1 timeout, aborting it later",
            "APST enabled: max PS = 4, max round-trip latency = 22000us, table = 0000",
            "controller is up; will reset: CSTS=0x1, PCI_STATUS=0x10"})
    void otherLinesAreNotTrouble(String message) {
        assertNull(NvmeLineParsers.trouble(message));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "nvme nvme0: I/O 448 QID 1 timeout, aborting | nvme0 | I/O 448 QID 1 timeout, aborting",
            "nvme nvme12: pci function 0000:04:00.0 | nvme12 | pci function 0000:04:00.0",
            "nvme 0000:04:00.0: platform quirk: setting simple suspend | 0000:04:00.0 | platform quirk: setting simple suspend"})
    void deviceLines(String line, String device, String message) {
        assertArrayEquals(new String[] {device, message}, NvmeLineParsers.device(line));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {"nvme0n1: detected capacity change from 8388608 to 0", "nvme_core: module loaded",
            "nvme fabrics: x", "nvme nvme0 I/O 1 QID 1 timeout, aborting"})
    void otherNvmeLinesAreNotTheDriversDeviceLines(String line) {
        assertNull(NvmeLineParsers.device(line));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"pci function 0000:00:02.0,0000:00:02.0", "pci function 0000:00:02.0 extra,", "pci function 00:02.0,"})
    void pciFunction(String message, String pci) {
        String[] g = NvmeLineParsers.pciFunction(message);
        assertEquals(pci, g == null ? null : g[0]);
    }
}
