package org.disktune.boot;

import static org.disktune.initramfs.RealDebianRoots.Generator.DRACUT;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.LiveTree;
import org.disktune.initramfs.DisposableDebianRoot;
import org.disktune.initramfs.RealDebianRoots;
import org.disktune.initramfs.RealDebianRoots.DebianRoot;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@link KernelInstallLayout} against the real kernel-install of Debian 12 (systemd 252, in the cached dracut root):
 * for each arrangement of entry-token, install.conf, token directories, loader/entries and entries.srel,
 * {@code kernel-install inspect} run in the root (chroot) names the same $BOOT, entry token and layout as disktune reads.
 */
@Tag("debootstrap")
class RealKernelInstallLayoutTest {
    private static final List<String> CONFIGURED = List.of("/etc/kernel/entry-token", "/etc/kernel/install.conf", "/efi", "/boot/efi",
            "/boot/loader");

    private static void write(DebianRoot root, String machinePath, String text) throws IOException {
        Files.createDirectories(root.path(machinePath).getParent());
        Files.writeString(root.path(machinePath), text);
    }

    private static void dir(DebianRoot root, String machinePath) throws IOException {
        Files.createDirectories(root.path(machinePath));
    }

    /** Removes what the previous arrangement made. */
    private static void reset(DebianRoot root, String machineId) throws IOException {
        List<String> gone = new ArrayList<>(CONFIGURED);
        gone.addAll(List.of("/boot/" + machineId, "/boot/debian", "/boot/Default"));
        for (String p : gone) {
            Path path = root.path(p);
            if (Files.exists(path)) {
                try (Stream<Path> walk = Files.walk(path)) {
                    for (Path f : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                        Files.delete(f);
                    }
                }
            }
        }
    }

    private static String inspect(DebianRoot root) {
        String out = root.runWithProc("kernel-install", "inspect").requireSuccess().stdout();
        String token = value(out, "KERNEL_INSTALL_ENTRY_TOKEN");
        return value(out, "KERNEL_INSTALL_BOOT_ROOT") + " " + token + " " + value(out, "KERNEL_INSTALL_LAYOUT");
    }

    private static String value(String out, String name) {
        return out.lines().filter(l -> l.startsWith(name + ": ")).map(l -> l.substring(name.length() + 2)).findFirst().orElse("?");
    }

    private static String disktune(DebianRoot root) {
        KernelInstallLayout l = KernelInstallLayout.read(new LiveTree(root.dir(), () -> {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "no kernel log");
        }));
        return l.bootRoot() + " " + l.entryToken() + " " + l.layout();
    }

    @Test
    void disktuneFindsWhatKernelInstallInspectShows() throws IOException {
        try (DisposableDebianRoot copy = DisposableDebianRoot.copyOf(RealDebianRoots.get(DRACUT))) {
            copy.mountProc();
            DebianRoot root = copy.root();
            String id = Files.readString(root.path("/etc/machine-id")).strip();
            List<String> seen = new ArrayList<>();
            for (int arrangement = 0; arrangement < 7; arrangement++) {
                reset(root, id);
                switch (arrangement) {
                    case 0 -> { } // nothing: /boot, layout other
                    case 1 -> dir(root, "/boot/" + id);
                    case 2 -> dir(root, "/boot/debian"); // ID= of os-release
                    case 3 -> {
                        dir(root, "/efi/loader/entries");
                        dir(root, "/efi/debian"); // not reached: loader/entries ends the search at the machine ID
                    }
                    case 4 -> {
                        write(root, "/etc/kernel/entry-token", "my-token\n");
                        dir(root, "/boot/efi/my-token");
                    }
                    case 5 -> {
                        dir(root, "/boot/" + id);
                        write(root, "/boot/loader/entries.srel", "type2\n");
                    }
                    default -> write(root, "/etc/kernel/install.conf", "layout=uki\nBOOT_ROOT=/boot/efi\n");
                }
                String expected = inspect(root);
                seen.add(expected);
                assertEquals(expected, disktune(root), "arrangement " + arrangement);
            }
            assertEquals(List.of("/boot " + id + " other", "/boot " + id + " bls", "/boot debian bls", "/efi " + id + " other",
                    "/boot/efi my-token bls", "/boot " + id + " other", "/boot/efi " + id + " uki"), seen,
                    "the arrangements cover each way kernel-install decides");
        }
    }
}
