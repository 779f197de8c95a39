package org.disktune.detect;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.disktune.host.Host;
import org.disktune.kernel.AtaDeviceLog;
import org.disktune.kernel.KernelLogReport;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.modprobe.ModprobeConfigReader;

/**
 * Reads what the machine has from sysfs and procfs (through the host) and builds a
 * {@link MachineReport}. Works on current kernels and on 2.6-era trees (deprecated sysfs layout where
 * /sys/block/X is a directory, no ata classes, legacy IDE under /proc/ide).
 */
public final class MachineDetector {
    private static final Pattern PCI_ADDRESS = Pattern.compile("[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7]");
    private static final Pattern ATA_PORT = Pattern.compile("ata(\\d+)");
    private static final Pattern SCSI_ADDRESS = Pattern.compile("(\\d+):(\\d+):(\\d+):(\\d+)");
    private static final Pattern IDE_CHANNEL = Pattern.compile("ide\\d+");

    private final Host host;
    private final SysfsAttributes sysfs;
    private final IdentifyParser identifyParser = new IdentifyParser();
    private final MountTableParser mountParser = new MountTableParser();

    public MachineDetector(Host host) {
        this.host = host;
        this.sysfs = new SysfsAttributes(host);
    }

    /** Detects the machine, reading the host's kernel log for what sysfs does not show. */
    public MachineReport detect() {
        String kernel = runningKernel();
        return detect(kernel, KernelLogEvidence.read(host, kernel));
    }

    /**
     * What {@code detect} shows without {@code --all}: {@link #detect()} then {@link MachineReport#withoutEmptyDevices()},
     * except that loop and zram devices of size 0 are passed over before anything else of theirs is read (a machine
     * can have dozens of unattached loop devices; reading each one's queue, partitions and links was most of a
     * detect). They are never ATA devices, md members or mounted, so ports, arrays and mounts are the same; a
     * finding about one of them, which the listing would not show, is not made.
     */
    public MachineReport detectWithoutEmptyDevices() {
        String kernel = runningKernel();
        return detect(kernel, KernelLogEvidence.read(host, kernel), false).withoutEmptyDevices();
    }

    /** Detects the machine with a kernel log the caller has already read (the host's own, this boot's). */
    public MachineReport detect(KernelLogReport ownLog) {
        String kernel = runningKernel();
        return detect(kernel, KernelLogEvidence.of(ownLog, kernel));
    }

    private String runningKernel() {
        return sysfs.word(host.path("/proc/sys/kernel/osrelease"))
                .or(() -> sysfs.word(host.path("/proc/version")).map(MachineDetector::kernelFromVersion))
                .orElse(null);
    }

    private MachineReport detect(String kernel, KernelLogEvidence log) {
        return detect(kernel, log, true);
    }

    private MachineReport detect(String kernel, KernelLogEvidence log, boolean emptyVirtual) {
        Map<String, List<String>> byId = byIdNames();
        List<Disk> disks = new ArrayList<>();
        Map<String, Controller> controllers = new TreeMap<>();
        for (String name : sysfs.names(host.path("/sys/block"))) {
            if (!emptyVirtual && (name.startsWith("loop") || name.startsWith("zram"))
                    && sysfs.number(host.path("/sys/block/" + name + "/size")).orElse(-1L) == 0) {
                continue;
            }
            Disk disk = disk(name, byId.getOrDefault(name, List.of()), controllers, log);
            disks.add(disk);
        }
        List<AtaPort> ports = ataPorts(disks, controllers);
        List<MdArray> arrays = mdArrays(disks);
        List<Mount> mounts = mounts(disks);
        MachineReport withoutFindings = new MachineReport(kernel, List.copyOf(controllers.values()), ports, disks, arrays, mounts,
                List.of(), log.notes());
        return new MachineReport(kernel, withoutFindings.controllers(), ports, disks, arrays, mounts,
                new FindingsAnalyzer(DriverCatalog.load(), new ModprobeConfigReader(host).read()).analyze(withoutFindings), log.notes(),
                LoadableSchedulers.read(host, kernel));
    }

