package org.disktune.detect;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The PCI storage controllers the disks and ATA ports hang off: each read once, when a device first leads to it. */
final class ControllerReader {
    private final SysfsTree tree;
    private final Map<String, Controller> found = new TreeMap<>();

    ControllerReader(SysfsTree tree) {
        this.tree = tree;
    }

    /** Reads the controller at PCI address (its sysfs directory dir) unless it has been read; returns it. */
    Controller at(String address, Path dir) {
        return found.computeIfAbsent(address, a -> read(a, dir));
    }

    /** The controller at a PCI address already read. */
    Controller known(String address) {
        return found.get(address);
    }

    /** The controllers read so far, by PCI address. */
    List<Controller> all() {
        return List.copyOf(found.values());
    }

    private Controller read(String address, Path dir) {
        SysfsAttributes sysfs = tree.attributes();
        String driver = sysfs.linkName(dir.resolve("driver"))
                .or(() -> sysfs.linkName(tree.path("/sys/bus/pci/devices/" + address).resolve("driver")))
                .orElse(null);
        String pciClass = sysfs.word(dir.resolve("class")).orElse(null);
        Map<String, String> parameters = new TreeMap<>();
        if (driver != null) {
            Path params = tree.path("/sys/module/" + driver.replace('-', '_') + "/parameters");
            for (String p : sysfs.names(params)) {
                sysfs.text(params.resolve(p)).ifPresent(value -> parameters.put(p, value.strip()));
            }
        }
        return new Controller(address, sysfs.word(dir.resolve("vendor")).orElse(null),
                sysfs.word(dir.resolve("device")).orElse(null), pciClass, DriverFamily.pciClassName(pciClass),
                driver, parameters);
    }
}
