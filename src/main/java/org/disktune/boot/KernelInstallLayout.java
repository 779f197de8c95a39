package org.disktune.boot;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.disktune.host.Host;
import org.disktune.initramfs.config.ShellConfigScanner;
import org.disktune.initramfs.config.ShellStatement;

/**
 * Where {@code kernel-install add} puts a kernel, found as systemd 252's kernel-install script (src/kernel-install/
 * kernel-install.in of v252, the one Debian 12 ships as /usr/bin/kernel-install) finds it, step by step:
 * <ol>
 * <li>install.conf: /etc/kernel/install.conf, else /usr/lib/kernel/install.conf (the first that exists, read whole,
 * never merged), sourced for {@code layout=}, {@code uki_generator=} (read by 60-ukify.install from v254),
 * {@code MACHINE_ID=} and {@code BOOT_ROOT=};</li>
 * <li>the machine ID: install.conf's, else {@code KERNEL_INSTALL_MACHINE_ID} of /etc/machine-info, else
 * /etc/machine-id unless it says {@code uninitialized} (else kernel-install makes up a random one: null here);</li>
 * <li>the entry token: the first line of /etc/kernel/entry-token; without it the candidates are the machine ID,
 * os-release's {@code IMAGE_ID} and {@code ID} (/etc/os-release) and {@code Default};</li>
 * <li>$BOOT: for each of /efi, /boot, /boot/efi (or install.conf's BOOT_ROOT alone) and each candidate in turn, the
 * first PREFIX/CANDIDATE directory decides both, else the first PREFIX/loader/entries directory decides $BOOT; else
 * the first of /efi, /boot/efi that is a mount point; else /boot. A token still unknown is the machine ID;</li>
 * <li>the layout: install.conf's, else {@code bls} when $BOOT/loader/entries.srel says {@code type1} ({@code other}
 * when it says anything else), else {@code bls} when $BOOT/TOKEN is a directory, else {@code other}.</li>
 * </ol>
 * systemd 254 and later (kernel-install in C, src/shared/boot-entry.c) take the entry token from /etc/kernel/entry-token,
 * else the machine ID, else IMAGE_ID, else ID, without looking for directories: the same answer wherever the token
 * directory is named after the machine ID, as a first install makes it.
 *
 * @param machineId     the machine ID, null when kernel-install would make up a random one
 * @param entryToken    the entry token, null with the machine ID
 * @param bootRoot      $BOOT, a machine path
 * @param layout        {@code bls}, {@code uki}, {@code other} or what install.conf says
 * @param layoutSource  where the layout came from, for messages
 * @param ukiGenerator  install.conf's {@code uki_generator}, empty when unset
 */
