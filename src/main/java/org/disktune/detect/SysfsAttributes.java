package org.disktune.detect;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import org.disktune.host.Host;

/**
 * Reading kernel attribute files the forgiving way: an attribute that is missing, unreadable or
 * holds garbage is "unknown" (empty), never a crash. Values are trimmed of the trailing newline.
 */
final class SysfsAttributes {
    /** Attributes are small; anything larger than this is not an attribute we understand. */
    private static final long MAX_ATTRIBUTE_BYTES = 1 << 20;

    private final UnaryOperator<Path> contain;

    /** Reads through {@code host}: every path is resolved inside its root first ({@link Host#contain}). */
    SysfsAttributes(Host host) {
        this.contain = host::contain;
    }

    Optional<String> text(Path given) {
        Path file = contain.apply(given);
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
        return text(file).map(String::strip).filter(s -> !s.isEmpty() && s.chars().allMatch(c -> c >= 0x20 && c < 0x7f));
    }

    Optional<Long> number(Path file) {
        return word(file).flatMap(SysfsAttributes::parseLong);
    }

    Optional<Integer> integer(Path file) {
        return number(file).filter(v -> v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE).map(Long::intValue);
    }

    static Optional<Long> parseLong(String value) {
        try {
            return Optional.of(Long.parseLong(value.strip()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    List<String> lines(Path file) {
        return text(file).map(t -> t.lines().toList()).orElse(List.of());
    }

    /** Names in a directory, sorted; empty when it does not exist or cannot be read. */
    List<String> names(Path given) {
        Path dir = contain.apply(given);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(dir)) {
            List<String> names = new ArrayList<>();
            entries.forEach(p -> names.add(p.getFileName().toString()));
            names.sort(SysfsAttributes::naturalOrder);
            return names;
        } catch (IOException | SecurityException e) {
            return List.of();
        }
    }

    /** Symlink target as written, or empty. */
    Optional<String> link(Path given) {
        Path parent = given.getParent();
        Path path = parent == null || given.getFileName() == null ? given : contain.apply(parent).resolve(given.getFileName().toString());
        try {
            return Files.isSymbolicLink(path) ? Optional.of(Files.readSymbolicLink(path).toString()) : Optional.empty();
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** The last path element of a symlink's target ("ahci" for driver -> ../../bus/pci/drivers/ahci). */
    Optional<String> linkName(Path path) {
        return link(path).map(t -> {
            int slash = t.lastIndexOf('/');
            return slash < 0 ? t : t.substring(slash + 1);
        });
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
                String na = a.substring(si, i).replaceFirst("^0+(?=.)", "");
                String nb = b.substring(sj, j).replaceFirst("^0+(?=.)", "");
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
}
