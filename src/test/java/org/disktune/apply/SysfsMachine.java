package org.disktune.apply;

import java.io.IOException;
import java.nio.file.Files;

/** Emulated sysfs for a {@link JimfsMachine}: two disks, their /dev/disk/by-id links. */
final class SysfsMachine {
    static final String SDA_SCHEDULER = "/sys/block/sda/queue/scheduler";
    static final String SDA_READ_AHEAD = "/sys/block/sda/queue/read_ahead_kb";
    static final String SDB_SCHEDULER = "/sys/block/sdb/queue/scheduler";
    static final String SDB_NR_REQUESTS = "/sys/block/sdb/queue/nr_requests";
    static final String ID_A = "ata-DISK_A_1234";
    static final String ID_B = "ata-DISK_B_5678";

    private SysfsMachine() {
    }

    static void disks(JimfsMachine m) throws IOException {
        disk(m, "sda", ID_A);
        disk(m, "sdb", ID_B);
    }

    static void disk(JimfsMachine m, String name, String identity) throws IOException {
        m.write("/sys/block/" + name + "/queue/scheduler", "[mq-deadline] kyber bfq none\n");
        m.write("/sys/block/" + name + "/queue/read_ahead_kb", "128\n");
        m.write("/sys/block/" + name + "/queue/nr_requests", "64\n");
        link(m, identity, name);
    }

    static void link(JimfsMachine m, String identity, String name) throws IOException {
        Files.createDirectories(m.path("/dev/disk/by-id"));
        Files.deleteIfExists(m.node("/dev/disk/by-id/" + identity));
        Files.createSymbolicLink(m.node("/dev/disk/by-id/" + identity), m.fs.getPath("../../" + name));
    }

    static String text(JimfsMachine m, String path) throws IOException {
        return new String(m.read(path), java.nio.charset.StandardCharsets.US_ASCII);
    }
}
