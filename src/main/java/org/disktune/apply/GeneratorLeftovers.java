package org.disktune.apply;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.LinkOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.Host;
import org.disktune.host.TreeProcesses;

/**
 * The temporary and backup files an initramfs generator leaves when it is killed half way, as disktune's generator is
 * when disktune is: update-initramfs writes {@code /boot/initrd.img-VERSION.new} and renames it over the image, and
 * keeps the old image as {@code /boot/initrd.img-VERSION.dpkg-bak} until it completes (then removes it, or renames it
 * to {@code .bak}); mkinitramfs works in {@code /var/tmp/mkinitramfs_XXXXXX} and {@code /var/tmp/mkinitramfs-*_XXXXXX}
 * (mktemp in ${TMPDIR:-/var/tmp}); dracut in {@code /var/tmp/dracut.XXXXXX}; mkinitcpio in {@code mkinitcpio.XXXXXX}
 * under /tmp or /var/tmp (their scripts in initramfs-tools 0.142, dracut 059, mkinitcpio 37).
 *
 * <p>A leftover is proven disktune's by the journal alone: its entry was interrupted while applying after it journaled
 * a {@link GeneratorRun} right before the generator started, and the name was not among that run's {@code existing}
 * names (so a directory that looked like a leftover before the run is never touched), is owned by root (the generator
 * runs as root; a name another user planted in the world-writable /tmp is not its work) and changed since the run
 * started. An entry without that record (killed before its generator started, or written by an earlier release) owns
 * none. None while a generator process runs in the machine's tree (apt may be running one).
 */
public final class GeneratorLeftovers {
    private static final Pattern BOOT = Pattern.compile("initrd\\.img-.+\\.(new|dpkg-bak)");
    private static final Pattern TEMP = Pattern.compile("(mkinitramfs[_-].+|dracut\\..+|mkinitcpio\\..+)");
    private static final Set<String> GENERATORS = Set.of("update-initramfs", "mkinitramfs", "dracut", "mkinitcpio");
    /** File times come from the kernel's coarse clock, up to a tick behind the clock disktune reads. */
    static final Duration COARSE_CLOCK = Duration.ofSeconds(1);

    private GeneratorLeftovers() {
    }

    /** The generator's temporary and backup names there now, proven or not, as machine paths, sorted. */
    static List<String> present(Host host) {
        List<String> found = new ArrayList<>();
        collect(host, "/boot", BOOT, found);
        collect(host, "/var/tmp", TEMP, found);
        collect(host, "/tmp", TEMP, found);
        return found.stream().sorted().toList();
    }

    /**
     * The {@code /boot/initrd.img-*.dpkg-bak} files there now: update-initramfs's backup, which only an interrupted run
     * of it leaves.
     */
    public static List<String> interruptedBackups(Host host) {
        return present(host).stream().filter(p -> p.startsWith("/boot/") && p.endsWith(".dpkg-bak")).toList();
    }

    /** The leftovers of {@code entries}' interrupted generator runs the journal proves, as machine paths, sorted. */
    public static List<String> of(Host host, List<JournalEntry> entries) {
        Instant since = null;
        Set<String> existing = new HashSet<>();
        for (JournalEntry entry : entries) {
            GeneratorRun run = entry.generatorRun();
            if (entry.state() == EntryState.APPLYING && run != null) {
                Instant began = Instant.parse(run.started()).minus(COARSE_CLOCK);
                since = since == null || began.isBefore(since) ? began : since;
                existing.addAll(run.existing());
            }
        }
        if (since == null || TreeProcesses.anyRunning(host, GENERATORS)) {
            return List.of();
        }
        List<String> found = new ArrayList<>();
        for (String path : present(host)) {
            if (!existing.contains(path) && host.ownedByRoot(path) && !statusChanged(host, path).isBefore(since)) {
                found.add(path);
            }
        }
        return List.copyOf(found);
    }

    /** True while a generator process runs in {@code host}'s tree. */
    static boolean generatorRunning(Host host) {
        return TreeProcesses.anyRunning(host, GENERATORS);
    }

    /**
     * Removes {@code paths} (files, links or whole directories), following no link at any depth: the host's writer
     * walks a directory by its descriptors ({@code AtomicFileWriter.deleteTree}), so a directory of /tmp swapped for
     * a link to a folder outside while it is removed loses nothing outside.
     */
    static void remove(Host host, List<String> paths) {
        for (String path : paths) {
            host.files().deleteTree(host.node(path));
        }
    }

    private static Instant statusChanged(Host host, String path) {
        try {
            return changed(host.node(path));
        } catch (IOException e) {
            return Instant.MIN; // gone meanwhile: nothing to remove
        }
    }

    /**
     * The status change time (ctime) of {@code file} (a last link not followed): the kernel sets it at every write, link,
     * rename and permission change, and no caller can set it back, unlike the modification time (a hard link keeps its
     * file's old mtime). The modification time where the file system keeps no ctime (Jimfs).
     */
    static Instant changed(Path file) throws IOException {
        try {
            return ((FileTime) Files.getAttribute(file, "unix:ctime", LinkOption.NOFOLLOW_LINKS)).toInstant();
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS).toInstant();
        }
    }

    private static void collect(Host host, String directory, Pattern names, List<String> found) {
        Path dir = host.path(directory);
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> listing = Files.list(dir)) {
            for (Path p : listing.toList()) {
                String name = p.getFileName().toString();
                if (names.matcher(name).matches()) {
                    found.add(directory + "/" + name);
                }
            }
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot list " + directory + ": " + MachineState.oneLine(e), e);
        }
    }
}