    private static String kernelFromVersion(String version) {
        String[] f = version.split("\\s+");
        return f.length >= 3 && f[0].equals("Linux") && f[1].equals("version") ? f[2] : null;
    }

    private Disk disk(String name, List<String> byId, Map<String, Controller> controllers, KernelLogEvidence log) {
        Path block = host.path("/sys/block/" + name);
        Path blockDir = realPath(block).orElse(block);
        Path device = realPath(blockDir.resolve("device")).orElse(null);
        Path chain = device != null ? device : blockDir;

        String pci = null;
        String ataPort = null;
        String scsi = null;
        boolean ideChannel = false;
        for (Path p = chain; p != null && p.getFileName() != null; p = p.getParent()) {
            String element = p.getFileName().toString();
            if (pci == null && PCI_ADDRESS.matcher(element).matches()) {
                pci = element;
                Path functionDir = p;
                controllers.computeIfAbsent(pci, a -> controller(a, functionDir));
            }
            if (ataPort == null && ATA_PORT.matcher(element).matches()) {
                ataPort = element;
            }
            if (scsi == null && SCSI_ADDRESS.matcher(element).matches()) {
                scsi = element;
            }
            if (IDE_CHANNEL.matcher(element).matches()) {
                ideChannel = true;
            }
        }
        String driver = pci == null ? null : controllers.get(pci).driver();
        String ataDevice = null;
        Path ataDeviceDir = null;
        if (ataPort != null && scsi != null) {
            Matcher m = SCSI_ADDRESS.matcher(scsi);
            m.matches();
            String port = ataPort.substring(3);
            ataDevice = String.format("ata%s.%02d", port, Integer.parseInt(m.group(3)));
            ataDeviceDir = host.path("/sys/class/ata_device/dev" + port + "." + m.group(3));
        } else {
            // kernels before ataN in sysfs: the log's own evidence, by identity, else by the disk's SCSI host
            String address = scsi;
            ataDevice = log.ataDeviceOf(name).or(() -> ataDeviceOfScsiHost(address, log)).orElse(null);
        }
        Optional<AtaDeviceLog> probed = ataDevice == null ? Optional.empty() : log.device(ataDevice);
        IdentifyData identify = ataDeviceDir == null ? null
                : sysfs.text(ataDeviceDir.resolve("id")).flatMap(identifyParser::parse).orElse(null);
        IdeSettings ide = ideSettings(name, ideChannel);
        String transport = transport(name, chain, ataPort, driver, ide != null || ideChannel);

        Path queue = blockDir.resolve("queue");
        Optional<String> schedulerLine = sysfs.text(queue.resolve("scheduler")).map(String::strip);
        List<String> schedulers = schedulerLine.map(s -> List.of(s.replace("[", "").replace("]", "").split("\\s+")))
                .filter(l -> !l.get(0).isEmpty()).orElse(List.of());
        String active = schedulerLine.flatMap(MachineDetector::activeScheduler).orElse(null);

        Path dev = device != null ? device : blockDir;
        String deviceModel = identify != null && identify.model() != null ? identify.model()
                : sysfs.word(dev.resolve("model"))
                        .or(() -> ide == null ? Optional.empty() : sysfs.word(host.path("/proc/ide/" + name + "/model")))
                        .orElse(null);
        String model = deviceModel;
        String serial = identify != null && identify.serial() != null ? identify.serial()
                : sysfs.word(blockDir.resolve("serial"))
                        .or(() -> sysfs.word(dev.resolve("serial")))
                        .or(() -> vpdSerial(host.contain(dev.resolve("vpd_pg80"))))
                        .orElse(null);
        String firmware = identify != null && identify.firmware() != null ? identify.firmware()
                : sysfs.word(dev.resolve("firmware_rev")).or(() -> sysfs.word(dev.resolve("rev"))).orElse(null);
        String wwn = identify != null && identify.wwn() != null ? identify.wwn()
                : sysfs.word(blockDir.resolve("wwid")).or(() -> sysfs.word(dev.resolve("wwid")))
                        .filter(w -> w.startsWith("naa.") || w.startsWith("eui.") || w.startsWith("nvme."))
                        .orElse(null);
        Boolean ncqSupported = identify != null ? Boolean.valueOf(identify.ncqSupported())
                : probed.map(KernelLogEvidence::driveSupportsNcq).orElse(null);
        Integer ncqDepth = identify != null ? identify.ncqMaxDepth() : probed.map(KernelLogEvidence::driveNcqDepth).orElse(null);
        Integer queueDepth = device == null ? null : sysfs.integer(device.resolve("queue_depth")).orElse(null);
        if (model == null && probed.isPresent()) {
            model = probed.get().model();
        }

        return new Disk(
                name,
                machinePath(blockDir),
                transport,
                pci,
                ataDevice,
                scsi,
                model,
                sysfs.word(dev.resolve("vendor")).orElse(null),
                serial,
                firmware,
                wwn,
                byId,
                sysfs.number(blockDir.resolve("size")).map(s -> s * 512).orElse(null),
                sysfs.integer(queue.resolve("rotational")).filter(v -> v == 0 || v == 1).map(v -> v == 1).orElse(null),
                ncqSupported,
                ncqDepth,
                queueDepth,
                active,
                schedulers,
                sysfs.integer(queue.resolve("read_ahead_kb")).orElse(null),
                sysfs.integer(queue.resolve("nr_requests")).orElse(null),
                sysfs.integer(queue.resolve("max_sectors_kb")).orElse(null),
                partitions(blockDir),
                sysfs.names(blockDir.resolve("holders")),
                ide,
                identify == null ? null : identify.features(),
                sysfs.linkName(dev.resolve("driver")).or(() -> sysfs.linkName(dev.resolve("device/driver"))).orElse(null),
                ncq(ataDevice, ataPort, transport, ncqSupported, queueDepth, probed, log));
    }

