package org.disktune.bench.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.detect.Disk;
import org.disktune.detect.MachineReport;
import org.disktune.detect.Mount;
import org.disktune.detect.Partition;
import org.disktune.host.Host;
import org.disktune.tuning.DesiredStatePlanner;

/**
 * Turns what the user names into a {@link BenchTarget}, or a one-line error before anything is read or written:
 * <ul>
 * <li>a block device as {@code sdb}, {@code /dev/sdb} or a link such as {@code /dev/disk/by-id/...} (resolved to its
 * kernel name, which must be a disk in /sys/block); a device that is mounted, or whose partition is, needs
 * {@code --force-read} (reading never changes it, but the file system's own I/O mixes into the figures);</li>
 * <li>an existing directory: the file system under test;</li>
 * <li>anything else (a regular file, a missing path, a partition) is USAGE (exit 2); a device node or directory the
 * user may not read or write is ENVIRONMENT (exit 4).</li>
 * </ul>
 */
public final class TargetResolver {
    private final Host host;

    public TargetResolver(Host host) {
        this.host = host;
    }

    public BenchTarget resolve(String target, MachineReport machine, boolean forceRead) {
        if (target == null || target.isBlank() || target.chars().anyMatch(Character::isISOControl)) {
            throw DisktuneException.usage("bench needs a TARGET: a block device (/dev/sdb) or a directory on the file system under test");
        }
        String path = target.startsWith("/") ? target : "/dev/" + target;
        Path resolved = host.path(path);
        if (target.startsWith("/") && Files.isDirectory(resolved) && !path.startsWith("/dev/")) {
            return directory(target, resolved, machine);
        }
        String name = kernelName(path, host.node(path)).orElse(null);
        Optional<Disk> found = name == null ? Optional.empty() : machine.disks().stream().filter(d -> d.name().equals(name)).findFirst();
        if (found.isEmpty()) {
            Optional<Disk> whole = name == null ? Optional.empty() : machine.disks().stream()
                    .filter(d -> d.partitions().stream().map(Partition::name).anyMatch(name::equals)).findFirst();
            throw DisktuneException.usage(whole.map(d -> target + " is a partition of " + d.name() + "; give the whole disk (/dev/"
                    + d.name() + "), or a directory on its file system").orElse("no block device or directory " + target
                    + "; give a disk (/dev/sdb, sdb, /dev/disk/by-id/...) or an existing directory"));
        }
        Disk disk = found.get();
        List<String> mounted = mountsOf(disk, machine);
        if (!mounted.isEmpty() && !forceRead) {
            throw DisktuneException.usage(disk.name() + " is in use (mounted at " + String.join(", ", mounted) + "); reading it raw changes "
                    + "nothing but its file system's I/O mixes into the figures: add --force-read to measure it anyway");
        }
        String node = "/dev/" + disk.name();
        if (host.live() && !Files.isReadable(host.path(node))) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot read " + node + ": run as root");
        }
        return new BenchTarget(BenchTarget.Kind.DEVICE, target, disk.name(), node, DesiredStatePlanner.identity(disk));
    }

    private BenchTarget directory(String target, Path resolved, MachineReport machine) {
        if (!Files.isWritable(resolved)) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot write in " + target + ": run as a user who may, or name another directory");
        }
        String normalized = resolved.normalize().toString();
        String root = host.root().toString();
        String machinePath = normalized.startsWith(root) ? "/" + host.root().relativize(resolved.normalize()) : target;
        Optional<Mount> mount = machine.mounts().stream()
                .filter(m -> machinePath.equals(m.mountPoint()) || machinePath.startsWith(m.mountPoint().endsWith("/") ? m.mountPoint()
                        : m.mountPoint() + "/"))
                .max(Comparator.comparingInt(m -> m.mountPoint().length()));
        String device = mount.map(Mount::device).orElse(null);
        String disk = device == null ? null : machine.disks().stream()
                .filter(d -> d.name().equals(device) || d.partitions().stream().map(Partition::name).anyMatch(device::equals))
                .map(Disk::name).findFirst().orElse(device);
        String identity = disk == null ? null : machine.disks().stream().filter(d -> d.name().equals(disk)).findFirst()
                .map(DesiredStatePlanner::identity).orElse(null);
        return new BenchTarget(BenchTarget.Kind.DIRECTORY, target, disk, machinePath, identity);
    }

    private Optional<String> kernelName(String path, Path resolved) {
        if (!path.startsWith("/dev/") || path.contains("/../")) {
            return Optional.empty();
        }
        String name = path.substring("/dev/".length());
        try {
            if (Files.isSymbolicLink(resolved)) {
                Path link = Files.readSymbolicLink(resolved).getFileName();
                name = link == null ? "" : link.toString();
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return name.isEmpty() || name.contains("/") ? Optional.empty() : Optional.of(name);
    }

    private static List<String> mountsOf(Disk disk, MachineReport machine) {
        return machine.mounts().stream()
                .filter(m -> m.device().equals(disk.name()) || disk.partitions().stream().map(Partition::name).anyMatch(m.device()::equals))
                .map(Mount::mountPoint).distinct().toList();
    }
}
