package org.disktune.persist;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.Host;

/**
 * What a machine has of disktune's units, read through a {@link Host} before planning: each unit's bytes
 * in /etc/systemd/system (null when absent), the units a package installed, the units enabled (every
 * {@code WantedBy=} link present), whether {@link Units#PROGRAM} exists, and whether the host is the live
 * machine (programs such as systemctl can run) or a --root tree, and whether systemd runs the machine: sd_booted(3)'s
 * test, /run/systemd/system is a directory. In a chroot or a container without systemd (a package installed into
 * an image) {@code systemctl enable} still works on the files, but daemon-reload and start fail.
 */
public record UnitsState(Map<String, byte[]> etc, List<String> packaged, List<String> enabled, boolean programPresent,
        boolean live, boolean systemdRunning) {
    public UnitsState {
        Map<String, byte[]> copy = new LinkedHashMap<>();
        for (Map.Entry<String, byte[]> e : etc.entrySet()) {
            copy.put(e.getKey(), e.getValue() == null ? null : e.getValue().clone());
        }
        etc = java.util.Collections.unmodifiableMap(copy);
        packaged = List.copyOf(packaged);
        enabled = List.copyOf(enabled);
    }

    /** Reads the state of {@link Units#NAMES} on {@code host}. */
    public static UnitsState read(Host host) {
        Map<String, byte[]> etc = new LinkedHashMap<>();
        List<String> packaged = new ArrayList<>();
        List<String> enabled = new ArrayList<>();
        for (String name : Units.NAMES) {
            etc.put(name, read(host, Units.ETC_DIRECTORY + "/" + name));
            if (inPackageDirectory(host, name)) {
                packaged.add(name);
            }
            List<String> targets = Units.wantedBy(name);
            if (!targets.isEmpty() && allLinked(host, name, targets)) {
                enabled.add(name);
            }
        }
        return new UnitsState(etc, packaged, enabled, Files.exists(host.path(Units.PROGRAM)), host.live(),
                host.live() && Files.isDirectory(host.path("/run/systemd/system")));
    }

    private static boolean inPackageDirectory(Host host, String name) {
        return Units.PACKAGE_DIRECTORIES.stream().anyMatch(d -> Files.isRegularFile(host.path(d + "/" + name)));
    }

    private static boolean allLinked(Host host, String name, List<String> targets) {
        return targets.stream().allMatch(t -> Files.exists(host.node(Units.enableLink(name, t)), LinkOption.NOFOLLOW_LINKS));
    }

    private static byte[] read(Host host, String machinePath) {
        Path path = host.path(machinePath);
        try {
            return Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS) ? Files.readAllBytes(path) : null;
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot read " + machinePath + ": " + e.getMessage());
        }
    }

    /** True when /etc/systemd/system holds exactly the shipped unit {@code name}. */
    public boolean current(String name) {
        return Arrays.equals(etc.get(name), Units.shipped(name));
    }
}