    /** The ATA device of a disk at H:0:T:0 whose SCSI host H the log pairs with port ataP: ataP.0T (libata: target = devno). */
    private static Optional<String> ataDeviceOfScsiHost(String scsi, KernelLogEvidence log) {
        if (scsi == null) {
            return Optional.empty();
        }
        Matcher m = SCSI_ADDRESS.matcher(scsi);
        if (!m.matches() || !m.group(2).equals("0") || !m.group(4).equals("0")) {
            return Optional.empty();
        }
        return log.ataPortOfScsiHost(Integer.parseInt(m.group(1)))
                .map(port -> String.format("%s.%02d", port, Integer.parseInt(m.group(3))));
    }

    /** NCQ in effect; "unknown (no ata sysfs)" for an ATA disk the log knows devices of but no mapping reaches. */
    private static NcqInEffect ncq(String ataDevice, String ataPort, String transport, Boolean supported, Integer queueDepth,
            Optional<AtaDeviceLog> probed, KernelLogEvidence log) {
        NcqInEffect ncq = NcqInEffect.of(ataDevice != null || "ata".equals(transport), supported, queueDepth, probed);
        if (ncq.state() == NcqInEffect.State.UNKNOWN && probed.isEmpty() && ataPort == null && "ata".equals(transport)
                && log.knowsAtaDevices()) {
            return NcqInEffect.unknown("no ata sysfs");
        }
        return ncq;
    }

    static Optional<String> activeScheduler(String line) {
        Matcher m = Pattern.compile("\\[([^\\]\\s]+)]").matcher(line);
        if (m.find()) {
            return Optional.of(m.group(1));
        }
        String[] words = line.strip().split("\\s+");
        return words.length == 1 && !words[0].isEmpty() ? Optional.of(words[0]) : Optional.empty();
    }

