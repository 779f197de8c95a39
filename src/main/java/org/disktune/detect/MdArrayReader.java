package org.disktune.detect;

import static org.disktune.detect.SysfsNames.isHex;
import static org.disktune.detect.SysfsNames.mdstatArray;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.disktune.config.Transport;

/** The md software RAID arrays among the disks: level, state, members (sysfs, else /proc/mdstat), UUID. */
final class MdArrayReader {
    private final SysfsTree tree;

    MdArrayReader(SysfsTree tree) {
        this.tree = tree;
    }

    /** One array per disk of transport md. */
    List<MdArray> read(List<Disk> disks) {
        Map<String, List<String>> mdstatMembers = mdstatMembers();
        SysfsAttributes sysfs = tree.attributes();
        return disks.stream().filter(disk -> disk.transport() == Transport.MD).map(disk -> {
            Path dir = tree.path("/sys/block/" + disk.name());
            Path md = dir.resolve("md");
            List<String> members = sysfs.names(dir.resolve("slaves"));
            if (members.isEmpty()) {
                members = mdstatMembers.getOrDefault(disk.name(), List.of());
            }
            return new MdArray(disk.name(),
                    sysfs.word(md.resolve("level")).orElse(null),
                    sysfs.word(md.resolve("array_state")).orElse(null),
                    sysfs.integer(md.resolve("raid_disks")).orElse(null),
                    members, disk.readAheadKb(), uuid(md, disk.name()),
                    sysfs.integer(md.resolve("stripe_cache_size")).orElse(null));
        }).toList();
    }

    /** Members per array from /proc/mdstat ("md0 : active raid1 hdf1[1] hde1[0]"). */
    private Map<String, List<String>> mdstatMembers() {
        Map<String, List<String>> members = new HashMap<>();
        for (String line : tree.attributes().lines(tree.path("/proc/mdstat"))) {
            String[] array = mdstatArray(line);
            if (array != null) {
                members.put(array[0], SysfsNames.mdstatMembers(array[1]).stream().sorted(SysfsAttributes.NATURAL_ORDER).toList());
            }
        }
        return members;
    }

    /**
     * The array's UUID as mdadm prints it: md/uuid (Linux 5.10 on, with dashes) in mdadm's colon form, else
     * the udev link /dev/disk/by-id/md-uuid-UUID pointing at the array.
     */
    private String uuid(Path md, String array) {
        SysfsAttributes sysfs = tree.attributes();
        String uuid = sysfs.word(md.resolve("uuid")).orElse(null);
        if (uuid != null) {
            String u = uuid.replace("-", "");
            if (isHex(u, 32)) {
                return u.substring(0, 8) + ":" + u.substring(8, 16) + ":" + u.substring(16, 24) + ":" + u.substring(24);
            }
        }
        Path dir = tree.path("/dev/disk/by-id");
        for (String id : sysfs.names(dir)) {
            if (id.startsWith("md-uuid-") && array.equals(sysfs.linkName(dir.resolve(id)).orElse(null))) {
                return id.substring("md-uuid-".length());
            }
        }
        return null;
    }
}
