package org.disktune.initramfs.image;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;

/**
 * Opens initramfs images the way the kernel unpacks them (see ImageScanner for the rules of
 * init/initramfs.c it follows) and answers what is inside, with the bytes' SHA-256. Streams: memory
 * does not grow with the image or file sizes. An image the kernel cannot unpack at all gives a
 * DisktuneException (USAGE) whose one-line message names the image, the archive and its offset; one
 * where the kernel stops part way gives a listing of what it unpacked and the {@link ImageError}.
 */
public final class InitramfsImageReader {
    /** How errors name the image: the path as the user typed it, or null for the image's file name. */
    private final String shown;

    public InitramfsImageReader() {
        this(null);
    }

    /** A reader whose errors name the image as {@code shown} (an IMAGE argument exactly as typed). */
    public InitramfsImageReader(String shown) {
        this.shown = shown;
    }

    /**
     * The effective content of the image (last archive wins) and its archives; with the error where
     * the kernel stops, if it does after unpacking some files.
     */
    public ImageListing list(Path image) {
        ListingCollector collector = new ListingCollector();
        ImageError error = new ImageScanner(image, shown).scan(collector);
        return withCommandLine(collector.listing(error), image);
    }

    /**
     * {@link #list} without the SHA-256 of each file ({@link ImageEntry#sha256()} is null): the same entries,
     * sizes and error for a listing that shows no hashes; hashing is most of the work after decompression.
     */
    public ImageListing listWithoutHashes(Path image) {
        ListingCollector collector = new ListingCollector(false);
        ImageError error = new ImageScanner(image, shown).scan(collector);
        return withCommandLine(collector.listing(error), image);
    }

    /** The listing with the kernel command line of a unified kernel image's .cmdline section, when it has one. */
    private ImageListing withCommandLine(ImageListing listing, Path image) {
        try {
            return UnifiedKernelImage.commandLine(image).map(listing::withCommandLine).orElse(listing);
        } catch (IOException e) {
            String name = shown != null ? shown : String.valueOf(image.getFileName());
            throw new DisktuneException(ExitCode.ENVIRONMENT, name + ": cannot read the command line of the unified kernel image: "
                    + e.getMessage(), e);
        }
    }

    /**
     * Writes the content of the file at path (symlinks inside the image are followed) to out.
     * Returns false when no such name exists; a name that is not a regular file is a usage error, and
     * so is a name missing from an image where the kernel stops at an error (it may lie after it).
     * Reads the image twice: once to find which entry's data is the effective one (a later
     * archive may override it, a hard-link group may carry it on a later name), once to copy it.
     */
    public boolean copyTo(Path image, String path, OutputStream out) {
        ListingCollector collector = new ListingCollector();
        ImageScanner first = new ImageScanner(image, shown);
        ImageError error = first.scan(collector);
        Optional<ImageEntry> resolved = collector.listing(error).resolve(path);
        if (resolved.isEmpty()) {
            if (error != null) {
                throw new DisktuneException(ExitCode.USAGE, error.message() + " (the kernel stops there; '" + path
                        + "' is not among the files it unpacked before)");
            }
            return false;
        }
        ImageEntry entry = resolved.get();
        if (entry.type() != EntryType.FILE) {
            throw new DisktuneException(ExitCode.USAGE, name(image) + ": '" + path + "' is a "
                    + entry.type().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + " in the image, not a file");
        }
        if (entry.size() == 0) {
            return true;
        }
        long dataOrdinal = collector.byPath().get(entry.path()).dataOrdinal();
        boolean[] copied = {false};
        new ImageScanner(image, shown).scan(new ImageScanner.EntrySink() {
            @Override
            public void archiveStarted(ImageSegment segment) {
            }

            @Override
            public boolean entry(ImageScanner.ScannedEntry scanned, InputStream data) throws IOException {
                if (scanned.ordinal() != dataOrdinal) {
                    return true;
                }
                copied[0] = copy(data, out, image, entry);
                return false;
            }

            @Override
            public void archiveEnded(int archive) {
            }
        });
        if (!copied[0]) {
            throw new DisktuneException(ExitCode.USAGE, name(image) + ": the image changed while '" + path + "' was read from it; try again");
        }
        return true;
    }

    /**
     * The SHA-256 (lowercase hex) of each given path that is a regular file in the image (symlinks
     * followed), keyed by the path as given; paths that are missing or not files are absent (also
     * those after an error where the kernel stops: {@link #list} tells).
     */
    public Map<String, String> sha256(Path image, Collection<String> paths) {
        ImageListing listing = list(image);
        Map<String, String> result = new LinkedHashMap<>();
        for (String path : paths) {
            listing.resolve(path).filter(e -> e.type() == EntryType.FILE).ifPresent(e -> result.put(path, e.sha256()));
        }
        return result;
    }

    /** Copies the entry data, checking it hashes as in the first pass. */
    private boolean copy(InputStream data, OutputStream out, Path image, ImageEntry entry) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
        byte[] buffer = new byte[64 * 1024];
        for (int n; (n = data.read(buffer)) >= 0; ) {
            digest.update(buffer, 0, n);
            try {
                out.write(buffer, 0, n);
            } catch (IOException e) {
                throw new DisktuneException(ExitCode.ENVIRONMENT, name(image) + ": cannot write the content of '"
                        + entry.path() + "': " + e.getMessage(), e);
            }
        }
        try {
            out.flush();
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, name(image) + ": cannot write the content of '"
                    + entry.path() + "': " + e.getMessage(), e);
        }
        return HexFormat.of().formatHex(digest.digest()).equals(entry.sha256());
    }

    private String name(Path image) {
        if (shown != null) {
            return shown;
        }
        Path name = image.getFileName();
        return name == null ? image.toString() : name.toString();
    }
}
