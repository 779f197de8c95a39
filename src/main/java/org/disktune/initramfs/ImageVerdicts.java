package org.disktune.initramfs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;

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
 * the same tick with the same size could keep all five values (git's "racily clean" index entries, the same rule).
 * A record also keeps the SHA-256 of each host file the image's files were compared with, under the same rule and
 * with the host file's own identity, so that a warm verify hashes nothing: a changed host file is hashed again.
 * The records are small text files, one per image path (named by that path's String.hashCode, which the
 * record repeats, so two paths with one name only replace each other's record), written atomically through the host
 * (so inside --root), ending in the CRC-32 of the lines before it. They are a cache (FHS /var/cache: removable at any
 * time): a record that is missing, cannot be read or written, or is corrupt (its CRC does not match) costs one image
 * read, never another verdict or a failed command. Records of older versions under /var/lib/disktune/image-verdicts
 * are not read (nor removed: they are the admin's to delete).
 */
public final class ImageVerdicts {
    /** Where the records live, one file per image path (named by that path's String.hashCode, in hex). */
    public static final String DIRECTORY = "/var/cache/disktune/image-verdicts";
    private static final String HEADER = "disktune-image-verdicts 3";
    private static final String CRC = "crc32 ";
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

    /** A host file as hashed: its identity taken before it was read (null when unknown) and its SHA-256. */
    public record HostFile(Path file, String identity, String sha256) {
    }

    /** An image's record as read back: what was found inside it, and the host files' hashes as they were then. */
    public static final class Recalled {
        private final Map<String, Optional<String>> found;
        private final Map<String, String[]> hosts;

        Recalled(Map<String, Optional<String>> found, Map<String, String[]> hosts) {
            this.found = found;
            this.hosts = hosts;
        }

        /** The remembered SHA-256 (empty: not in the image) of each path asked for. */
        public Map<String, Optional<String>> found() {
            return found;
        }

        /** The remembered SHA-256 of {@code file} when its identity now is {@code identityNow}; null otherwise. */
        public String hostSha256(Path file, String identityNow) {
            String[] known = hosts.get(key(file));
            return known != null && identityNow != null && known[0].equals(identityNow) ? known[1] : null;
        }
    }

    /**
     * The remembered SHA-256 (empty: not in the image) of each of {@code paths} inside {@code image}, when a
     * record matches the image as it is now and holds every one of them.
     */
    public Optional<Map<String, Optional<String>>> recall(Path image, List<String> paths) {
        Optional<Recalled> recalled = recallRecord(image, paths);
        return recalled.isPresent() ? Optional.of(recalled.get().found()) : Optional.empty();
    }

    /** As {@link #recall}, with the host files' remembered hashes. */
    public Optional<Recalled> recallRecord(Path image, List<String> paths) {
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
            lines = intact(Files.readAllBytes(record));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        if (lines == null) {
            return Optional.empty(); // torn, truncated or edited: read the image again
        }
        if (lines.size() < 4 || !lines.get(0).equals(HEADER) || !lines.get(1).equals("version " + version)
                || !lines.get(2).equals("path " + key(image)) || !lines.get(3).equals("image " + identity.get())) {
            return Optional.empty();
        }
        Map<String, Optional<String>> known = new LinkedHashMap<>();
        Map<String, String[]> hosts = new LinkedHashMap<>();
        for (String line : lines.subList(4, lines.size())) {
            if (line.startsWith("host ")) {
                // host SHA dev=D ino=I size=S mtime=M ctime=C PATH
                String[] f = line.split(" ", 8);
                if (f.length != 8) {
                    return Optional.empty();
                }
                hosts.put(f[7], new String[] {f[2] + " " + f[3] + " " + f[4] + " " + f[5] + " " + f[6], f[1]});
                continue;
            }
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
        return Optional.of(new Recalled(found, hosts));
    }

    /**
     * Remembers what was found in {@code image} (read as it was when {@code before} was taken): written only
     * when the image still has that identity, so a record never pairs an image's new identity with old findings.
     */
    public void remember(Path image, Optional<String> before, Map<String, Optional<String>> found) {
        remember(image, before, found, List.of());
    }

    /**
     * As {@link #remember(Path, Optional, Map)}, with the hashes of host files: each kept only when the file still
     * has the identity it had before it was read, and its last change is settled, by the image's rule.
     */
    public void remember(Path image, Optional<String> before, Map<String, Optional<String>> found, List<HostFile> hosts) {
        if (before.isEmpty() || !before.equals(identity(image)) || !settled(image)) {
            return;
        }
        StringBuilder text = new StringBuilder(HEADER).append('\n')
                .append("version ").append(version).append('\n')
                .append("path ").append(key(image)).append('\n')
                .append("image ").append(before.get()).append('\n');
        if (breaksLine(key(image))) {
            return;
        }
        for (Map.Entry<String, Optional<String>> e : found.entrySet()) {
            if (breaksLine(e.getKey())) {
                return; // a name that would break the record's lines is not remembered
            }
            text.append("file ").append(e.getValue().orElse(ABSENT)).append(' ').append(e.getKey()).append('\n');
        }
        for (HostFile h : hosts) {
            String path = key(h.file());
            if (h.identity() != null && h.sha256() != null && !breaksLine(path)) {
                Optional<String> now = identity(h.file());
                if (now.isPresent() && now.get().equals(h.identity()) && settled(h.file())) {
                    text.append("host ").append(h.sha256()).append(' ').append(h.identity()).append(' ').append(path).append('\n');
                }
            }
        }
        byte[] lines = text.toString().getBytes(StandardCharsets.UTF_8);
        text.append(CRC).append(crc32(lines, lines.length)).append('\n');
        try {
            host.files().write(record(image), text.toString().getBytes(StandardCharsets.UTF_8), true);
        } catch (RuntimeException e) {
            // read-only root, not root, full disk: the next verify reads the image again, nothing worse
        }
    }

    /** The record's lines before its CRC line when that CRC matches them, else null. */
    private static List<String> intact(byte[] record) {
        int end = record.length - 1;
        if (end < 0 || record[end] != '\n') {
            return null;
        }
        int last = end - 1;
        while (last >= 0 && record[last] != '\n') {
            last--;
        }
        String crcLine = new String(record, last + 1, end - last - 1, StandardCharsets.UTF_8);
        if (!crcLine.equals(CRC + crc32(record, last + 1))) {
            return null;
        }
        return new String(record, 0, last + 1, StandardCharsets.UTF_8).lines().toList();
    }

    private static String crc32(byte[] bytes, int length) {
        CRC32 crc = new CRC32();
        crc.update(bytes, 0, length);
        return HexFormat.of().toHexDigits((int) crc.getValue());
    }

    private static boolean breaksLine(String s) {
        return s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0;
    }

    /**
     * A file's identity now: device, inode, size, mtime and ctime (nanoseconds) of the file the path leads
     * to, or empty when the file system does not report them (no "unix" attribute view) or the file is gone.
     */
    public Optional<String> identity(Path file) {
        try {
            Map<String, Object> a = Files.readAttributes(file, "unix:dev,ino,size,lastModifiedTime,ctime");
            Object dev = a.get("dev");
            Object ino = a.get("ino");
            Object size = a.get("size");
            Long mtime = nanos(a.get("lastModifiedTime"));
            Long ctime = nanos(a.get("ctime"));
            if (dev == null || ino == null || size == null || mtime == null || ctime == null) {
                return Optional.empty();
            }
            return Optional.of("dev=" + dev + " ino=" + ino + " size=" + size + " mtime=" + mtime + " ctime=" + ctime);
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private boolean settled(Path file) {
        try {
            FileTime ctime = (FileTime) Files.getAttribute(file, "unix:ctime");
            return ctime.toInstant().plus(SETTLED).isBefore(host.clock().instant());
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static Long nanos(Object time) {
        return time instanceof FileTime t ? t.to(TimeUnit.NANOSECONDS) : null;
    }

    private static String key(Path file) {
        return file.toAbsolutePath().normalize().toString();
    }

    /**
     * The record's file, named by the image path's {@link String#hashCode} in 8 hex digits: a hash the Java
     * specification fixes, so every run and version names it alike, and nothing to set up (a digest provider or
     * CRC-32C's tables cost a warm verify several percent). The record repeats the path, so two paths with one
     * name only replace each other's record.
     */
    static String recordName(Path image) {
        String hex = Integer.toHexString(key(image).hashCode());
        return "00000000".substring(hex.length()) + hex;
    }

    private Path record(Path image) {
        return host.path(DIRECTORY + "/" + recordName(image));
    }
}
