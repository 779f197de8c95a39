package org.disktune.detect;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.disktune.host.Host;

/**
 * The host's sysfs and procfs as the device readers walk them: attributes, links resolved inside the root, and the
 * IDENTIFY data of ATA devices.
 */
final class SysfsTree {
    private final Host host;
    private final SysfsAttributes sysfs;
    private final IdentifyParser identifyParser = new IdentifyParser();

    SysfsTree(Host host) {
        this.host = host;
        this.sysfs = new SysfsAttributes(host);
    }

    Host host() {
        return host;
    }

    SysfsAttributes attributes() {
        return sysfs;
    }

    /** The host path of an absolute machine path. */
    Path path(String machinePath) {
        return host.path(machinePath);
    }

    /** The path with its links resolved (on the machine by the kernel; under a root they are resolved already), or empty. */
    Optional<Path> realPath(Path path) {
        try {
            Path inRoot = host.contain(path);
            if (!Files.exists(inRoot)) {
                return Optional.empty();
            }
            return Optional.of(host.live() ? inRoot.toRealPath() : inRoot);
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** A host path as the machine names it: absolute, without the root. */
    String machinePath(Path path) {
        Path root = host.root();
        if (path.startsWith(root)) {
            return "/" + root.relativize(path).toString();
        }
        return path.toString();
    }

    /** The IDENTIFY data in an ata_device's {@code id} file (or /proc/ide/hdX/identify), or null. */
    IdentifyData identify(Path id) {
        String text = sysfs.text(id).orElse(null);
        return text == null ? null : identifyParser.parse(text).orElse(null);
    }
}