record KernelInstallLayout(String machineId, String entryToken, String bootRoot, String layout, String layoutSource,
        String ukiGenerator) {
    static final String ETC_INSTALL_CONF = "/etc/kernel/install.conf";
    static final String VENDOR_INSTALL_CONF = "/usr/lib/kernel/install.conf";
    private static final List<String> BOOT_ROOTS = List.of("/efi", "/boot", "/boot/efi");

    static KernelInstallLayout read(Host host) {
        String conf = Files.isRegularFile(host.path(ETC_INSTALL_CONF)) ? ETC_INSTALL_CONF
                : Files.isRegularFile(host.path(VENDOR_INSTALL_CONF)) ? VENDOR_INSTALL_CONF : null;
        List<ShellStatement> install = conf == null ? List.of() : statements(host, conf);
        String layout = value(install, "layout");
        String bootRoot = value(install, "BOOT_ROOT");
        String machineId = value(install, "MACHINE_ID");
        if (machineId.isEmpty() && Files.isRegularFile(host.path("/etc/machine-info"))) {
            machineId = value(statements(host, "/etc/machine-info"), "KERNEL_INSTALL_MACHINE_ID");
        }
        if (machineId.isEmpty()) {
            machineId = firstLine(host, "/etc/machine-id").filter(id -> !id.equals("uninitialized")).orElse("");
        }
        String token = firstLine(host, "/etc/kernel/entry-token").orElse("");
        List<String> candidates = new ArrayList<>();
        if (token.isEmpty()) {
            candidates.add(machineId);
            List<ShellStatement> osRelease = Files.isRegularFile(host.path("/etc/os-release")) ? statements(host, "/etc/os-release") : List.of();
            candidates.add(value(osRelease, "IMAGE_ID"));
            candidates.add(value(osRelease, "ID"));
            candidates.add("Default");
            candidates.removeIf(String::isEmpty);
        } else {
            candidates.add(token);
        }
        String boot = "";
        search:
        for (String prefix : bootRoot.isEmpty() ? BOOT_ROOTS : List.of(bootRoot)) {
            for (String candidate : candidates) {
                if (Files.isDirectory(host.path(prefix + "/" + candidate))) {
                    boot = bootRoot.isEmpty() ? prefix : bootRoot;
                    token = token.isEmpty() ? candidate : token;
                    break search;
                }
                if (Files.isDirectory(host.path(prefix + "/loader/entries"))) {
                    boot = bootRoot.isEmpty() ? prefix : bootRoot;
                    break search;
                }
            }
        }
        if (boot.isEmpty()) {
            boot = bootRoot.isEmpty() ? List.of("/efi", "/boot/efi").stream().filter(p -> mountPoint(host, p)).findFirst().orElse("/boot")
                    : bootRoot;
        }
        token = token.isEmpty() ? machineId : token;
        String source = conf + " layout=" + layout;
        if (layout.isEmpty()) {
            Optional<String> srel = firstLine(host, boot + "/loader/entries.srel");
            if (srel.isPresent() || Files.exists(host.path(boot + "/loader/entries.srel"))) {
                layout = srel.orElse("").equals("type1") ? "bls" : "other";
                source = boot + "/loader/entries.srel says " + srel.orElse("nothing");
            } else if (!token.isEmpty() && Files.isDirectory(host.path(boot + "/" + token))) {
                layout = "bls";
                source = boot + "/" + token + " is a directory";
            } else {
                layout = "other";
                source = "neither " + boot + "/loader/entries.srel nor " + boot + "/" + (token.isEmpty() ? "MACHINE-ID" : token)
                        + " exists";
            }
        }
        return new KernelInstallLayout(machineId.isEmpty() ? null : machineId, token.isEmpty() ? null : token, boot, layout, source,
                value(install, "uki_generator"));
    }

    /** The last assignment of {@code name} among the statements (as sourcing the file leaves it), empty when none. */
    private static String value(List<ShellStatement> statements, String name) {
        String found = "";
        for (ShellStatement s : statements) {
            if (s instanceof ShellStatement.Assignment a && a.name().equals(name)) {
                found = a.append() ? found + String.join(" ", a.values()) : String.join(" ", a.values());
            }
        }
        return found.strip();
    }

    private static List<ShellStatement> statements(Host host, String path) {
        byte[] bytes = host.fileBytesOrNull(path);
        return bytes == null ? List.of() : ShellConfigScanner.scan(path, new String(bytes, StandardCharsets.ISO_8859_1));
    }

    /** True when /proc/mounts lists {@code path} as a mount point ({@code mountpoint -q}). */
    private static boolean mountPoint(Host host, String path) {
        byte[] mounts = host.fileBytesOrNull("/proc/mounts");
        return mounts != null && new String(mounts, StandardCharsets.ISO_8859_1).lines()
                .map(l -> l.split("\\s+")).anyMatch(f -> f.length > 1 && f[1].equals(path));
    }

    /** The first line of the file ({@code read -r}: surrounding blanks gone), empty when absent or blank. */
    static Optional<String> firstLine(Host host, String path) {
        if (!Files.isRegularFile(host.path(path))) {
            return Optional.empty();
        }
        byte[] bytes = host.fileBytesOrNull(path);
        String line = new String(bytes, StandardCharsets.UTF_8).lines().findFirst().orElse("").strip();
        return line.isEmpty() ? Optional.empty() : Optional.of(line);
    }
}
