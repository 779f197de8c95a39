package org.disktune.detect;

import static org.disktune.detect.SysfsNames.ataPortNumber;
import static org.disktune.detect.SysfsNames.firstBracketed;
import static org.disktune.detect.SysfsNames.isHex;
import static org.disktune.detect.SysfsNames.isIdeChannel;
import static org.disktune.detect.SysfsNames.isPciAddress;
import static org.disktune.detect.SysfsNames.mdstatArray;
import static org.disktune.detect.SysfsNames.scsiAddress;
import static org.disktune.detect.SysfsNames.twoDigits;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.disktune.config.Setting;
import org.disktune.config.SettingScope;
import org.disktune.config.Transport;
import org.disktune.host.Host;
import org.disktune.kernel.AtaDeviceLog;
import org.disktune.kernel.KernelLogReport;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.modprobe.ModprobeConfigReader;

/**
 * Reads what the machine has from sysfs and procfs (through the host) and builds a
 * {@link MachineReport}. Works on current kernels and on 2.6-era trees (deprecated sysfs layout where
 * /sys/block/X is a directory, no ata classes, legacy IDE under /proc/ide).
 * The names of sysfs and the lines of procfs are read by {@link SysfsNames}.
 */
public final class MachineDetector {
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
        String release = sysfs.word(host.path("/proc/sys/kernel/osrelease")).orElse(null);
        if (release != null) {
            return release;
        }
        String version = sysfs.word(host.path("/proc/version")).orElse(null);
        return version == null ? null : kernelFromVersion(version);
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
        InitSystem init = InitSystem.detect(host);
        MachineReport withoutFindings = new MachineReport(kernel, List.copyOf(controllers.values()), ports, disks, arrays, mounts,
                List.of(), log.notes());
        return new MachineReport(kernel, withoutFindings.controllers(), ports, disks, arrays, mounts,
                new FindingsAnalyzer(DriverCatalog.load(), new ModprobeConfigReader(host).read()).analyze(withoutFindings), log.notes(),
                LoadableSchedulers.read(host, kernel), init, UdevVersion.detect(host, init));
    }

    /**
     * The readahead of an md array whose kernel shows no queue/read_ahead_kb (before Linux 2.6.32), through the BLKRAGET
     * ioctl (512-byte sectors, as blockdev --getra) on the running machine; null elsewhere or when the ioctl fails.
     */
    private Integer ioctlReadAheadKb(String name) {
        if (!host.live() || !name.startsWith("md")) {
            return null;
        }
        try {
            return Math.toIntExact(host.blockDevices().readAheadSectors(name) / 2);
        } catch (RuntimeException e) {
            return null; // no such node, not root: the value stays unknown
        }
    }

    private static String kernelFromVersion(String version) {
        String[] f = SysfsAttributes.words(version);
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
            if (pci == null && isPciAddress(element)) {
                pci = element;
                if (controllers.get(pci) == null) {
                    controllers.put(pci, controller(pci, p));
                }
            }
            if (ataPort == null && ataPortNumber(element) != null) {
                ataPort = element;
            }
            if (scsi == null && scsiAddress(element) != null) {
                scsi = element;
            }
            if (isIdeChannel(element)) {
                ideChannel = true;
            }
        }
        String driver = pci == null ? null : controllers.get(pci).driver();
        String ataDevice = null;
        Path ataDeviceDir = null;
        if (ataPort != null && scsi != null) {
            String target = scsiAddress(scsi)[2];
            String port = ataPort.substring(3);
            ataDevice = "ata" + port + "." + twoDigits(Integer.parseInt(target));
            ataDeviceDir = host.path("/sys/class/ata_device/dev" + port + "." + target);
        } else {
            // kernels before ataN in sysfs: the log's own evidence, by identity, else by the disk's SCSI host
            ataDevice = log.ataDeviceOf(name).orElse(null);
            if (ataDevice == null) {
                ataDevice = ataDeviceOfScsiHost(scsi, log).orElse(null);
            }
        }
        Optional<AtaDeviceLog> probed = ataDevice == null ? Optional.empty() : log.device(ataDevice);
        IdentifyData identify = ataDeviceDir == null ? null : identify(ataDeviceDir.resolve("id"));
        IdeSettings ide = ideSettings(name, ideChannel);
        Transport transport = transport(name, chain, ataPort, driver, ide != null || ideChannel);

        Path queue = blockDir.resolve("queue");
        String schedulerLine = sysfs.text(queue.resolve("scheduler")).orElse(null);
        List<String> schedulers = List.of();
        String active = null;
        if (schedulerLine != null) {
            schedulerLine = schedulerLine.strip();
            List<String> offered = List.of(SysfsAttributes.words(schedulerLine.replace("[", "").replace("]", "")));
            if (!offered.get(0).isEmpty()) {
                schedulers = offered;
            }
            active = activeScheduler(schedulerLine).orElse(null);
        }

        Path dev = device != null ? device : blockDir;
        String deviceModel;
        if (identify != null && identify.model() != null) {
            deviceModel = identify.model();
        } else {
            deviceModel = sysfs.word(dev.resolve("model")).orElse(null);
            if (deviceModel == null && ide != null) {
                deviceModel = sysfs.word(host.path("/proc/ide/" + name + "/model")).orElse(null);
            }
        }
        String model = deviceModel;
        String serial;
        if (identify != null && identify.serial() != null) {
            serial = identify.serial();
        } else {
            serial = sysfs.word(blockDir.resolve("serial")).orElse(null);
            if (serial == null) {
                serial = sysfs.word(dev.resolve("serial")).orElse(null);
            }
            if (serial == null) {
                serial = vpdSerial(host.contain(dev.resolve("vpd_pg80"))).orElse(null);
            }
        }
        // before the ata_device class: legacy IDE shows IDENTIFY in /proc/ide/hdX/identify, libata only udev's by-id names
        IdentifyData ideIdentify = identify == null && ide != null ? identify(host.path("/proc/ide/" + name + "/identify")) : null;
        if (serial == null && ideIdentify != null) {
            serial = ideIdentify.serial();
        }
        if (serial == null) {
            serial = UdevIdentity.serial(byId, fullModels(deviceModel, ide != null, ideIdentify, probed)).orElse(null);
        }
        String firmware;
        if (identify != null && identify.firmware() != null) {
            firmware = identify.firmware();
        } else {
            firmware = sysfs.word(dev.resolve("firmware_rev")).orElse(null);
            if (firmware == null) {
                firmware = sysfs.word(dev.resolve("rev")).orElse(null);
            }
        }
        String wwn;
        if (identify != null && identify.wwn() != null) {
            wwn = identify.wwn();
        } else {
            wwn = sysfs.word(blockDir.resolve("wwid")).orElse(null);
            if (wwn == null) {
                wwn = sysfs.word(dev.resolve("wwid")).orElse(null);
            }
            if (wwn != null && !(wwn.startsWith("naa.") || wwn.startsWith("eui.") || wwn.startsWith("nvme."))) {
                wwn = null;
            }
        }
        if (wwn == null && ideIdentify != null) {
            wwn = ideIdentify.wwn();
        }
        if (wwn == null) {
            wwn = UdevIdentity.wwn(byId).orElse(null);
        }
        Boolean ncqSupported;
        Integer ncqDepth;
        if (identify != null) {
            ncqSupported = Boolean.valueOf(identify.ncqSupported());
            ncqDepth = identify.ncqMaxDepth();
        } else if (probed.isPresent()) {
            ncqSupported = KernelLogEvidence.driveSupportsNcq(probed.get());
            ncqDepth = KernelLogEvidence.driveNcqDepth(probed.get());
        } else {
            ncqSupported = null;
            ncqDepth = null;
        }
        Integer queueDepth = device == null ? null : sysfs.integer(device.resolve("queue_depth")).orElse(null);
        if (model == null && probed.isPresent()) {
            model = probed.get().model();
        }
        Long sectors = sysfs.number(blockDir.resolve("size")).orElse(null);
        Integer rotationalValue = sysfs.integer(queue.resolve("rotational")).orElse(null);
        Boolean rotational = rotationalValue != null && (rotationalValue == 0 || rotationalValue == 1)
                ? Boolean.valueOf(rotationalValue == 1) : null;
        String diskDriver = sysfs.linkName(dev.resolve("driver")).orElse(null);
        if (diskDriver == null) {
            diskDriver = sysfs.linkName(dev.resolve("device/driver")).orElse(null);
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
                sectors == null ? null : Long.valueOf(sectors * 512),
                rotational,
                ncqSupported,
                ncqDepth,
                settings(blockDir, queueDepth, active, sysfs.integer(queue.resolve("read_ahead_kb")).orElseGet(() -> ioctlReadAheadKb(name))),
                schedulers,
                partitions(blockDir),
                sysfs.names(blockDir.resolve("holders")),
                ide,
                identify == null ? null : identify.features(),
                diskDriver,
                ncq(ataDevice, ataPort, transport, ncqSupported, queueDepth, probed, log));
    }

    /**
     * The sysfs settings of a disk as its rows name them: the scheduler (the bracketed one), queue depth and readahead as read
     * above (readahead through BLKRAGET where the kernel has no queue/read_ahead_kb), every other row a whole number read
     * from its attribute.
     */
    private Map<Setting, String> settings(Path blockDir, Integer queueDepth, String scheduler, Integer readAheadKb) {
        Map<Setting, String> settings = new EnumMap<>(Setting.class);
        for (Setting setting : Setting.values()) {
            if (setting.scope() == SettingScope.DISK && setting.attribute().isPresent()) {
                settings.put(setting, switch (setting) {
                    case SCHEDULER -> scheduler;
                    case QUEUE_DEPTH -> queueDepth == null ? null : queueDepth.toString();
                    case READ_AHEAD_KB -> readAheadKb == null ? null : readAheadKb.toString();
                    default -> sysfs.number(blockDir.resolve(setting.attribute().get())).map(String::valueOf).orElse(null);
                });
            }
        }
        return settings;
    }

    /** The ATA device of a disk at H:0:T:0 whose SCSI host H the log pairs with port ataP: ataP.0T (libata: target = devno). */
    private static Optional<String> ataDeviceOfScsiHost(String scsi, KernelLogEvidence log) {
        if (scsi == null) {
            return Optional.empty();
        }
        String[] address = scsiAddress(scsi);
        if (address == null || !address[1].equals("0") || !address[3].equals("0")) {
            return Optional.empty();
        }
        Optional<String> port = log.ataPortOfScsiHost(Integer.parseInt(address[0]));
        if (port.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(port.get() + "." + twoDigits(Integer.parseInt(address[2])));
    }

    /**
     * The models known in full, which a by-id name's serial follows: IDENTIFY's, the kernel log's probe line, and the
     * model attribute when it cannot have been cut (legacy IDE's 40 characters; a SCSI inquiry model shorter than the 16
     * libata cuts it to).
     */
    private static List<String> fullModels(String deviceModel, boolean legacyIde, IdentifyData ideIdentify, Optional<AtaDeviceLog> probed) {
        List<String> models = new ArrayList<>();
        if (ideIdentify != null) {
            models.add(ideIdentify.model());
        }
        if (probed.isPresent()) {
            models.add(probed.get().model());
        }
        if (deviceModel != null && (legacyIde || deviceModel.length() < 16)) {
            models.add(deviceModel);
        }
        return models;
    }

    /** The IDENTIFY data in an ata_device's {@code id} file (or /proc/ide/hdX/identify), or null. */
    private IdentifyData identify(Path id) {
        String text = sysfs.text(id).orElse(null);
        return text == null ? null : identifyParser.parse(text).orElse(null);
    }

    /** NCQ in effect; "unknown (no ata sysfs)" for an ATA disk the log knows devices of but no mapping reaches. */
    private static NcqInEffect ncq(String ataDevice, String ataPort, Transport transport, Boolean supported, Integer queueDepth,
            Optional<AtaDeviceLog> probed, KernelLogEvidence log) {
        NcqInEffect ncq = NcqInEffect.of(ataDevice != null || transport == Transport.ATA, supported, queueDepth, probed);
        if (ncq.state() == NcqInEffect.State.UNKNOWN && probed.isEmpty() && ataPort == null && transport == Transport.ATA
                && log.knowsAtaDevices()) {
            return NcqInEffect.unknown("no ata sysfs");
        }
        return ncq;
    }

    static Optional<String> activeScheduler(String line) {
        String bracketed = firstBracketed(line);
        if (bracketed != null) {
            return Optional.of(bracketed);
        }
        String[] words = SysfsAttributes.words(line.strip());
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
            return serial.isEmpty() || !SysfsAttributes.isPrintableAscii(serial) ? Optional.empty() : Optional.of(serial);
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    private static Transport transport(String name, Path chain, String ataPort, String driver, boolean ide) {
        String path = chain.toString();
        if (name.startsWith("md")) {
            return Transport.MD;
        } else if (name.startsWith("dm-")) {
            return Transport.DM;
        } else if (name.startsWith("loop")) {
            return Transport.LOOP;
        } else if (name.startsWith("zram")) {
            return Transport.ZRAM;
        } else if (name.startsWith("nvme") || path.contains("/nvme")) {
            return Transport.NVME;
        } else if (path.contains("/virtio")) {
            return Transport.VIRTIO;
        } else if (ide) {
            return Transport.IDE;
        } else if (ataPort != null || (driver != null && DriverFamily.isLibata(driver))) {
            return Transport.ATA;
        } else if (path.contains("/usb")) {
            return Transport.USB;
        } else if (name.startsWith("mmcblk")) {
            return Transport.MMC;
        } else if (name.startsWith("sd") || name.startsWith("sr")) {
            return Transport.SCSI;
        }
        return Transport.OTHER;
    }

    private IdeSettings ideSettings(String name, boolean ideChannel) {
        Path proc = host.path("/proc/ide/" + name);
        if (!Files.isDirectory(proc)) {
            return null;
        }
        Map<String, String> settings = new LinkedHashMap<>();
        Map<String, String> maxima = new LinkedHashMap<>();
        for (String line : sysfs.lines(proc.resolve("settings"))) {
            String[] f = SysfsAttributes.words(line.strip());
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
                Long sectors = sysfs.number(dir.resolve("size")).orElse(null);
                partitions.add(new Partition(child, sysfs.number(dir.resolve("start")).orElse(null),
                        sectors == null ? null : Long.valueOf(sectors * 512)));
            }
        }
        return partitions;
    }

    private Controller controller(String address, Path dir) {
        String driver = sysfs.linkName(dir.resolve("driver")).orElse(null);
        if (driver == null) {
            driver = sysfs.linkName(host.path("/sys/bus/pci/devices/" + address).resolve("driver")).orElse(null);
        }
        String pciClass = sysfs.word(dir.resolve("class")).orElse(null);
        Map<String, String> parameters = new TreeMap<>();
        if (driver != null) {
            Path params = host.path("/sys/module/" + driver.replace('-', '_') + "/parameters");
            for (String p : sysfs.names(params)) {
                String value = sysfs.text(params.resolve(p)).orElse(null);
                if (value != null) {
                    parameters.put(p, value.strip());
                }
            }
        }
        return new Controller(address, sysfs.word(dir.resolve("vendor")).orElse(null),
                sysfs.word(dir.resolve("device")).orElse(null), pciClass, DriverFamily.pciClassName(pciClass),
                driver, parameters);
    }

    private List<AtaPort> ataPorts(List<Disk> disks, Map<String, Controller> controllers) {
        List<AtaPort> ports = new ArrayList<>();
        Map<String, String> diskByAta = new HashMap<>();
        for (Disk d : disks) {
            if (d.ataDevice() != null) {
                diskByAta.put(d.ataDevice(), d.name());
            }
        }
        for (String port : sysfs.names(host.path("/sys/class/ata_port"))) {
            String number = ataPortNumber(port);
            if (number == null) {
                continue;
            }
            Path portDir = realPath(host.path("/sys/class/ata_port/" + port)).orElse(null);
            if (portDir != null) {
                portDir = portDir.getParent();
            }
            String controller = null;
            for (Path p = portDir; p != null && p.getFileName() != null; p = p.getParent()) {
                if (isPciAddress(p.getFileName().toString())) {
                    controller = p.getFileName().toString();
                    if (controllers.get(controller) == null) {
                        controllers.put(controller, controller(controller, p));
                    }
                    break;
                }
            }
            Path link = host.path("/sys/class/ata_link/link" + number);
            List<AtaDevice> devices = new ArrayList<>();
            for (String dev : sysfs.names(host.path("/sys/class/ata_device"))) {
                if (!dev.startsWith("dev" + number + ".")) {
                    continue;
                }
                Path dir = host.path("/sys/class/ata_device/" + dev);
                String deviceClass = sysfs.word(dir.resolve("class")).orElse(null);
                String id = "ata" + number + "." + twoDigits(SysfsAttributes.parseLong(dev.substring(dev.indexOf('.') + 1)).orElse(0L));
                IdentifyData identify = identify(dir.resolve("id"));
                if ("unknown".equals(deviceClass) || "none".equals(deviceClass)) {
                    continue;
                }
                String transferMode = sysfs.word(dir.resolve("xfer_mode")).orElse(null);
                devices.add(new AtaDevice(id, dev, deviceClass, diskByAta.get(id),
                        identify == null ? null : identify.model(),
                        identify == null ? null : identify.serial(),
                        identify == null ? null : identify.firmware(),
                        identify == null ? null : identify.ncqSupported(),
                        identify == null ? null : identify.ncqMaxDepth(),
                        transferMode == null ? null : TransferModes.kernelName(transferMode),
                        sysfs.word(dir.resolve("trim")).orElse(null)));
            }
            ports.add(new AtaPort(port, controller, knownSpeed(link.resolve("sata_spd")), knownSpeed(link.resolve("sata_spd_limit")),
                    devices));
        }
        return ports;
    }

    /** A link speed attribute, or null when it is missing or {@code <unknown>}. */
    private String knownSpeed(Path file) {
        String speed = sysfs.word(file).orElse(null);
        return "<unknown>".equals(speed) ? null : speed;
    }

    private List<MdArray> mdArrays(List<Disk> disks) {
        List<MdArray> arrays = new ArrayList<>();
        Map<String, List<String>> mdstatMembers = mdstatMembers();
        for (Disk disk : disks) {
            if (disk.transport() != Transport.MD) {
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
            String[] array = mdstatArray(line);
            if (array == null) {
                continue;
            }
            members.put(array[0], SysfsNames.mdstatMembers(array[1]).stream().sorted(SysfsAttributes.NATURAL_ORDER).toList());
        }
        return members;
    }

    private List<Mount> mounts(List<Disk> disks) {
        Map<String, String> byDevNumber = new HashMap<>();
        Map<String, String> known = new HashMap<>();
        for (Disk disk : disks) {
            known.put(disk.name(), disk.name());
            String number = sysfs.word(host.path("/sys/block/" + disk.name() + "/dev")).orElse(null);
            if (number != null) {
                byDevNumber.put(number, disk.name());
            }
            for (Partition p : disk.partitions()) {
                known.put(p.name(), p.name());
                Path blockDir = realPath(host.path("/sys/block/" + disk.name())).orElse(host.path("/sys/block/" + disk.name()));
                String partitionNumber = sysfs.word(blockDir.resolve(p.name()).resolve("dev")).orElse(null);
                if (partitionNumber != null) {
                    byDevNumber.put(partitionNumber, p.name());
                }
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
        String device = null;
        for (String line : sysfs.lines(host.path("/proc/cmdline"))) {
            for (String word : SysfsAttributes.words(line.strip())) {
                if (word.startsWith("root=/dev/")) {
                    device = word.substring("root=".length()); // the last one counts
                }
            }
        }
        return Optional.ofNullable(device);
    }

    /**
     * The array's UUID as mdadm prints it: md/uuid (Linux 5.10 on, with dashes) in mdadm's colon form, else
     * the udev link /dev/disk/by-id/md-uuid-UUID pointing at the array.
     */
    private String mdUuid(Path md, String array) {
        String uuid = sysfs.word(md.resolve("uuid")).orElse(null);
        if (uuid != null) {
            String u = uuid.replace("-", "");
            if (isHex(u, 32)) {
                return u.substring(0, 8) + ":" + u.substring(8, 16) + ":" + u.substring(16, 24) + ":" + u.substring(24);
            }
        }
        Path dir = host.path("/dev/disk/by-id");
        for (String id : sysfs.names(dir)) {
            if (id.startsWith("md-uuid-") && array.equals(sysfs.linkName(dir.resolve(id)).orElse(null))) {
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
            String target = sysfs.linkName(dir.resolve(id)).orElse(null);
            if (target == null) {
                continue;
            }
            List<String> ids = names.get(target);
            if (ids == null) {
                ids = new ArrayList<>();
                names.put(target, ids);
            }
            ids.add(id);
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
