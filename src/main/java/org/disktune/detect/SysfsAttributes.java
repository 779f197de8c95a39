package org.disktune.detect;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import org.disktune.host.Host;

/**
 * Reading kernel attribute files the forgiving way: an attribute that is missing, unreadable or
 * holds garbage is "unknown" (empty), never a crash. Values are trimmed of the trailing newline.
 * Without lambdas and regular expressions (each lambda linked costs about 0.3 ms on JDK 17; detect reads
 * thousands of attributes through here).
 */
final class SysfsAttributes {
    /** Attributes are small; anything larger than this is not an attribute we understand. */
    private static final long MAX_ATTRIBUTE_BYTES = 1 << 20;

    /** {@link #naturalOrder} as a comparator. */
    static final Comparator<String> NATURAL_ORDER = new Comparator<String>() {
        @Override
        public int compare(String a, String b) {
            return naturalOrder(a, b);
        }
    };

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
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c >= 0x7f) {
                return false;
            }
        }
        return true;
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

    /** What {@code text.lines().toList()} gives: the lines ended by LF, CR or CR LF, unmodifiable. */
    static List<String> lines(String text) {
        List<String> lines = new ArrayList<>();
        int n = text.length();
        int start = 0;
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                lines.add(text.substring(start, i));
                i += c == '\r' && i + 1 < n && text.charAt(i + 1) == '\n' ? 2 : 1;
                start = i;
            } else {
                i++;
            }
        }
        if (start < n) {
            lines.add(text.substring(start));
        }
        return Collections.unmodifiableList(lines);
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

    /**
     * What {@code s.replaceFirst("^0+(?=.)", "")} gives: the leading zeros taken off, but not a last one that no
     * character (other than a line terminator, which {@code .} does not match) follows.
     */
    static String withoutLeadingZeros(String s) {
        int zeros = 0;
        while (zeros < s.length() && s.charAt(zeros) == '0') {
            zeros++;
        }
        if (zeros == 0) {
            return s;
        }
        if (zeros < s.length() && !isLineTerminator(s.charAt(zeros))) {
            return s.substring(zeros);
        }
        return s.substring(zeros - 1);
    }

    /**
     * What {@code s.split("\\s+")} gives: the pieces between runs of blanks ({@code \s}: space, tab, LF, VT, FF, CR),
     * an empty first one when {@code s} starts with a blank, trailing empty ones dropped, {@code s} itself when it
     * has no blank.
     */
    static String[] words(String s) {
        List<String> words = new ArrayList<>();
        int n = s.length();
        int start = 0;
        boolean split = false;
        int i = 0;
        while (i < n) {
            if (isSpace(s.charAt(i))) {
                words.add(s.substring(start, i));
                while (i < n && isSpace(s.charAt(i))) {
                    i++;
                }
                start = i;
                split = true;
            } else {
                i++;
            }
        }
        if (!split) {
            return new String[] {s};
        }
        words.add(s.substring(start));
        int size = words.size();
        while (size > 0 && words.get(size - 1).isEmpty()) {
            size--;
        }
        return words.subList(0, size).toArray(new String[0]);
    }

    /** {@code c} is {@code \s} of java.util.regex: space, tab, LF, VT, FF or CR. */
    static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
    }

    /** {@code c} ends a line for java.util.regex ({@code .} does not match it): LF, CR, NEL, LS or PS. */
    static boolean isLineTerminator(char c) {
        return c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029';
    }
}
