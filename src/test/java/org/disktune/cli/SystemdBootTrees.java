package org.disktune.cli;

import static org.disktune.cli.BootTrees.write;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What the systemd-boot trees of the apply/rollback tests share: a Debian 12 machine with a machine ID, two kernels,
 * /boot mounted as the ESP, a boot ID, and a configuration routing one nvme_core parameter to the command line. Each
 * test adds its loader's own files (BLS entries, or UKIs) and its /proc/cmdline.
 */
final class SystemdBootTrees {
    static final String CONFIG = "/etc/disktune/disktune.conf";
    static final String CMDLINE = "/etc/kernel/cmdline";
    static final String MACHINE_ID = "4f2a9c1e8b7d4e6fa0c3b5d7e9f1a2b4";
    static final List<String> KERNELS = List.of("6.1.0-17-amd64", "6.1.0-18-amd64");
    static final String ROOT_ARGS = "root=UUID=0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0 ro quiet";
    static final String WORD = "nvme_core.default_ps_max_latency_us=0";

    private SystemdBootTrees() {
    }

    /** The files every systemd-boot tree has (see the class comment). */
    static void debian(Path root) throws IOException {
        write(root, "/etc/debian_version", "12.8\n");
        write(root, "/etc/machine-id", MACHINE_ID + "\n");
        for (String version : KERNELS) {
            write(root, "/boot/vmlinuz-" + version, "kernel " + version);
            write(root, "/boot/initrd.img-" + version, "initrd " + version);
            Files.createDirectories(root.resolve("lib/modules/" + version));
        }
        write(root, "/proc/sys/kernel/random/boot_id", "6c0f4a52-1a7e-4f0b-9d1e-2b3c4d5e6f70\n");
        write(root, "/proc/mounts", "/dev/sda2 / ext4 rw,relatime 0 0\n/dev/sda1 /boot vfat rw,relatime 0 0\n");
        write(root, CONFIG, "[module nvme_core]\nvia = cmdline\ndefault_ps_max_latency_us = 0\n");
    }
}
