package org.disktune.detect;

import java.util.List;

/**
 * Everything {@code disktune detect} found on one machine; notes say what could not be read and why.
 * {@code loadableSchedulers}: I/O schedulers built as modules of the running kernel, which a write to
 * {@code queue/scheduler} loads (see {@link LoadableSchedulers}); empty when the kernel's modules.alias is not there.
 * {@code initSystem}: what boots the machine ({@link InitSystem}), which decides what can carry a setting across reboots.
 * {@code udev}: its udev's version ({@link UdevVersion}), which decides what a generated udev rule may use.
 * {@code bootLoader}: what puts the kernel command line together ({@link BootLoader}), which decides where a parameter of
 * a built-in module is written.
 * {@code nvme}: the NVMe controllers the kernel log shows in trouble and the APST limit they run with ({@link NvmeState}),
 * the evidence for turning APST off.
 */
public record MachineReport(
        String kernel,
        List<Controller> controllers,
        List<AtaPort> ataPorts,
        List<Disk> disks,
        List<MdArray> mdArrays,
        List<Mount> mounts,
        List<Finding> findings,
        List<String> notes,
        List<String> loadableSchedulers,
        InitSystem initSystem,
        UdevVersion udev,
        BootLoader bootLoader,
        NvmeState nvme) {

    public MachineReport {
        loadableSchedulers = loadableSchedulers == null ? List.of() : List.copyOf(loadableSchedulers);
        initSystem = initSystem == null ? InitSystem.UNKNOWN : initSystem;
        udev = udev == null ? UdevVersion.UNKNOWN : udev;
        bootLoader = bootLoader == null ? BootLoader.UNKNOWN : bootLoader;
        nvme = nvme == null ? NvmeState.UNKNOWN : nvme;
    }

    /** A report without NVMe evidence. */
    public MachineReport(String kernel, List<Controller> controllers, List<AtaPort> ataPorts, List<Disk> disks, List<MdArray> mdArrays,
            List<Mount> mounts, List<Finding> findings, List<String> notes, List<String> loadableSchedulers, InitSystem initSystem,
            UdevVersion udev, BootLoader bootLoader) {
        this(kernel, controllers, ataPorts, disks, mdArrays, mounts, findings, notes, loadableSchedulers, initSystem, udev, bootLoader,
                NvmeState.UNKNOWN);
    }

    /** A report whose boot loader is not known. */
    public MachineReport(String kernel, List<Controller> controllers, List<AtaPort> ataPorts, List<Disk> disks, List<MdArray> mdArrays,
            List<Mount> mounts, List<Finding> findings, List<String> notes, List<String> loadableSchedulers, InitSystem initSystem,
            UdevVersion udev) {
        this(kernel, controllers, ataPorts, disks, mdArrays, mounts, findings, notes, loadableSchedulers, initSystem, udev, BootLoader.UNKNOWN);
    }

    /** A report whose udev version is not known. */
    public MachineReport(String kernel, List<Controller> controllers, List<AtaPort> ataPorts, List<Disk> disks, List<MdArray> mdArrays,
            List<Mount> mounts, List<Finding> findings, List<String> notes, List<String> loadableSchedulers, InitSystem initSystem) {
        this(kernel, controllers, ataPorts, disks, mdArrays, mounts, findings, notes, loadableSchedulers, initSystem, UdevVersion.UNKNOWN);
    }

    /** A report whose init system is not known. */
    public MachineReport(String kernel, List<Controller> controllers, List<AtaPort> ataPorts, List<Disk> disks, List<MdArray> mdArrays,
            List<Mount> mounts, List<Finding> findings, List<String> notes, List<String> loadableSchedulers) {
        this(kernel, controllers, ataPorts, disks, mdArrays, mounts, findings, notes, loadableSchedulers, InitSystem.UNKNOWN);
    }

    /** A report without loadable schedulers (a machine whose modules are not known). */
    public MachineReport(String kernel, List<Controller> controllers, List<AtaPort> ataPorts, List<Disk> disks, List<MdArray> mdArrays,
            List<Mount> mounts, List<Finding> findings, List<String> notes) {
        this(kernel, controllers, ataPorts, disks, mdArrays, mounts, findings, notes, List.of(), InitSystem.UNKNOWN);
    }

    /**
     * The report without block devices of size 0: loop devices with nothing attached and unconfigured zram
     * devices, which a person reading {@code detect} does not want before the real disks ({@code detect --all}
     * keeps them). A device that is part of something (an md member, a mount) is never size 0.
     */
    public MachineReport withoutEmptyDevices() {
        List<Disk> shown = disks.stream().filter(d -> d.sizeBytes() == null || d.sizeBytes() > 0).toList();
        return new MachineReport(kernel, controllers, ataPorts, shown, mdArrays, mounts, findings, notes, loadableSchedulers, initSystem, udev, bootLoader, nvme);
    }
}
