package org.disktune.kernel;

/**
 * The kinds of NVMe controller trouble the kernel prints (drivers/nvme/host/pci.c and core.c), each the evidence that
 * a controller stopped answering: the lines that APST (autonomous power-state transitions) into a state the controller
 * or its slot cannot leave leaves behind, among other causes.
 */
public enum NvmeTroubleKind {
    /** {@code I/O 12 QID 3 timeout, aborting}: a command timed out; the driver sends an Abort. */
    TIMEOUT_ABORT,
    /** {@code I/O 12 QID 3 timeout, reset controller}: a timed-out command did not come back after its Abort (or was an admin command). */
    TIMEOUT_RESET,
    /** {@code I/O 12 QID 3 timeout, disable controller}: a command timed out while the controller was starting or being removed. */
    TIMEOUT_DISABLE,
    /** {@code controller is down; will reset: CSTS=0xffffffff, PCI_STATUS=0xffff}: the controller reported a fatal status or left the bus. */
    CONTROLLER_DOWN,
    /** {@code Device not ready; aborting reset, CSTS=0x3}: the controller did not come ready within its timeout. */
    NOT_READY,
    /** {@code Removing after probe failure status: -19} (to Linux 6.3) or {@code Disabling device after reset failure: -19}: the reset failed and the controller is gone. */
    RESET_FAILED,
    /** {@code failed to set APST feature (-19)}: the power-state table could not be set (often a controller already gone). */
    APST_FAILED,
    /** {@code Does your device have a faulty power saving mode enabled?} and the {@code Try "nvme_core.default_ps_max_latency_us=0 ..."} line after it (Linux 6.0+, CSTS all ones). */
    POWER_SAVING_SUSPECTED;

    /** True for a controller reset or a controller lost, as opposed to a command timing out. */
    public boolean isReset() {
        return this != TIMEOUT_ABORT && this != APST_FAILED && this != POWER_SAVING_SUSPECTED;
    }
}
