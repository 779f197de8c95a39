package org.disktune.detect;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import org.disktune.host.Host;

/**
 * Reading kernel attribute files the forgiving way: an attribute that is missing, unreadable or
 * holds garbage is "unknown" (empty), never a crash. Values are trimmed of the trailing newline.
 */
final class SysfsAttributes {
    /** Attributes are small; anything larger than this is not an attribute we understand. */
    private static final long MAX_ATTRIBUTE_BYTES = 1 << 20;

    /** {@link #naturalOrder} as a comparator. */
    static final Comparator<String> NATURAL_ORDER = SysfsAttributes::naturalOrder;

    /** The patterns, compiled on first use. */
    private static final class Patterns {
        static final Pattern PRINTABLE_ASCII = Pattern.compile("[\\x20-\\x7e]*");
        static final Pattern LEADING_ZEROS = Pattern.compile("^0+(?=.)");
        static final Pattern BLANKS = Pattern.compile("\\s+");
    }

    private final Host host;

    /** Reads through {@code host}: every path is resolved inside its root first ({@link Host#contain}). */
    SysfsAttributes(Host host) {
        this.host = host;
    }

    Optional<String> text(Path given) {
        Path file = host.contain(given);
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > MAX_ATTRIBUTE_BYTES) {
                return Optional.empty();
            }
            String value = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
            int end = value.length();
            while (end > 0 && (value.charAt(end - 1) == '\n' || value.charAt(end - 1) == '\0')) {
                end--;
            }
            return Optional.of(value.substring(0, end));
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** A trimmed, printable, non-empty value, or empty. */
    Optional<String> word(Path file) {
        Optional<String> text = text(file);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        String s = text.get().strip();
        return !s.isEmpty() && isPrintableAscii(s) ? Optional.of(s) : Optional.empty();
    }

    Optional<Long> number(Path file) {
        Optional<String> word = word(file);
        return word.isPresent() ? parseLong(word.get()) : Optional.empty();
    }

    Optional<Integer> integer(Path file) {
        Optional<Long> number = number(file);
        if (number.isPresent() && number.get() >= Integer.MIN_VALUE && number.get() <= Integer.MAX_VALUE) {
            return Optional.of(number.get().intValue());
        }
        return Optional.empty();
    }

    /** Every character of {@code s} is printable ASCII (0x20 to 0x7e). */
    static boolean isPrintableAscii(String s) {
        return Patterns.PRINTABLE_ASCII.matcher(s).matches();
    }

    static Optional<Long> parseLong(String value) {
        try {
            return Optional.of(Long.parseLong(value.strip()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    List<String> lines(Path file) {
        Optional<String> text = text(file);
        return text.isPresent() ? lines(text.get()) : List.of();
    }

    /** The lines ended by LF, CR or CR LF, unmodifiable. */
    static List<String> lines(String text) {
        return text.lines().toList();
    }

    /**
     * Names in a directory, sorted; empty when it does not exist or cannot be read. (An error while the directory is
     * read is an UncheckedIOException, as from the Files.list this replaces.)
     */
    List<String> names(Path given) {
        Path dir = host.contain(given);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            List<String> names = new ArrayList<>();
            try {
                for (Path p : entries) {
                    names.add(p.getFileName().toString());
                }
            } catch (DirectoryIteratorException e) {
                throw new UncheckedIOException(e.getCause());
            }
            names.sort(NATURAL_ORDER);
            return names;
        } catch (IOException | SecurityException e) {
            return List.of();
        }
    }

    /** Symlink target as written, or empty. */
    Optional<String> link(Path given) {
        Path parent = given.getParent();
        Path path = parent == null || given.getFileName() == null ? given : host.contain(parent).resolve(given.getFileName().toString());
        try {
            return Files.isSymbolicLink(path) ? Optional.of(Files.readSymbolicLink(path).toString()) : Optional.empty();
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** The last path element of a symlink's target ("ahci" for driver -> ../../bus/pci/drivers/ahci). */
    Optional<String> linkName(Path path) {
        Optional<String> link = link(path);
        if (link.isEmpty()) {
            return link;
        }
        String t = link.get();
        int slash = t.lastIndexOf('/');
        return Optional.of(slash < 0 ? t : t.substring(slash + 1));
    }

    /** Orders "sda, sdb, sdaa" and "ata2, ata10" the way people expect: shorter numbers first. */
    static int naturalOrder(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char ca = a.charAt(i);
            char cb = b.charAt(j);
            if (Character.isDigit(ca) && Character.isDigit(cb)) {
                int si = i;
                int sj = j;
                while (i < a.length() && Character.isDigit(a.charAt(i))) {
                    i++;
                }
                while (j < b.length() && Character.isDigit(b.charAt(j))) {
                    j++;
                }
                String na = withoutLeadingZeros(a.substring(si, i));
                String nb = withoutLeadingZeros(b.substring(sj, j));
                int cmp = na.length() != nb.length() ? Integer.compare(na.length(), nb.length()) : na.compareTo(nb);
                if (cmp != 0) {
                    return cmp;
                }
            } else {
                if (ca != cb) {
                    return Character.compare(ca, cb);
                }
                i++;
                j++;
            }
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    /** The leading zeros taken off, but not a last one that nothing (other than a line end) follows: "007" -> "7", "00" -> "0". */
    static String withoutLeadingZeros(String s) {
        return Patterns.LEADING_ZEROS.matcher(s).replaceFirst("");
    }

    /** The pieces between runs of blanks, as {@code s.split("\\s+")} gives them. */
    static String[] words(String s) {
        return Patterns.BLANKS.split(s);
    }
}
