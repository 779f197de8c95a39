package org.disktune.detect;

import static org.disktune.detect.SysfsNames.ataPortNumber;
import static org.disktune.detect.SysfsNames.isPciAddress;
import static org.disktune.detect.SysfsNames.twoDigits;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The libata ports of /sys/class/ata_port, with their link speed and attached devices (absent on kernels before 2.6.32). */
final class AtaPortReader {
    private final SysfsTree tree;
    private final ControllerReader controllers;

    AtaPortReader(SysfsTree tree, ControllerReader controllers) {
        this.tree = tree;
        this.controllers = controllers;
    }

    /** Every port, its devices paired with the disks by ATA device name. */
    List<AtaPort> read(List<Disk> disks) {
        Map<String, String> diskByAta = disks.stream().filter(d -> d.ataDevice() != null)
                .collect(Collectors.toMap(Disk::ataDevice, Disk::name, (first, second) -> second));
        SysfsAttributes sysfs = tree.attributes();
        List<AtaPort> ports = new ArrayList<>();
        for (String port : sysfs.names(tree.path("/sys/class/ata_port"))) {
            String number = ataPortNumber(port);
            if (number != null) {
                Path link = tree.path("/sys/class/ata_link/link" + number);
                ports.add(new AtaPort(port, controller(port), knownSpeed(link.resolve("sata_spd")),
                        knownSpeed(link.resolve("sata_spd_limit")), devices(number, diskByAta)));
            }
        }
        return ports;
    }

    /** The PCI address of the port's controller (read on the way), or null. */
    private String controller(String port) {
        Path portDir = tree.realPath(tree.path("/sys/class/ata_port/" + port)).map(Path::getParent).orElse(null);
        for (Path p = portDir; p != null && p.getFileName() != null; p = p.getParent()) {
            String element = p.getFileName().toString();
            if (isPciAddress(element)) {
                controllers.at(element, p);
                return element;
            }
        }
        return null;
    }

    /** The devices of port ataN, those of class unknown or none left out. */
    private List<AtaDevice> devices(String number, Map<String, String> diskByAta) {
        SysfsAttributes sysfs = tree.attributes();
        List<AtaDevice> devices = new ArrayList<>();
        for (String dev : sysfs.names(tree.path("/sys/class/ata_device"))) {
            if (!dev.startsWith("dev" + number + ".")) {
                continue;
            }
            Path dir = tree.path("/sys/class/ata_device/" + dev);
            String deviceClass = sysfs.word(dir.resolve("class")).orElse(null);
            if ("unknown".equals(deviceClass) || "none".equals(deviceClass)) {
                continue;
            }
            String id = "ata" + number + "." + twoDigits(SysfsAttributes.parseLong(dev.substring(dev.indexOf('.') + 1)).orElse(0L));
            IdentifyData identify = tree.identify(dir.resolve("id"));
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
        return devices;
    }

    /** A link speed attribute, or null when it is missing or {@code <unknown>}. */
    private String knownSpeed(Path file) {
        String speed = tree.attributes().word(file).orElse(null);
        return "<unknown>".equals(speed) ? null : speed;
    }
}
