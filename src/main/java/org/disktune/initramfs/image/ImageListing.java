package org.disktune.initramfs.image;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * What the kernel would leave in the root file system after unpacking an image: the archives in
 * image order, and every name once (the last archive that wrote it wins), in archive order. When the
 * kernel stops at an error part way, {@code error} names it and the entries are those before it;
 * null when the whole image unpacks. For a unified kernel image, {@code commandLine} is the kernel
 * command line of its {@code .cmdline} section (null for a plain initramfs, or a UKI without one).
 */
public record ImageListing(List<ImageSegment> segments, List<ImageEntry> entries, ImageError error, String commandLine) {
    /** Symlink hops allowed while resolving, as the kernel's MAXSYMLINKS. */
    private static final int MAX_SYMLINK_HOPS = 40;

    public ImageListing {
        segments = List.copyOf(segments);
        entries = List.copyOf(entries);
    }

    /** A listing of a plain initramfs (not a unified kernel image). */
    public ImageListing(List<ImageSegment> segments, List<ImageEntry> entries, ImageError error) {
        this(segments, entries, error, null);
    }

    /** A listing of an image the kernel unpacks completely. */
    public ImageListing(List<ImageSegment> segments, List<ImageEntry> entries) {
        this(segments, entries, null);
    }

    /** This listing with the command line of the unified kernel image it came from. */
    ImageListing withCommandLine(String line) {
        return new ImageListing(segments, entries, error, line);
    }

    /** Whether the kernel unpacks the whole image without an error. */
    public boolean complete() {
        return error == null;
    }

    /** The entry with exactly this name (normalized like entry paths; symlinks are not followed). */
    public Optional<ImageEntry> find(String path) {
        String wanted = String.join("/", components(path));
        return entries.stream().filter(e -> e.path().equals(wanted)).findFirst();
    }

    /**
     * The entry a program inside the unpacked image would reach under this path: symlinks in any
     * component are followed (absolute targets from the image root, relative ones from the link's
     * directory), ".." never climbs above the root. Empty when the path leads nowhere or loops.
     */
    public Optional<ImageEntry> resolve(String path) {
        Deque<String> pending = new ArrayDeque<>(components(path));
        List<String> current = new ArrayList<>();
        int hops = 0;
        ImageEntry last = null;
        while (!pending.isEmpty()) {
            String component = pending.removeFirst();
            if (component.equals("..")) {
                if (!current.isEmpty()) {
                    current.remove(current.size() - 1);
                }
                last = null;
                continue;
            }
            current.add(component);
            Optional<ImageEntry> found = find(String.join("/", current));
            if (found.isPresent() && found.get().type() == EntryType.SYMLINK) {
                if (++hops > MAX_SYMLINK_HOPS) {
                    return Optional.empty();
                }
                current.remove(current.size() - 1);
                String target = found.get().linkTarget();
                if (target.startsWith("/")) {
                    current.clear();
                }
                List<String> targetParts = components(target);
                for (int i = targetParts.size() - 1; i >= 0; i--) {
                    pending.addFirst(targetParts.get(i));
                }
                last = null;
                continue;
            }
            last = found.orElse(null);
        }
        if (current.isEmpty()) {
            return Optional.empty();
        }
        return last != null ? Optional.of(last) : find(String.join("/", current));
    }

    /** The non-empty, non-"." components of a slash-separated path (".." kept). */
    static List<String> components(String path) {
        List<String> parts = new ArrayList<>();
        for (String part : path.split("/")) {
            if (!part.isEmpty() && !part.equals(".")) {
                parts.add(part);
            }
        }
        return parts;
    }
}
