package org.disktune.detect;

import java.util.List;

/** Everything {@code disktune detect} found on one machine; notes say what could not be read and why. */
public record MachineReport(
        String kernel,
        List<Controller> controllers,
        List<AtaPort> ataPorts,
        List<Disk> disks,
        List<MdArray> mdArrays,
        List<Mount> mounts,
        List<Finding> findings,
        List<String> notes) {
}
