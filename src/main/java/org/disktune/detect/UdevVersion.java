package org.disktune.detect;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.disktune.host.Host;

/**
 * The udev of the machine, as its package files tell (nothing is run: a tree's {@code /sbin/udevd} may be of another
 * architecture, and running it is not safe), and the file that told. What a generated udev rule may use depends on it:
 * {@code ATTR{}} keys from udev 098, {@code SYMLINK==} matches from 114, {@code ID_SERIAL_SHORT} from scsi_id from 102
 * and from ata_id (IDE {@code hd*} disks) from 144 (udev's NEWS and ChangeLog). In order:
 * <ul>
 * <li>the {@code udev} stanza of dpkg's {@code /var/lib/dpkg/status} (Debian, Ubuntu): {@code 0.105-4} is udev 105,
 * {@code 252.39-1~deb12u1} (systemd's udev package) is 252;</li>
 * <li>pacman's {@code /var/lib/pacman/local/udev-NNN-R} (Arch before systemd) or {@code systemd-NNN-R};</li>
 * <li>an RPM package's documentation directory {@code /usr/share/doc/udev-NNN} (Red Hat and its rebuilds up to 7);</li>
 * <li>systemd as the init system: udev is part of systemd from its version 183, so at least 183;</li>
 * <li>else unknown ({@link #version()} 0; {@code null} in JSON).</li>
 * </ul>
 */
public record UdevVersion(@JsonIgnore int version, String evidence) {
    public static final UdevVersion UNKNOWN = new UdevVersion(0, "no udev package in dpkg's status, pacman's database or /usr/share/doc, "
            + "and no systemd");
    /** The first udev that is part of systemd. */
    public static final int IN_SYSTEMD = 183;

    private static final String DPKG_STATUS = DpkgStatus.PATH;
    private static final Pattern DPKG_VERSION = Pattern.compile("(?:[0-9]+:)?(?:0\\.)?0*([0-9]{1,4})(?:[.~+-].*)?");
    private static final Pattern PACMAN_NAME = Pattern.compile("(?:udev|systemd)-(?:[0-9]+:)?0*([0-9]{1,4})(?:[.][0-9.]*)?-[0-9.]+");
    private static final Pattern DOC_NAME = Pattern.compile("udev-0*([0-9]{1,4})");

    /** The version as {@code detect --json} shows it: {@code null} when unknown, never a made-up 0. */
    @JsonProperty("version")
    Integer shownVersion() {
        return known() ? version : null;
    }

    public boolean known() {
        return version > 0;
    }

    /** True when the udev is known to be {@code release} or later. */
    public boolean atLeast(int release) {
        return version >= release;
    }

    /** What {@code plan} says: {@code udev 095 (/usr/share/doc/udev-095)}. */
    public String describe() {
        return known() ? "udev " + String.format("%03d", version) + " (" + evidence + ")" : "udev of unknown version (" + evidence + ")";
    }

    public static UdevVersion detect(Host host, InitSystem init) {
        return fromDpkg(host).or(() -> fromNames(host, "/var/lib/pacman/local", PACMAN_NAME))
                .or(() -> fromNames(host, "/usr/share/doc", DOC_NAME))
                .orElse(init.systemd() ? new UdevVersion(IN_SYSTEMD, "systemd boots it, and udev is part of systemd from 183") : UNKNOWN);
    }

    /** The installed udev package of dpkg's status file and its Version (systemd's own version from Debian 8 on). */
    private static Optional<UdevVersion> fromDpkg(Host host) {
        Path status = host.path(DPKG_STATUS);
        if (!Files.isRegularFile(status)) {
            return Optional.empty();
        }
        String text;
        try {
            text = Files.readString(status, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            return Optional.empty(); // an unreadable status file tells nothing: the other sources decide
        }
        return DpkgStatus.installedVersion(text, "udev").flatMap(version -> {
            Matcher m = DPKG_VERSION.matcher(version);
            return m.matches() ? Optional.of(new UdevVersion(Integer.parseInt(m.group(1)), DPKG_STATUS + ": udev " + version))
                    : Optional.empty();
        });
    }

    /** The highest version among the entries of {@code directory} whose names match {@code name}. */
    private static Optional<UdevVersion> fromNames(Host host, String directory, Pattern name) {
        Path dir = host.path(directory);
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        List<UdevVersion> found = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                Matcher m = name.matcher(entry.getFileName().toString());
                if (m.matches()) {
                    found.add(new UdevVersion(Integer.parseInt(m.group(1)), directory + "/" + entry.getFileName()));
                }
            }
        } catch (IOException e) {
            return Optional.empty(); // an unreadable directory tells nothing
        }
        return found.stream().max(java.util.Comparator.comparingInt(UdevVersion::version));
    }
}
