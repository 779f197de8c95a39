package org.disktune.verify;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;

import org.disktune.core.DisktuneException;
import org.disktune.detect.Disk;
import org.disktune.detect.MachineDetector;
import org.disktune.detect.MachineReport;
import org.disktune.host.Host;
import org.disktune.initramfs.FileCheck;
import org.disktune.initramfs.ImageCheck;
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
import org.disktune.modprobe.DisktuneModprobeFile;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.modprobe.DriverParameter;
import org.disktune.modprobe.ModprobeConfig;
import org.disktune.modprobe.ModprobeConfigReader;
import org.disktune.modprobe.ModuleOption;
import org.disktune.modprobe.ModuleParameterReader;
import org.disktune.modprobe.ParameterType;
import org.disktune.modprobe.RunningParameter;

/**
 * What every {@link Checker} reads: the desired module options and who wrote them, and the machine
 * (detect report, the running boot's kernel log, the initramfs images), each read once and only when a
 * checker asks. Also decides pending versus drift for an option that is not in effect, and names the cause.
 */
public final class VerifyContext {
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

    /** Every desired option, module by module, in sorted order. */
    public void forEachOption(OptionVisitor visitor) {
        for (Map.Entry<String, SortedMap<String, String>> m : desired.modules().entrySet()) { // loops: no lambda to link (docs/performance.md)
            for (Map.Entry<String, String> p : m.getValue().entrySet()) {
                visitor.visit(m.getKey(), p.getKey(), p.getValue());
            }
        }
    }

    /** Receives one desired option. */
    @FunctionalInterface
    public interface OptionVisitor {
        void visit(String module, String parameter, String value);
    }

    private KernelLogReport logReport;
    private String logFailure;

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
                note("kernel log not read (" + logFailure + "): NCQ judged by queue_depth alone");
            } else {
                for (String n : report.notes()) {
                    note("kernel log: " + n);
                }
                KernelBoot last = report.lastBoot();
                String running = machine().kernel();
                if (last.kernelVersion() != null && running != null && !last.kernelVersion().equals(running)) {
                    note("kernel log " + report.source() + " is of kernel " + last.kernelVersion() + ", the machine runs "
                            + running + ": log not used, NCQ judged by queue_depth alone");
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
        Optional<DriverParameter> known = catalog.parameter(module, parameter); // not map(lambda): docs/performance.md
        return known.isPresent() ? known.get().type() : null;
    }

    /**
     * The status and cause of a desired option whose effect is not there: drift when another setting wins
     * (whatever the boot), pending when disktune wrote it in this boot, else drift with the reason a reboot did
     * not bring it.
     */
    public Verdict notInEffect(String module, String parameter, String value) {
        Optional<String> override = override(module, parameter, value);
        if (override.isPresent()) {
            return new Verdict(CheckStatus.DRIFT, override.get());
        }
        if (writer.thisBoot()) {
            return new Verdict(CheckStatus.PENDING, "written in this boot (" + writer.how() + "); takes effect after a reboot");
        }
        return new Verdict(CheckStatus.DRIFT, rebootCause(module, parameter, value));
    }

    /** A status and its cause. */
    public record Verdict(CheckStatus status, String cause) {
    }

    private Optional<String> override(String module, String parameter, String value) {
        if (modprobe().effective(module, parameter).isEmpty()) {
            return Optional.of(DisktuneModprobeFile.PATH + " is not read by kmod (its options for " + module + " do not count): check "
                    + "disktune modprobe show");
        }
        Optional<ModuleOption> winner = overriddenBy(module, parameter, value);
        return winner.isPresent() ? Optional.of(overriddenCause(parameter, winner.get())) : Optional.empty();
    }

    /**
     * The setting that wins over disktune's {@code value} when the module next loads, by kmod's precedence
     * ({@link ModprobeConfig#effective}, as {@code disktune modprobe show} computes it), if it is another file's or the
     * kernel command line's and sets another value. A built-in module takes only the command line.
     */
    public Optional<ModuleOption> overriddenBy(String module, String parameter, String value) {
        Optional<ModuleOption> winner = modprobe().effective(module, parameter);
        if (winner.isEmpty()) {
            return winner;
        }
        ModuleOption w = winner.get();
        if (w.origin().source().equals(DisktuneModprobeFile.PATH) || ModuleParameterReader.sameValue(type(module, parameter), w.value(), value)
                || !w.origin().commandLine() && builtIn(module)) {
            return Optional.empty();
        }
        return winner;
    }

    /** "overridden by FILE:LINE (p=v): remove that setting". */
    static String overriddenCause(String parameter, ModuleOption winner) {
        return "overridden by " + winner.origin().describe() + " (" + parameter + "=" + (winner.value() == null ? "" : winner.value())
                + "): remove that setting";
    }

    /** Why an option written before this boot is still not in effect. */
    private String rebootCause(String module, String parameter, String value) {
        if (builtIn(module)) {
            return module + " is built into the kernel: modprobe.d does not reach it; put " + module + "." + parameter + "=" + value
                    + " on the kernel command line";
        }
        if (!new ModuleParameterReader(host).loaded(module)) {
            return "module " + module + " is not loaded";
        }
        Optional<String> image = currentImageProblem();
        if (image.isPresent()) {
            return image.get();
        }
        return "the option is configured and was written before this boot, yet " + module
                + " runs without it: it was loaded before the file was read (or reloaded by hand); see disktune kernel-log";
    }

    /** What is wrong with disktune's files in the running kernel's initramfs, if anything. */
    public Optional<String> currentImageProblem() {
        ImageVerification v = images();
        if (v == null) {
            return Optional.empty();
        }
        String running = machine().kernel();
        boolean runningHasImage = false;
        for (ImageCheck i : v.images()) {
            if (i.kernel() != null && i.kernel().equals(running)) {
                runningHasImage = true;
                break;
            }
        }
        for (ImageCheck image : v.images()) {
            if (runningHasImage && !running.equals(image.kernel())) {
                continue;
            }
            for (FileCheck f : image.files()) {
                switch (f.status()) {
                    case MISSING_IN_IMAGE -> {
                        return Optional.of("the initramfs " + image.image() + " lacks " + f.imagePath() + ": run disktune initramfs rebuild");
                    }
                    case DIFFERENT -> {
                        return Optional.of("the initramfs " + image.image() + " holds another " + f.imagePath()
                                + " than " + f.hostPath() + ": run disktune initramfs rebuild");
                    }
                    default -> {
                    }
                }
            }
        }
        return Optional.empty();
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

    /**
     * {@code stripped.split("\\s+")[0]} without the regex (String.split compiles it) for a stripped, non-blank text: the
     * text up to its first space, tab, line feed, vertical tab, form feed or carriage return (what \s matches).
     */
    static String firstWord(String stripped) {
        for (int i = 0; i < stripped.length(); i++) {
            if (" \t\n\u000B\f\r".indexOf(stripped.charAt(i)) >= 0) {
                return stripped.substring(0, i);
            }
        }
        return stripped;
    }

    static Instant bootTime(Host host) {
        try {
            String uptime = firstWord(Files.readString(host.path("/proc/uptime")).strip());
            double seconds = Double.parseDouble(uptime);
            return host.clock().instant().minusMillis((long) (seconds * 1000));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
