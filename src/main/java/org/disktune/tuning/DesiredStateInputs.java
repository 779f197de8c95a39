package org.disktune.tuning;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import org.disktune.config.ConfigProblem;
import org.disktune.config.DesiredState;
import org.disktune.config.DesiredStateReader;
import org.disktune.config.ModuleParameter;
import org.disktune.config.ModuleSection;
import org.disktune.config.ParsedConfig;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.core.FileMode;
import org.disktune.detect.MachineDetector;
import org.disktune.detect.MachineReport;
import org.disktune.hdparm.HdparmConfParser;
import org.disktune.host.Host;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.modprobe.KernelModuleParameters;
import org.disktune.modprobe.KernelModules;
import org.disktune.modprobe.OptionValidator;
import org.disktune.persist.Fstab;
import org.disktune.persist.HdparmConfBlock;

/**
 * What every desired-state command reads: the configuration (the host's or a --config file), the machine, its
 * files and their modes, and the sysfs settings the configuration asks for on it.
 */
final class DesiredStateInputs {
    /** The configuration as read: as the user names it, its bytes, and what parsing made of them. */
    record Loaded(String shown, byte[] bytes, ParsedConfig parsed) {
    }

    private final Host host;
    private final DriverCatalog catalog;
    private final DesiredStateService.ConfigLocation location;

    DesiredStateInputs(Host host, DriverCatalog catalog, DesiredStateService.ConfigLocation location) {
        this.host = host;
        this.catalog = catalog;
        this.location = location;
    }

    Host host() {
        return host;
    }

    DriverCatalog catalog() {
        return catalog;
    }

    DesiredStateService.ConfigLocation location() {
        return location;
    }

    Loaded load() {
        DesiredStateReader reader = new DesiredStateReader(host);
        if (location.isHostDefault()) {
            DesiredStateReader.Loaded loaded = reader.loadDefault().orElseThrow(() -> DisktuneException.usage("no " + DesiredStateReader.PATH
                    + ": write one (disktune init shows a proposal, disktune init --write installs it) or give --config FILE"));
            return new Loaded(DesiredStateReader.PATH, loaded.bytes(), loaded.parsed());
        }
        DesiredStateReader.Loaded loaded = reader.load(location.file(), location.shown());
        return new Loaded(location.shown(), loaded.bytes(), loaded.parsed());
    }

    static DesiredState valid(Loaded loaded) {
        requireNoErrors(loaded.parsed().errors());
        return loaded.parsed().state();
    }

    /**
     * Each [module NAME] section whose module the tree's kernels prove not to exist (a misspelt name), with the close one,
 * and each parameter that the kernels' own module files do not declare or whose value does not fit its type:
     * refused where a user plans, applies or checks the configuration; not at boot or when a disk appears, where it would
     * stop every other setting (a kernel update that drops a module is for plan to say).
     */
    List<ConfigProblem> unknownModules(Loaded loaded) {
        List<ConfigProblem> problems = new ArrayList<>();
        if (loaded.parsed().state() == null || loaded.parsed().state().modules().isEmpty()) {
            return problems;
        }
        KernelModules modules = KernelModules.read(host);
        OptionValidator kernelFiles = new OptionValidator(catalog, new KernelModuleParameters(host));
        for (ModuleSection section : loaded.parsed().state().modules()) {
            Optional<String> missing = modules.missing(section.module());
            missing.ifPresent(why -> problems.add(new ConfigProblem(loaded.shown(), section.line(), "[module " + section.module() + "]: " + why)));
            for (ModuleParameter p : missing.isPresent() ? List.<ModuleParameter>of() : section.parameters()) {
                try {
                    kernelFiles.check(section.module(), p.name(), p.value());
                } catch (DisktuneException e) {
                    if (e.exitCode() != ExitCode.USAGE) {
                        throw e;
                    }
                    problems.add(new ConfigProblem(loaded.shown(), p.line(), "[module " + section.module() + "] " + p.name() + ": " + e.getMessage()));
                }
            }
        }
        return problems;
    }

    static void requireNoErrors(List<ConfigProblem> errors) {
        if (!errors.isEmpty()) {
            throw DisktuneException.usage(errors.get(0) + (errors.size() > 1
                    ? " (" + (errors.size() - 1) + " more; run disktune config check)" : ""));
        }
    }

    void requireLive(String command) {
        if (!host.live()) {
            throw DisktuneException.usage(command + " acts on the running machine only; without --root or --sample it runs at boot "
                    + "(disktune.service) and from the udev rule");
        }
    }

    MachineReport detect() {
        return new MachineDetector(host).detect();
    }

    /** The planner's settings, with the drive features only hdparm can read right asked of hdparm on the live machine. */
    TuningPlan tune(DesiredState state, MachineReport machine) {
        return new HdparmReadback().refine(host, new DesiredStatePlanner().plan(state, machine, fstab()));
    }

    /** The machine's fstab, for mount points it names that are not mounted now; null when it has none. */
    Fstab fstab() {
        byte[] bytes = read(PersistencePlanner.FSTAB);
        return bytes == null ? null : Fstab.parse(bytes, PersistencePlanner.FSTAB);
    }

    /** The persistence steps of the settings; udevRunning: new rules can be loaded and replayed now. */
    PersistencePlanner.Steps persistence(DesiredState state, TuningPlan tuning, MachineReport machine, boolean udevRunning) {
        return new PersistencePlanner(udevRunning).plan(state, tuning, machine, files(), modes());
    }

    /** Where Debian's /etc/hdparm.conf sets what the configuration sets (the two would fight at every boot). */
    List<HdparmConfOverlap.Overlap> hdparmOverlaps(TuningPlan tuning) {
        byte[] bytes = read(InitService.HDPARM_CONF);
        if (bytes == null) {
            return List.of();
        }
        // disktune's own stanzas (its carrier on Debian without systemd) are not the administrator's: blanked, lines kept
        return HdparmConfOverlap.find(HdparmConfParser.parse(HdparmConfBlock.withoutBlock(bytes), InitService.HDPARM_CONF),
                tuning.settings(), devicePath -> InitService.kernelNameOf(host, devicePath));
    }

    /** {@link #read} as the planners take it. */
    Function<String, byte[]> files() {
        return this::read;
    }

    /** The mode of a machine file as the planners take it ({@link Host#mode}). */
    Function<String, Optional<FileMode>> modes() {
        return host::mode;
    }

    /** udevd listens on its control socket: new rules can be loaded and replayed now (not in a container or chroot). */
    boolean udevRunning() {
        return host.live() && Files.exists(host.path("/run/udev/control"));
    }

    /** A machine file's bytes; null when it is not a regular file. */
    byte[] read(String machinePath) {
        Path p = host.path(machinePath);
        try {
            return Files.isRegularFile(p) ? Files.readAllBytes(p) : null;
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot read " + machinePath + ": " + e.getMessage() + "; run as root", e);
        }
    }
}
