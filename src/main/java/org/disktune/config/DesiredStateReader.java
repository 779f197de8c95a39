package org.disktune.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Optional;
import java.util.Set;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.Host;

/**
 * Reads the desired state from {@code /etc/disktune/disktune.conf} (or the file {@code --config} names)
 * through the {@link Host}. On the live machine the file decides what disktune does as root, so a file
 * not owned by root, or writable by group or others, is refused.
 */
public final class DesiredStateReader {
    public static final String PATH = "/etc/disktune/disktune.conf";
    /** The largest configuration read: far above any real one (a section is a few lines), small enough to hold in memory. */
    public static final int MAX_BYTES = 1 << 20;
    private static final String MAX_SHOWN = "1 MiB";

    /** A configuration file's bytes and what they say. */
    public record Loaded(byte[] bytes, ParsedConfig parsed) {
    }

    private final Host host;
    private final ConfigParser parser;

    public DesiredStateReader(Host host) {
        this(host, new ConfigParser());
    }

    public DesiredStateReader(Host host, ConfigParser parser) {
        this.host = host;
        this.parser = parser;
    }

    /** The default file, parsed; empty when it does not exist. */
    public Optional<ParsedConfig> readDefault() {
        Path file = host.path(PATH);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        return Optional.of(read(file, PATH));
    }

    /** The default file's bytes and what they say; empty when it does not exist. */
    public Optional<Loaded> loadDefault() {
        Path file = host.path(PATH);
        return Files.exists(file) ? Optional.of(load(file, PATH)) : Optional.empty();
    }

    /** A file the command line resolved ({@code --config FILE}), shown in messages as {@code shownName}. */
    public ParsedConfig read(Path file, String shownName) {
        return load(file, shownName).parsed();
    }

    /**
     * As {@link #read(Path, String)}, with the bytes read. Only a regular file of at most {@link #MAX_BYTES} is read: a
     * FIFO, a device or a directory is refused before it is opened (a FIFO would block, /dev/zero never ends).
     */
    public Loaded load(Path file, String shownName) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            if (!attributes.isRegularFile()) {
                throw DisktuneException.usage(shownName + " is " + (attributes.isDirectory() ? "a directory" : "not a regular file (a FIFO, device or socket)")
                        + ", not a configuration file; name the file itself (man disktune.conf)");
            }
            if (host.live()) {
                checkOwnership(file, shownName);
            }
            byte[] bytes;
            try (InputStream in = host.newInputStream(file)) {
                bytes = in.readNBytes(MAX_BYTES + 1);
            }
            if (bytes.length > MAX_BYTES) {
                throw DisktuneException.usage(shownName + " is larger than " + MAX_SHOWN + ", the most a configuration may hold; "
                        + "name the right file (man disktune.conf)");
            }
            return new Loaded(bytes, parser.parse(bytes, shownName));
        } catch (NoSuchFileException e) {
            throw DisktuneException.usage(shownName + " does not exist; create it (see man disktune.conf) or name another file with --config");
        } catch (AccessDeniedException e) {
            throw DisktuneException.environment("cannot read " + shownName + ": permission denied; run disktune as root");
        } catch (IOException e) {
            throw DisktuneException.environment("cannot read " + shownName + ": " + e.getMessage() + "; check the file");
        }
    }

    /**
     * One exception for a configuration with errors: the first problem, and how many more there are
     * ({@code config check} prints them all).
     */
    public static DisktuneException failure(ParsedConfig parsed) {
        if (parsed.ok()) {
            throw new IllegalArgumentException("the configuration has no errors");
        }
        int more = parsed.errors().size() - 1;
        return new DisktuneException(ExitCode.USAGE,
                parsed.errors().get(0) + (more > 0 ? " (" + more + " more; run disktune config check)" : ""));
    }

    private static void checkOwnership(Path file, String shownName) throws IOException {
        PosixFileAttributes attributes;
        Object uid;
        try {
            attributes = Files.readAttributes(file, PosixFileAttributes.class);
            uid = Files.getAttribute(file, "unix:uid");
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return; // a file system without owners and modes (vfat, some network mounts): nothing to check
        }
        Set<PosixFilePermission> mode = attributes.permissions();
        boolean writableByOthers = mode.contains(PosixFilePermission.GROUP_WRITE) || mode.contains(PosixFilePermission.OTHERS_WRITE);
        if (!Integer.valueOf(0).equals(uid) || writableByOthers) {
            throw DisktuneException.usage(shownName + " is owned by uid " + uid + " (" + attributes.owner().getName() + ") with mode "
                    + octal(mode) + ", so others than root could decide what disktune does as root; run chown root:root "
                    + shownName + "; chmod go-w " + shownName);
        }
    }

    private static String octal(Set<PosixFilePermission> mode) {
        int bits = 0;
        for (PosixFilePermission p : mode) {
            bits |= 1 << (8 - p.ordinal());
        }
        return String.format("%04o", bits);
    }
}
