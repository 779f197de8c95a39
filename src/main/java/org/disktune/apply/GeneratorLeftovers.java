package org.disktune.apply;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.Host;
import org.disktune.host.TreeProcesses;

/**
 * The temporary files an initramfs generator leaves when it is killed half way, as disktune's generator is when
 * disktune is: update-initramfs writes {@code /boot/initrd.img-VERSION.new} and renames it over the image;
 * mkinitramfs works in {@code /var/tmp/mkinitramfs_XXXXXX} and {@code /var/tmp/mkinitramfs-*_XXXXXX} (mktemp in
 * ${TMPDIR:-/var/tmp}); dracut in {@code /var/tmp/dracut.XXXXXX}; mkinitcpio in {@code mkinitcpio.XXXXXX} under
 * /tmp or /var/tmp (their scripts in initramfs-tools 0.142, dracut 059, mkinitcpio 37). Only those of an entry
 * interrupted while applying a plan that ran a program count, and only those changed since the entry began (older
 * ones are someone else's), and only those owned by root: the generator runs as root, and a name another user
 * planted in the world-writable /tmp is not its work; none while a generator process runs in the machine's tree (apt
 * may be running one).
 */
public final class GeneratorLeftovers {
    private static final Pattern BOOT = Pattern.compile("initrd\\.img-.+\\.new");
    private static final Pattern TEMP = Pattern.compile("(mkinitramfs[_-].+|dracut\\..+|mkinitcpio\\..+)");
    private static final Set<String> GENERATORS = Set.of("update-initramfs", "mkinitramfs", "dracut", "mkinitcpio");

    private GeneratorLeftovers() {
    }

    /** The leftovers of {@code entries}' interrupted generator runs, as machine paths, sorted. */
    public static List<String> of(Host host, List<JournalEntry> entries) {
        Instant since = null;
        for (JournalEntry entry : entries) {
            boolean ranProgram = entry.changes().stream().anyMatch(c -> c.kind() == ChangeKind.RUN_PROGRAM);
            if (entry.state() == EntryState.APPLYING && ranProgram) {
                Instant began = Instant.parse(entry.time());
                since = since == null || began.isBefore(since) ? began : since;
            }
        }
        if (since == null || TreeProcesses.anyRunning(host, GENERATORS)) {
            return List.of();
        }
        List<String> found = new ArrayList<>();
        collect(host, "/boot", BOOT, since, found);
        collect(host, "/var/tmp", TEMP, since, found);
        collect(host, "/tmp", TEMP, since, found);
        return found.stream().sorted().toList();
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

    private static void collect(Host host, String directory, Pattern names, Instant since, List<String> found) {
        Path dir = host.path(directory);
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> listing = Files.list(dir)) {
            for (Path p : listing.toList()) {
                String name = p.getFileName().toString();
                if (names.matcher(name).matches() && host.ownedByRoot(directory + "/" + name)
                        && !Files.getLastModifiedTime(p, java.nio.file.LinkOption.NOFOLLOW_LINKS).toInstant().isBefore(since)) {
                    found.add(directory + "/" + name);
                }
            }
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot list " + directory + ": " + PlanExecutor.oneLine(e), e);
        }
    }
}
