package org.disktune.kernel;

import java.util.List;

/**
 * The facts of one boot found in a log.
 *
 * @param index         0 for the first boot in the log
 * @param kernelVersion from {@code Linux version 6.1.0-57-amd64 (...)}; null when that line is not in the log
 * @param commandLine   from {@code Command line: } / {@code Kernel command line: }; null when not in the log
 * @param startedAt     the wall-clock time of the boot's first line, as the log wrote it; null when the format has none
 * @param complete      true when the boot's {@code Linux version} line was seen (the log covers the probe)
 * @param nvmeControllers the NVMe controllers the {@code nvme} driver printed about, with their trouble
 * @param unknownParameters the arguments the kernel did not know and passed to init, as its
 *                      {@code Unknown kernel command line parameters "..."} line (init/main.c print_unknown_bootoptions,
 *                      5.14 and later) lists them; null when the boot printed no such line
 */
public record KernelBoot(
        int index,
        String kernelVersion,
        String commandLine,
        String startedAt,
        boolean complete,
        List<ControllerLog> controllers,
        List<ScsiHostLog> scsiHosts,
        List<AtaPortLog> ataPorts,
        List<AtaLinkLog> ataLinks,
        List<AtaDeviceLog> ataDevices,
        List<IdeDiskLog> ideDisks,
        List<ScsiDiskLog> scsiDisks,
        List<NvmeControllerLog> nvmeControllers,
        String unknownParameters) {

    public KernelBoot {
        controllers = List.copyOf(controllers);
        scsiHosts = List.copyOf(scsiHosts);
        ataPorts = List.copyOf(ataPorts);
        ataLinks = List.copyOf(ataLinks);
        ataDevices = List.copyOf(ataDevices);
        ideDisks = List.copyOf(ideDisks);
        scsiDisks = List.copyOf(scsiDisks);
        nvmeControllers = List.copyOf(nvmeControllers);
    }

    /** The ATA device with this id ("ata3.00"), or null. */
    public AtaDeviceLog ataDevice(String id) {
        return ataDevices.stream().filter(d -> d.id().equals(id)).findFirst().orElse(null);
    }

    /** The link state of this port ("ata1" or "ata1.02"), or null. */
    public AtaLinkLog ataLink(String id) {
        return ataLinks.stream().filter(l -> l.id().equals(id)).findFirst().orElse(null);
    }

    /** The legacy IDE drive with this name ("hde"), or null. */
    public IdeDiskLog ideDisk(String name) {
        return ideDisks.stream().filter(d -> d.name().equals(name)).findFirst().orElse(null);
    }
}
