package org.disktune.initramfs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.disktune.core.Sha256;
import org.disktune.host.Host;

/**
 * What disktune found inside an initramfs image (the SHA-256 of each file it looked for, or its absence),
 * remembered under {@value #DIRECTORY} so that {@code disktune verify} does not decompress an unchanged image
 * on every call. A record holds for the image whose (device, inode, size, mtime, ctime) it names and for the
 * disktune version that wrote it; anything else is read again. Why that identity is safe: the kernel sets an
 * inode's ctime on every change of its content or metadata and no system call sets it to a chosen value
 * (stat(2), inode(7): "st_ctime ... changed by writing or by setting inode information"), so a rewritten,
 * replaced or touched image, even with the same size and mtime, has another ctime, inode or both
 * (update-initramfs and dracut write a new file and rename it over the old one). Only listings the kernel
 * unpacks whole are remembered, and only of an image whose ctime is more than {@link #SETTLED} older than the
 * host's clock: inode times come from the kernel's coarse clock (one tick, 1 to 10 ms), so a file rewritten in
 * the same tick with the same size could keep all five values (git's "racily clean" index entries, the same rule). The records are small text files, one per image path, written atomically
 * through the host (so inside --root); a record that cannot be read or written costs one image read, nothing
 * else.
 */
public final class ImageVerdicts {
    /** Where the records live, one file per image path (named by the SHA-256 of that path). */
    public static final String DIRECTORY = "/var/lib/disktune/image-verdicts";
    private static final String HEADER = "disktune-image-verdicts 1";
    private static final String ABSENT = "-";
    /** How old an image's last change must be before its findings are remembered. */
    static final java.time.Duration SETTLED = java.time.Duration.ofSeconds(2);

    private final Host host;
    private final String version;

    /** {@code version}: disktune's version; a record another version wrote is not trusted (its reader may differ). */
    public ImageVerdicts(Host host, String version) {
        this.host = host;
        this.version = version;
    }

    /**
     * The remembered SHA-256 (empty: not in the image) of each of {@code paths} inside {@code image}, when a
     * record matches the image as it is now and holds every one of them.
     */
    public Optional<Map<String, Optional<String>>> recall(Path image, List<String> paths) {
        Optional<String> identity = identity(image);
        if (identity.isEmpty()) {
            return Optional.empty();
        }
        Path record = record(image);
        List<String> lines;
        try {
            if (!Files.isRegularFile(record, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.empty();
            }
            lines = Files.readAllLines(record, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        if (lines.size() < 3 || !lines.get(0).equals(HEADER) || !lines.get(1).equals("version " + version)
                || !lines.get(2).equals("image " + identity.get())) {
            return Optional.empty();
        }
        Map<String, Optional<String>> known = new LinkedHashMap<>();
        for (String line : lines.subList(3, lines.size())) {
            String[] f = line.split(" ", 3);
            if (f.length != 3 || !f[0].equals("file")) {
                return Optional.empty();
            }
            known.put(f[2], f[1].equals(ABSENT) ? Optional.empty() : Optional.of(f[1]));
        }
        Map<String, Optional<String>> found = new LinkedHashMap<>();
        for (String path : paths) {
            Optional<String> sha = known.get(path);
            if (sha == null) {
                return Optional.empty();
            }
            found.put(path, sha);
        }
        return Optional.of(found);
    }

    /**
     * Remembers what was found in {@code image} (read as it was when {@code before} was taken): written only
     * when the image still has that identity, so a record never pairs an image's new identity with old findings.
     */
    public void remember(Path image, Optional<String> before, Map<String, Optional<String>> found) {
        if (before.isEmpty() || !before.equals(identity(image)) || !settled(image)) {
            return;
        }
        StringBuilder text = new StringBuilder(HEADER).append('\n')
                .append("version ").append(version).append('\n')
                .append("image ").append(before.get()).append('\n');
        for (Map.Entry<String, Optional<String>> e : found.entrySet()) {
            if (e.getKey().indexOf('\n') >= 0 || e.getKey().indexOf('\r') >= 0) {
                return; // a name that would break the record's lines is not remembered
            }
            text.append("file ").append(e.getValue().orElse(ABSENT)).append(' ').append(e.getKey()).append('\n');
        }
        try {
            host.files().write(record(image), text.toString().getBytes(StandardCharsets.UTF_8), true);
        } catch (RuntimeException e) {
            // read-only root, not root, full disk: the next verify reads the image again, nothing worse
        }
    }

    /**
     * The image's identity now: device, inode, size, mtime and ctime (nanoseconds) of the file the path leads
     * to, or empty when the file system does not report them (no "unix" attribute view) or the file is gone.
     */
    public Optional<String> identity(Path image) {
        try {
            Map<String, Object> a = Files.readAttributes(image, "unix:dev,ino,size,lastModifiedTime,ctime");
            List<Object> parts = new ArrayList<>();
            parts.add(a.get("dev"));
            parts.add(a.get("ino"));
            parts.add(a.get("size"));
            parts.add(nanos(a.get("lastModifiedTime")));
            parts.add(nanos(a.get("ctime")));
            if (parts.contains(null)) {
                return Optional.empty();
            }
            return Optional.of("dev=" + parts.get(0) + " ino=" + parts.get(1) + " size=" + parts.get(2)
                    + " mtime=" + parts.get(3) + " ctime=" + parts.get(4));
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private boolean settled(Path image) {
        try {
            FileTime ctime = (FileTime) Files.getAttribute(image, "unix:ctime");
            return ctime.toInstant().plus(SETTLED).isBefore(host.clock().instant());
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static Long nanos(Object time) {
        return time instanceof FileTime t ? t.to(TimeUnit.NANOSECONDS) : null;
    }

    private Path record(Path image) {
        String key = Sha256.of(image.toAbsolutePath().normalize().toString().getBytes(StandardCharsets.UTF_8));
        return host.path(DIRECTORY + "/" + key);
    }
}
