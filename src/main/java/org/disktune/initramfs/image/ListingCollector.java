package org.disktune.initramfs.image;

import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the effective view of an image from a scan: file content hashed while it streams by,
 * hard-link groups (same dev+ino, nlink &gt; 1, one archive) resolved when their archive ends so
 * every name reports the group's data, and later archives overriding earlier ones.
 */
final class ListingCollector implements ImageScanner.EntrySink {
    private final List<ImageSegment> segments = new ArrayList<>();
    private final Map<String, Slot> slots = new HashMap<>();
    private final Map<LinkKey, LinkGroup> groups = new HashMap<>();
    private final byte[] buffer = new byte[64 * 1024];
    private final boolean hash;

    /** {@code hash}: whether files get the SHA-256 of their content (null otherwise; sizes are counted either way). */
    ListingCollector(boolean hash) {
        this.hash = hash;
    }

    ListingCollector() {
        this(true);
    }

    /** Where a name's data is: the ordinal of the entry carrying it. */
    record Located(ImageEntry entry, long ordinal, long dataOrdinal) {
    }

    /** A hard-link group's identity. */
    private record LinkKey(long devMajor, long devMinor, long inode) {
    }

    private final class LinkGroup {
        long size;
        String sha256 = hash ? emptySha256() : null;
        long dataOrdinal = -1;
    }

    private record Slot(ImageScanner.ScannedEntry scanned, String sha256, long size, LinkGroup group) {
    }

    @Override
    public void archiveStarted(ImageSegment segment) {
        segments.add(segment);
        groups.clear();
    }

    @Override
    public boolean entry(ImageScanner.ScannedEntry entry, InputStream data) throws IOException {
        if (entry.type() != EntryType.FILE) {
            slots.put(entry.path(), new Slot(entry, null, entry.type() == EntryType.SYMLINK ? entry.size() : 0, null));
            return true;
        }
        MessageDigest digest = hash ? sha256() : null;
        long size = 0;
        if (digest == null) {
            // a listing without hashes needs only the count: the scanner's data skips through its own buffer, no copy here
            for (long n; (n = data.skip(Long.MAX_VALUE)) > 0; ) {
                size += n;
            }
            for (int n; (n = data.read(buffer)) >= 0; ) {
                size += n; // what a stream's skip left (none for the scanner's)
            }
        } else {
            for (int n; (n = data.read(buffer)) >= 0; ) {
                digest.update(buffer, 0, n);
                size += n;
            }
        }
        String sha = digest == null ? null : HexFormat.of().formatHex(digest.digest());
        if (entry.links() > 1) {
            LinkGroup group = groups.computeIfAbsent(new LinkKey(entry.devMajor(), entry.devMinor(), entry.inode()), k -> new LinkGroup());
            if (size > 0) {
                group.size = size;
                group.sha256 = sha;
                group.dataOrdinal = entry.ordinal();
            }
            slots.put(entry.path(), new Slot(entry, null, 0, group));
        } else {
            slots.put(entry.path(), new Slot(entry, sha, size, null));
        }
        return true;
    }

    @Override
    public void archiveEnded(int archive) {
        groups.clear();
    }

    /** The effective entries in archive order, each with where its data is. */
    List<Located> located() {
        List<Located> result = new ArrayList<>(slots.size());
        for (Slot slot : slots.values()) {
            ImageScanner.ScannedEntry s = slot.scanned();
            long size = slot.group() == null ? slot.size() : slot.group().size;
            String sha = slot.group() == null ? slot.sha256() : slot.group().sha256;
            long dataOrdinal = slot.group() == null || slot.group().dataOrdinal < 0 ? s.ordinal() : slot.group().dataOrdinal;
            ImageEntry entry = new ImageEntry(s.path(), s.type(), s.mode(), size, s.linkTarget(), s.archive(), s.compression(), sha);
            result.add(new Located(entry, s.ordinal(), dataOrdinal));
        }
        result.sort(Comparator.comparingLong(Located::ordinal));
        return result;
    }

    ImageListing listing(ImageError error) {
        return new ImageListing(segments, located().stream().map(Located::entry).toList(), error);
    }

    Map<String, Located> byPath() {
        Map<String, Located> map = new LinkedHashMap<>();
        for (Located l : located()) {
            map.put(l.entry().path(), l);
        }
        return map;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    private static String emptySha256() {
        return HexFormat.of().formatHex(sha256().digest());
    }
}
