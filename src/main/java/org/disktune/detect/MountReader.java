package org.disktune.detect;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The mounts of the disks and their partitions: /proc/self/mountinfo, else /proc/mounts on kernels before 2.6.26. */
final class MountReader {
    private final SysfsTree tree;
    private final MountTableParser parser = new MountTableParser();

    MountReader(SysfsTree tree) {
        this.tree = tree;
    }

    /** The mounts whose source is one of the disks or their partitions, matched by device number, else by /dev name. */
    List<Mount> read(List<Disk> disks) {
        SysfsAttributes sysfs = tree.attributes();
        Map<String, String> byDevNumber = new HashMap<>();
        Map<String, String> known = new HashMap<>();
        for (Disk disk : disks) {
            known.put(disk.name(), disk.name());
            Path block = tree.path("/sys/block/" + disk.name());
            sysfs.word(block.resolve("dev")).ifPresent(number -> byDevNumber.put(number, disk.name()));
            for (Partition p : disk.partitions()) {
                known.put(p.name(), p.name());
                Path blockDir = tree.realPath(block).orElse(block);
                sysfs.word(blockDir.resolve(p.name()).resolve("dev")).ifPresent(number -> byDevNumber.put(number, p.name()));
            }
        }
        Path mountinfo = tree.path("/proc/self/mountinfo");
        List<MountTableParser.Entry> entries = Files.exists(mountinfo)
                ? parser.parseMountinfo(sysfs.lines(mountinfo))
                : parser.parseMounts(sysfs.lines(tree.path("/proc/mounts")));
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
        for (String line : tree.attributes().lines(tree.path("/proc/cmdline"))) {
            for (String word : SysfsAttributes.words(line.strip())) {
                if (word.startsWith("root=/dev/")) {
                    device = word.substring("root=".length()); // the last one counts
                }
            }
        }
        return Optional.ofNullable(device);
    }
}
