package org.disktune.detect;

import static org.disktune.detect.SysfsNames.ataPortNumber;
import static org.disktune.detect.SysfsNames.firstBracketed;
import static org.disktune.detect.SysfsNames.isIdeChannel;
import static org.disktune.detect.SysfsNames.isPciAddress;
import static org.disktune.detect.SysfsNames.scsiAddress;
import static org.disktune.detect.SysfsNames.twoDigits;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.disktune.config.Setting;
import org.disktune.config.SettingScope;
import org.disktune.config.Transport;
import org.disktune.kernel.AtaDeviceLog;

/**
 * One block device of /sys/block: where it hangs (controller, ATA port, SCSI address), what it is (transport,
 * identity, NCQ) and its queue, partitions and holders. Works on the deprecated 2.6 layout where /sys/block/X is a
 * directory and on legacy IDE under /proc/ide; what sysfs does not show comes from the kernel log.
 */
final class DiskReader {
    /** Where a device hangs, from the directories on the way to it: PCI address, ataN, SCSI H:C:T:L, an IDE channel. */
    private record Location(String pci, String ataPort, String scsi, boolean ideChannel) {
    }

    private final SysfsTree tree;
    private final SysfsAttributes sysfs;
    private final ControllerReader controllers;
    private final DiskIdentityReader identities;

    DiskReader(SysfsTree tree, ControllerReader controllers) {
        this.tree = tree;
        this.sysfs = tree.attributes();
        this.controllers = controllers;
        this.identities = new DiskIdentityReader(tree);
    }

    /** Disk name, with its /dev/disk/by-id names; reads its controller on the way. */
    Disk read(String name, List<String> byId, KernelLogEvidence log) {
        Path block = tree.path("/sys/block/" + name);
        Path blockDir = tree.realPath(block).orElse(block);
        Path device = tree.realPath(blockDir.resolve("device")).orElse(null);
        Path chain = device != null ? device : blockDir;
        Location at = locate(chain);
        String driver = at.pci() == null ? null : controllers.known(at.pci()).driver();
        String ataDevice = null;
        Path ataDeviceDir = null;
        if (at.ataPort() != null && at.scsi() != null) {
            String target = scsiAddress(at.scsi())[2];
            String port = at.ataPort().substring(3);
            ataDevice = "ata" + port + "." + twoDigits(Integer.parseInt(target));
            ataDeviceDir = tree.path("/sys/class/ata_device/dev" + port + "." + target);
        } else {
            // kernels before ataN in sysfs: the log's own evidence, by identity, else by the disk's SCSI host
            ataDevice = log.ataDeviceOf(name).or(() -> ataDeviceOfScsiHost(at.scsi(), log)).orElse(null);
        }
        Optional<AtaDeviceLog> probed = ataDevice == null ? Optional.empty() : log.device(ataDevice);
        IdentifyData identify = ataDeviceDir == null ? null : tree.identify(ataDeviceDir.resolve("id"));
        IdeSettings ide = ideSettings(name);
        Transport transport = transport(name, chain, at.ataPort(), driver, ide != null || at.ideChannel());

        Path queue = blockDir.resolve("queue");
        String schedulerLine = sysfs.text(queue.resolve("scheduler")).map(String::strip).orElse(null);
        List<String> schedulers = List.of();
        String active = null;
        if (schedulerLine != null) {
            List<String> offered = List.of(SysfsAttributes.words(schedulerLine.replace("[", "").replace("]", "")));
            if (!offered.get(0).isEmpty()) {
                schedulers = offered;
            }
            active = activeScheduler(schedulerLine).orElse(null);
        }

        Path dev = device != null ? device : blockDir;
        DiskIdentityReader.Identity identity = identities.read(name, blockDir, dev, identify, ide != null, byId, probed);
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
        Long sectors = sysfs.number(blockDir.resolve("size")).orElse(null);
        Integer rotationalValue = sysfs.integer(queue.resolve("rotational")).orElse(null);
        Boolean rotational = rotationalValue != null && (rotationalValue == 0 || rotationalValue == 1)
                ? Boolean.valueOf(rotationalValue == 1) : null;
        String diskDriver = sysfs.linkName(dev.resolve("driver")).or(() -> sysfs.linkName(dev.resolve("device/driver"))).orElse(null);

        return new Disk(
                name,
                tree.machinePath(blockDir),
                transport,
                at.pci(),
                ataDevice,
                at.scsi(),
                identity.model(),
                sysfs.word(dev.resolve("vendor")).orElse(null),
                identity.serial(),
                identity.firmware(),
                identity.wwn(),
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
                ncq(ataDevice, at.ataPort(), transport, ncqSupported, queueDepth, probed, log));
    }

    /** Walks from the device up to the root of sysfs; reads the first PCI controller on the way. */
    private Location locate(Path chain) {
        String pci = null;
        String ataPort = null;
        String scsi = null;
        boolean ideChannel = false;
        for (Path p = chain; p != null && p.getFileName() != null; p = p.getParent()) {
            String element = p.getFileName().toString();
            if (pci == null && isPciAddress(element)) {
                pci = element;
                controllers.at(pci, p);
            }
            if (ataPort == null && ataPortNumber(element) != null) {
                ataPort = element;
            }
            if (scsi == null && scsiAddress(element) != null) {
                scsi = element;
            }
            ideChannel |= isIdeChannel(element);
        }
        return new Location(pci, ataPort, scsi, ideChannel);
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
        return log.ataPortOfScsiHost(Integer.parseInt(address[0])).map(port -> port + "." + twoDigits(Integer.parseInt(address[2])));
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

    /** The active scheduler of a queue/scheduler line: the bracketed one, or the only one offered. */
    static Optional<String> activeScheduler(String line) {
        String bracketed = firstBracketed(line);
        if (bracketed != null) {
            return Optional.of(bracketed);
        }
        String[] words = SysfsAttributes.words(line.strip());
        return words.length == 1 && !words[0].isEmpty() ? Optional.of(words[0]) : Optional.empty();
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

    /** A legacy IDE disk's /proc/ide/hdX, or null when there is none. */
    private IdeSettings ideSettings(String name) {
        Path proc = tree.path("/proc/ide/" + name);
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
            Path dir = tree.host().contain(blockDir.resolve(child));
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

    /**
     * The readahead of an md array whose kernel shows no queue/read_ahead_kb (before Linux 2.6.32), through the BLKRAGET
     * ioctl (512-byte sectors, as blockdev --getra) on the running machine; null elsewhere or when the ioctl fails.
     */
    private Integer ioctlReadAheadKb(String name) {
        if (!tree.host().live() || !name.startsWith("md")) {
            return null;
        }
        try {
            return Math.toIntExact(tree.host().blockDevices().readAheadSectors(name) / 2);
        } catch (RuntimeException e) {
            return null; // no such node, not root: the value stays unknown
        }
    }
}