    private static Optional<String> vpdSerial(Path vpd) {
        try {
            if (!Files.isRegularFile(vpd)) {
                return Optional.empty();
            }
            byte[] page = Files.readAllBytes(vpd);
            if (page.length < 5 || (page[1] & 0xff) != 0x80) {
                return Optional.empty();
            }
            int length = Math.min(((page[2] & 0xff) << 8) | (page[3] & 0xff), page.length - 4);
            String serial = new String(page, 4, length, java.nio.charset.StandardCharsets.US_ASCII).strip();
            return serial.isEmpty() || !serial.chars().allMatch(c -> c >= 0x20 && c < 0x7f) ? Optional.empty() : Optional.of(serial);
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    private static String transport(String name, Path chain, String ataPort, String driver, boolean ide) {
        String path = chain.toString();
        if (name.startsWith("md")) {
            return "md";
        } else if (name.startsWith("dm-")) {
            return "dm";
        } else if (name.startsWith("loop")) {
            return "loop";
        } else if (name.startsWith("zram")) {
            return "zram";
        } else if (name.startsWith("nvme") || path.contains("/nvme")) {
            return "nvme";
        } else if (path.contains("/virtio")) {
            return "virtio";
        } else if (ide) {
            return "ide";
        } else if (ataPort != null || (driver != null && DriverFamily.isLibata(driver))) {
            return "ata";
        } else if (path.contains("/usb")) {
            return "usb";
        } else if (name.startsWith("mmcblk")) {
            return "mmc";
        } else if (name.startsWith("sd") || name.startsWith("sr")) {
            return "scsi";
        }
        return "other";
    }

    private IdeSettings ideSettings(String name, boolean ideChannel) {
        Path proc = host.path("/proc/ide/" + name);
        if (!Files.isDirectory(proc)) {
            return null;
        }
        Map<String, String> settings = new LinkedHashMap<>();
        Map<String, String> maxima = new LinkedHashMap<>();
        for (String line : sysfs.lines(proc.resolve("settings"))) {
            String[] f = line.strip().split("\\s+");
            if (f.length >= 5 && !f[0].equals("name") && !f[0].startsWith("-")) {
                settings.put(f[0], f[1]);
                maxima.put(f[0], f[3]);
            }
        }
        return new IdeSettings(sysfs.word(proc.resolve("driver")).orElse(null),
                sysfs.word(proc.resolve("media")).orElse(null), settings, maxima);
    }

    private List<Partition> partitions(Path blockDir) {
        List<Partition> partitions = new ArrayList<>();
        for (String child : sysfs.names(blockDir)) {
            Path dir = host.contain(blockDir.resolve(child));
            // "partition" arrived in 2.6.28; older kernels only have start/dev/size in the partition dir
            boolean partition = Files.exists(dir.resolve("partition"))
                    || (Files.exists(dir.resolve("start")) && Files.exists(dir.resolve("dev")));
            if (Files.isDirectory(dir) && partition) {
                partitions.add(new Partition(child, sysfs.number(dir.resolve("start")).orElse(null),
                        sysfs.number(dir.resolve("size")).map(s -> s * 512).orElse(null)));
            }
        }
        return partitions;
    }

    private Controller controller(String address, Path dir) {
        String driver = sysfs.linkName(dir.resolve("driver"))
                .or(() -> sysfs.linkName(host.path("/sys/bus/pci/devices/" + address).resolve("driver")))
                .orElse(null);
        String pciClass = sysfs.word(dir.resolve("class")).orElse(null);
        Map<String, String> parameters = new TreeMap<>();
        if (driver != null) {
            Path params = host.path("/sys/module/" + driver.replace('-', '_') + "/parameters");
            for (String p : sysfs.names(params)) {
                sysfs.text(params.resolve(p)).map(String::strip).ifPresent(v -> parameters.put(p, v));
            }
        }
        return new Controller(address, sysfs.word(dir.resolve("vendor")).orElse(null),
                sysfs.word(dir.resolve("device")).orElse(null), pciClass, DriverFamily.pciClassName(pciClass),
                driver, parameters);
    }

    private List<AtaPort> ataPorts(List<Disk> disks, Map<String, Controller> controllers) {
        List<AtaPort> ports = new ArrayList<>();
        Map<String, String> diskByAta = new HashMap<>();
        disks.stream().filter(d -> d.ataDevice() != null).forEach(d -> diskByAta.put(d.ataDevice(), d.name()));
        for (String port : sysfs.names(host.path("/sys/class/ata_port"))) {
            Matcher pm = ATA_PORT.matcher(port);
            if (!pm.matches()) {
                continue;
            }
            Optional<Path> portDir = realPath(host.path("/sys/class/ata_port/" + port)).map(Path::getParent);
            String controller = null;
            for (Path p = portDir.orElse(null); p != null && p.getFileName() != null; p = p.getParent()) {
                if (PCI_ADDRESS.matcher(p.getFileName().toString()).matches()) {
                    controller = p.getFileName().toString();
                    String address = controller;
                    Path at = p;
                    controllers.computeIfAbsent(address, a -> controller(a, at));
                    break;
                }
            }
            String number = pm.group(1);
            Path link = host.path("/sys/class/ata_link/link" + number);
            List<AtaDevice> devices = new ArrayList<>();
            for (String dev : sysfs.names(host.path("/sys/class/ata_device"))) {
                if (!dev.startsWith("dev" + number + ".")) {
                    continue;
                }
                Path dir = host.path("/sys/class/ata_device/" + dev);
                String deviceClass = sysfs.word(dir.resolve("class")).orElse(null);
                String id = String.format("ata%s.%02d", number, SysfsAttributes.parseLong(dev.substring(dev.indexOf('.') + 1)).orElse(0L));
                IdentifyData identify = sysfs.text(dir.resolve("id")).flatMap(identifyParser::parse).orElse(null);
                if ("unknown".equals(deviceClass) || "none".equals(deviceClass)) {
                    continue;
                }
                devices.add(new AtaDevice(id, dev, deviceClass, diskByAta.get(id),
                        identify == null ? null : identify.model(),
                        identify == null ? null : identify.serial(),
                        identify == null ? null : identify.firmware(),
                        identify == null ? null : identify.ncqSupported(),
                        identify == null ? null : identify.ncqMaxDepth(),
                        sysfs.word(dir.resolve("xfer_mode")).map(TransferModes::kernelName).orElse(null),
                        sysfs.word(dir.resolve("trim")).orElse(null)));
            }
            ports.add(new AtaPort(port, controller,
                    sysfs.word(link.resolve("sata_spd")).filter(s -> !s.equals("<unknown>")).orElse(null),
                    sysfs.word(link.resolve("sata_spd_limit")).filter(s -> !s.equals("<unknown>")).orElse(null),
                    devices));
        }
        return ports;
    }

    private List<MdArray> mdArrays(List<Disk> disks) {
        List<MdArray> arrays = new ArrayList<>();
        Map<String, List<String>> mdstatMembers = mdstatMembers();
        for (Disk disk : disks) {
            if (!disk.transport().equals("md")) {
                continue;
            }
            Path dir = host.path("/sys/block/" + disk.name());
            Path md = dir.resolve("md");
            List<String> members = sysfs.names(dir.resolve("slaves"));
            if (members.isEmpty()) {
                members = mdstatMembers.getOrDefault(disk.name(), List.of());
            }
            arrays.add(new MdArray(disk.name(),
                    sysfs.word(md.resolve("level")).orElse(null),
                    sysfs.word(md.resolve("array_state")).orElse(null),
                    sysfs.integer(md.resolve("raid_disks")).orElse(null),
                    members, disk.readAheadKb(), mdUuid(md, disk.name()),
                    sysfs.integer(md.resolve("stripe_cache_size")).orElse(null)));
        }
        return arrays;
    }

    /** Members per array from /proc/mdstat ("md0 : active raid1 hdf1[1] hde1[0]"). */
    private Map<String, List<String>> mdstatMembers() {
        Map<String, List<String>> members = new HashMap<>();
        for (String line : sysfs.lines(host.path("/proc/mdstat"))) {
            Matcher m = Pattern.compile("^(md\\w*)\\s*:\\s*\\S+\\s+(.*)$").matcher(line);
            if (!m.matches()) {
                continue;
            }
            List<String> names = new ArrayList<>();
            Matcher member = Pattern.compile("(\\S+?)\\[\\d+]").matcher(m.group(2));
            while (member.find()) {
                names.add(member.group(1));
            }
            names.sort(SysfsAttributes::naturalOrder);
            members.put(m.group(1), names);
        }
        return members;
    }

    private List<Mount> mounts(List<Disk> disks) {
        Map<String, String> byDevNumber = new HashMap<>();
        Map<String, String> known = new HashMap<>();
        for (Disk disk : disks) {
            known.put(disk.name(), disk.name());
            sysfs.word(host.path("/sys/block/" + disk.name() + "/dev")).ifPresent(d -> byDevNumber.put(d, disk.name()));
            for (Partition p : disk.partitions()) {
                known.put(p.name(), p.name());
                Path blockDir = realPath(host.path("/sys/block/" + disk.name())).orElse(host.path("/sys/block/" + disk.name()));
                sysfs.word(blockDir.resolve(p.name()).resolve("dev")).ifPresent(d -> byDevNumber.put(d, p.name()));
            }
        }
        List<MountTableParser.Entry> entries = Files.exists(host.path("/proc/self/mountinfo"))
                ? mountParser.parseMountinfo(sysfs.lines(host.path("/proc/self/mountinfo")))
                : mountParser.parseMounts(sysfs.lines(host.path("/proc/mounts")));
        List<Mount> mounts = new ArrayList<>();
        for (MountTableParser.Entry e : entries) {
            String device = e.majorMinor() == null ? null : byDevNumber.get(e.majorMinor());
            String source = "/dev/root".equals(e.source()) ? rootDevice().orElse(e.source()) : e.source();
            if (device == null && source.startsWith("/dev/")) {
                device = known.get(source.substring(5));
            }
            if (device != null) {
                mounts.add(new Mount(device, e.mountPoint(), e.fsType(), e.options()));
            }
        }
        return mounts;
    }

    /**
     * The device behind {@code /dev/root}, the name kernels before mountinfo (2.6.26) show for the root file system:
     * the {@code root=/dev/NAME} of the kernel command line; empty for {@code root=UUID=} and the like.
     */
    private Optional<String> rootDevice() {
        return sysfs.lines(host.path("/proc/cmdline")).stream().flatMap(l -> java.util.Arrays.stream(l.strip().split("\\s+")))
                .filter(w -> w.startsWith("root=/dev/")).map(w -> w.substring("root=".length())).reduce((a, b) -> b);
    }

    /**
     * The array's UUID as mdadm prints it: md/uuid (Linux 5.10 on, with dashes) in mdadm's colon form, else
     * the udev link /dev/disk/by-id/md-uuid-UUID pointing at the array.
     */
    private String mdUuid(Path md, String array) {
        Optional<String> fromSysfs = sysfs.word(md.resolve("uuid")).map(u -> u.replace("-", ""))
                .filter(u -> u.matches("[0-9a-fA-F]{32}"))
                .map(u -> u.substring(0, 8) + ":" + u.substring(8, 16) + ":" + u.substring(16, 24) + ":" + u.substring(24));
        if (fromSysfs.isPresent()) {
            return fromSysfs.get();
        }
        Path dir = host.path("/dev/disk/by-id");
        for (String id : sysfs.names(dir)) {
            if (id.startsWith("md-uuid-") && sysfs.linkName(dir.resolve(id)).filter(array::equals).isPresent()) {
                return id.substring("md-uuid-".length());
            }
        }
        return null;
    }

    /** /dev/disk/by-id names per kernel name (absent without udev). */
    private Map<String, List<String>> byIdNames() {
        Map<String, List<String>> names = new HashMap<>();
        Path dir = host.path("/dev/disk/by-id");
        for (String id : sysfs.names(dir)) {
            sysfs.linkName(dir.resolve(id)).ifPresent(target -> names.computeIfAbsent(target, k -> new ArrayList<>()).add(id));
        }
        return names;
    }

    private Optional<Path> realPath(Path path) {
        try {
            Path inRoot = host.contain(path);
            if (!Files.exists(inRoot)) {
                return Optional.empty();
            }
            // under a root the contained path has no links left; on the machine the kernel resolves them
            return Optional.of(host.live() ? inRoot.toRealPath() : inRoot);
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    private String machinePath(Path path) {
        Path root = host.root();
        if (path.startsWith(root)) {
            return "/" + root.relativize(path).toString();
        }
        return path.toString();
    }
}
