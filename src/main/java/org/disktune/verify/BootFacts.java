package org.disktune.verify;

import java.util.List;

import org.disktune.kernel.ControllerLog;
import org.disktune.kernel.IdeDiskLog;
import org.disktune.kernel.NvmeControllerLog;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The disk facts of one boot in a kernel log.
 *
 * @param index         0 for the first boot of the log
 * @param kernelVersion from the {@code Linux version} line; null when the log does not reach back to it
 * @param complete      true when the boot's {@code Linux version} line was seen
 * @param controllers   storage drivers' lines per PCI function (sata_nv's {@code Using ADMA mode} ...)
 * @param ataDevices    libata devices, in log order
 * @param ideDisks      legacy IDE drives (hdX)
 * @param nvmeControllers NVMe controllers with their timeouts and resets (in JSON only when the boot printed about one)
 */
public record BootFacts(int index, String kernelVersion, String commandLine, boolean complete,
        List<ControllerLog> controllers, List<AtaDeviceFacts> ataDevices, List<IdeDiskLog> ideDisks,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<NvmeControllerLog> nvmeControllers) {
    public BootFacts {
        controllers = List.copyOf(controllers);
        ataDevices = List.copyOf(ataDevices);
        ideDisks = List.copyOf(ideDisks);
        nvmeControllers = List.copyOf(nvmeControllers);
    }

    /** True when the boot printed neither a libata device nor a legacy IDE drive. */
    public boolean noDisks() {
        return ataDevices.isEmpty() && ideDisks.isEmpty();
    }
}
