package org.disktune.initramfs;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.disktune.initramfs.image.EntryType;
import org.disktune.initramfs.image.ImageEntry;
import org.disktune.initramfs.image.ImageListing;

/**
 * One name as found on disk after a real tool (cpio -i, unmkinitramfs, lsinitrd --unpack) extracted
 * an image, or as our reader lists it: the fields both can state. Sizes of symlinks are their
 * target's length, as the reader gives them; sha256 is set for regular files only.
 */
record UnpackedEntry(EntryType type, int mode, long size, String linkTarget, String sha256) {

    /** The entry as our reader lists it. */
    static UnpackedEntry of(ImageEntry e) {
        return new UnpackedEntry(e.type(), e.mode(), e.size(), e.linkTarget(), e.sha256());
    }

    /** Every name of a listing, keyed by path. */
    static Map<String, UnpackedEntry> of(ImageListing listing) {
        Map<String, UnpackedEntry> result = new TreeMap<>();
        listing.entries().forEach(e -> result.put(e.path(), of(e)));
        return result;
    }

    /**
     * Everything under dir (not dir itself), keyed by the path relative to dir; when several dirs are
     * given (the archives unmkinitramfs extracted one by one), later ones override earlier ones, as
     * the kernel unpacks them.
     */
    static Map<String, UnpackedEntry> read(List<Path> dirs) {
        Map<String, UnpackedEntry> result = new TreeMap<>();
        for (Path dir : dirs) {
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path p : (Iterable<Path>) walk::iterator) {
                    if (!p.equals(dir)) {
                        result.put(dir.relativize(p).toString(), read(p));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return result;
    }

    private static UnpackedEntry read(Path p) throws IOException {
        int unixMode = (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS);
        EntryType type = switch (unixMode & 0170000) {
            case 0100000 -> EntryType.FILE;
            case 0040000 -> EntryType.DIRECTORY;
            case 0120000 -> EntryType.SYMLINK;
            case 0020000 -> EntryType.CHAR_DEVICE;
            case 0060000 -> EntryType.BLOCK_DEVICE;
            case 0010000 -> EntryType.FIFO;
            case 0140000 -> EntryType.SOCKET;
            default -> throw new IllegalStateException(p + ": unknown file type " + Integer.toOctalString(unixMode));
        };
        return switch (type) {
            case FILE -> new UnpackedEntry(type, unixMode & 07777, Files.size(p), null, sha256(p));
            case SYMLINK -> {
                String target = Files.readSymbolicLink(p).toString();
                yield new UnpackedEntry(type, unixMode & 07777, target.getBytes(StandardCharsets.UTF_8).length, target, null);
            }
            default -> new UnpackedEntry(type, unixMode & 07777, 0, null, null);
        };
    }

    static String sha256(Path file) {
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Fails with the first differences (missing, extra, changed names) unless both maps are equal. */
    static void assertSame(Map<String, UnpackedEntry> expected, Map<String, UnpackedEntry> actual, String what) {
        List<String> problems = new ArrayList<>();
        TreeSet<String> names = new TreeSet<>(expected.keySet());
        names.addAll(actual.keySet());
        for (String name : names) {
            UnpackedEntry want = expected.get(name);
            UnpackedEntry got = actual.get(name);
            if (want == null) {
                problems.add("only in the reader: " + name + " " + got);
            } else if (got == null) {
                problems.add("missing from the reader: " + name + " " + want);
            } else if (!Objects.equals(want, got)) {
                problems.add(name + ": expected " + want + ", reader " + got);
            }
        }
        if (!problems.isEmpty()) {
            fail(what + ": " + problems.size() + " differences in " + names.size() + " names, first: "
                    + String.join("; ", problems.subList(0, Math.min(8, problems.size()))));
        }
    }
}
