package org.disktune.kernel;

import java.util.List;

/**
 * What a boot's kernel log says about one NVMe controller: its name ({@code nvme0}), the PCI function it is
 * ({@code nvme nvme0: pci function 0000:01:00.0}), and its trouble (timeouts, resets, a controller lost).
 *
 * @param name         "nvme0"; null when the log names the controller only by its PCI function (kernels before 4.5)
 * @param pciAddress   "0000:01:00.0"; null when the log has no {@code pci function} line for it
 * @param troubleLines how many trouble lines the boot printed for it (more than {@code trouble} keeps)
 * @param trouble      the first trouble lines, in log order (at most 16)
 */
public record NvmeControllerLog(String name, String pciAddress, int troubleLines, List<NvmeTrouble> trouble) {
    public NvmeControllerLog {
        trouble = List.copyOf(trouble);
    }

    /** "nvme0 (0000:01:00.0)", "nvme0", or the PCI function alone. */
    public String label() {
        if (name == null) {
            return pciAddress;
        }
        return pciAddress == null ? name : name + " (" + pciAddress + ")";
    }
}
