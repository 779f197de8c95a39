package org.disktune.verify;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Objects;

import org.disktune.core.DisktuneException;
import org.disktune.detect.Disk;
import org.disktune.detect.MachineDetector;
import org.disktune.detect.MachineReport;
import org.disktune.host.Host;
import org.disktune.initramfs.ImageContentVerifier;
import org.disktune.initramfs.ImageVerification;
import org.disktune.kernel.AtaBlockMapping;
import org.disktune.kernel.KernelBoot;
import org.disktune.kernel.KernelLogDeviceMapper;
import org.disktune.kernel.KernelLogAnalyzer;
import org.disktune.kernel.KernelLogOptions;
import org.disktune.kernel.KernelLogReport;
import org.disktune.modprobe.KernelModules;
import org.disktune.modprobe.DesiredModuleOptions;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.modprobe.DriverParameter;
import org.disktune.modprobe.ModprobeConfig;
import org.disktune.modprobe.ModprobeConfigReader;
import org.disktune.modprobe.ModuleParameterReader;
import org.disktune.modprobe.ParameterType;
import org.disktune.modprobe.RunningParameter;

/**
 * What every {@link Checker} reads: the desired module options and who wrote them, and the machine
 * (detect report, the running boot's kernel log, the initramfs images), each read once and only when a
 * checker asks. {@link OptionVerdicts} decides pending versus drift for an option that is not in effect.
 */
public final class VerifyContext {
    /** What the checks that read the kernel log do without it. */
    static final String WITHOUT_LOG = "NCQ is judged by queue_depth alone, and init's unknown command line parameters are not read";

    private final Host host;
    private final DriverCatalog catalog;
    private final DesiredModuleOptions desired;
    private final OptionWriter writer;
    private final List<String> notes;
    private MachineReport machine;
    private KernelBoot boot;
    private boolean bootRead;
    private ImageVerification images;
    private String imagesFailure;
    private ModprobeConfig modprobe;
    private Map<String, Disk> ataDisks;
    private KernelLogReport logReport;
    private String logFailure;

    VerifyContext(Host host, DriverCatalog catalog, DesiredModuleOptions desired, OptionWriter writer, List<String> notes) {
        this.host = Objects.requireNonNull(host);
        this.catalog = Objects.requireNonNull(catalog);
        this.desired = Objects.requireNonNull(desired);
        this.writer = Objects.requireNonNull(writer);
        this.notes = notes;
    }

    public Host host() {
        return host;
    }

    public DriverCatalog catalog() {
        return catalog;
    }

    public DesiredModuleOptions desired() {
        return desired;
    }

    public OptionWriter writer() {
        return writer;
    }

    /** Adds a note to the report (said once). */
    public void note(String note) {
        if (!notes.contains(note)) {
            notes.add(note);
        }
    }

    public MachineReport machine() {
        if (machine == null) {
            KernelLogReport log = logReport();
            machine = log != null ? new MachineDetector(host).detect(log) : new MachineDetector(host).detect();
        }
        return machine;
    }

    /** The sysfs disk of an ATA device ("ata1.00"), or null. */
    public Disk disk(String ataDevice) {
        return ataDisks().get(ataDevice);
    }

    /**
     * ATA device id to sysfs disk: from the sysfs path (ataN in it, kernels since 2.6.30 or so), else, for older
     * trees whose paths lack the port, from this boot's log lines that single the disk out.
     */
    public Map<String, Disk> ataDisks() {
        if (ataDisks == null) {
            ataDisks = new TreeMap<>();
            Map<String, Disk> byName = new HashMap<>();
            for (Disk d : machine().disks()) {
                if (d.ataDevice() != null) {
                    ataDisks.put(d.ataDevice(), d);
                } else {
                    byName.put(d.name(), d);
                }
            }
            KernelBoot b = byName.isEmpty() ? null : boot();
            if (b != null) {
                for (AtaBlockMapping m : new KernelLogDeviceMapper().map(b)) {
                    Disk d = byName.get(m.blockDevice());
                    if (d != null && !ataDisks.containsKey(m.ataDevice())) {
                        ataDisks.put(m.ataDevice(), d);
                    }
                }
            }
        }
        return ataDisks;
    }

    /**
     * The running boot as the kernel log shows it, or null when the log cannot be read or is of another
     * kernel (a note says which); checks then judge by sysfs alone.
     */
    public KernelBoot boot() {
        if (!bootRead) {
            bootRead = true;
            KernelLogReport report = logReport();
            if (report == null) {
                note("kernel log not read (" + logFailure + "): " + WITHOUT_LOG);
            } else {
                for (String n : report.notes()) {
                    note("kernel log: " + n);
                }
                KernelBoot last = report.lastBoot();
                String running = machine().kernel();
                if (last.kernelVersion() != null && running != null && !last.kernelVersion().equals(running)) {
                    note("kernel log " + report.source() + " is of kernel " + last.kernelVersion() + ", the machine runs "
                            + running + ": log not used; " + WITHOUT_LOG);
                } else {
                    boot = last;
                }
            }
        }
        return boot;
    }

    /** The host's kernel log, read once for every check; null (and {@code logFailure} set) when unreadable. */
    private KernelLogReport logReport() {
        if (logReport == null && logFailure == null) {
            try {
                logReport = new KernelLogAnalyzer().analyze(host.kernelLog(), KernelLogOptions.lastBoot());
            } catch (DisktuneException e) {
                logFailure = e.getMessage();
            }
        }
        return logReport;
    }

    /** disktune's files in every installed kernel's initramfs, or null when that cannot be checked (see {@link #imagesFailure()}). */
    public ImageVerification images() {
        if (images == null && imagesFailure == null) {
            try {
                images = new ImageContentVerifier(host).verifyOwnFiles();
            } catch (DisktuneException e) {
                imagesFailure = e.getMessage();
            }
        }
        return images;
    }

    public String imagesFailure() {
        images();
        return imagesFailure;
    }

    public ModprobeConfig modprobe() {
        if (modprobe == null) {
            modprobe = new ModprobeConfigReader(host).read();
        }
        return modprobe;
    }

    public RunningParameter running(String module, String parameter) {
        return new ModuleParameterReader(host).read(module, parameter);
    }

    public ParameterType type(String module, String parameter) {
        return catalog.parameter(module, parameter).map(DriverParameter::type).orElse(null);
    }

    /** True when modules.builtin of the running kernel lists the module. */
    public boolean builtIn(String module) {
        String running = machine().kernel();
        if (running == null) {
            return false;
        }
        try {
            return KernelModules.builtInto(host, running, module);
        } catch (IOException | RuntimeException e) {
            note("cannot read modules.builtin of " + running + ": " + e.getMessage());
            return false;
        }
    }

    /** When this boot began: the host clock less /proc/uptime; null when it cannot be read. */
    static Instant bootTime(Host host) {
        try {
            String uptime = Files.readString(host.path("/proc/uptime")).strip().split("\\s+")[0];
            double seconds = Double.parseDouble(uptime);
            return host.clock().instant().minusMillis((long) (seconds * 1000));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
