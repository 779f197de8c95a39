package org.disktune.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.time.Clock;
import java.util.Objects;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;

/**
 * A host whose machine paths live under a root directory: a --root tree, a bundled sample
 * machine (Jimfs), or a test's temporary root. Programs run through the given runner (tests pass
 * a recording fake); block-device ioctls are refused because there is no device behind the tree.
 * Sysfs writes emulate the kernel so that applying a plan to a tree means something: the attribute
 * must exist, a scheduler must be one of those the file offers (else "Invalid argument", as EINVAL)
 * and becomes the bracketed one; other attributes then hold the value and a newline. Unlike sysfs,
 * the tree's file is replaced atomically, so that a killed apply never leaves a half attribute.
 */
public final class RootedHost implements Host {
    private final Path root;
    private final CommandRunner commands;
    private final KernelLogSource kernelLog;
    private final Clock clock;
    private final boolean privileged;
    private final AtomicFileWriter writer;

    public RootedHost(Path root, CommandRunner commands, KernelLogSource kernelLog, Clock clock, boolean privileged) {
        this(root, commands, kernelLog, clock, privileged, AtomicFileWriter.STANDARD.containedIn(root));
    }

    private RootedHost(Path root, CommandRunner commands, KernelLogSource kernelLog, Clock clock, boolean privileged,
            AtomicFileWriter writer) {
        this.root = Objects.requireNonNull(root);
        this.commands = Objects.requireNonNull(commands);
        this.kernelLog = Objects.requireNonNull(kernelLog);
        this.clock = Objects.requireNonNull(clock);
        this.privileged = privileged;
        this.writer = writer;
    }

    /** This tree, with every file change going through a writer that asks {@code faults} first (I/O fault tests). */
    public RootedHost withFileFaults(AtomicFileWriter.Faults faults) {
        return new RootedHost(root, commands, kernelLog, clock, privileged, new AtomicFileWriter(faults).containedIn(root));
    }

    @Override
    public AtomicFileWriter files() {
        return writer;
    }

    /** {@code machinePath} resolved inside {@code root} as a process chrooted there would resolve it ({@link InRoot}). */
    public static Path inRoot(Path root, String machinePath) {
        return InRoot.resolve(root, machinePath, true);
    }

    @Override
    public Path root() {
        return root;
    }

    @Override
    public CommandRunner commands() {
        return commands;
    }

    @Override
    public KernelLogSource kernelLog() {
        return kernelLog;
    }

    @Override
    public BlockDevices blockDevices() {
        return new BlockDevices() {
            @Override
            public long sizeBytes(String device) {
                throw refused(device);
            }

            @Override
            public long readAheadSectors(String device) {
                throw refused(device);
            }

            @Override
            public void setReadAheadSectors(String device, long sectors) {
                throw refused(device);
            }

            @Override
            public int logicalBlockSize(String device) {
                throw refused(device);
            }

            @Override
            public void flushBuffers(String device) {
                throw refused(device);
            }

            @Override
            public void dropFileCache(String machinePath) {
                throw new DisktuneException(ExitCode.ENVIRONMENT,
                        "the page cache of " + machinePath + " belongs to the machine, not to root " + root
                                + "; run without --root/--sample on the machine itself");
            }

            private DisktuneException refused(String device) {
                return new DisktuneException(ExitCode.ENVIRONMENT,
                        "no block device /dev/" + device + " behind root " + root + "; run without --root/--sample on the machine itself");
            }
        };
    }

    @Override
    public Clock clock() {
        return clock;
    }

    @Override
    public boolean privileged() {
        return privileged;
    }

    @Override
    public boolean live() {
        return false;
    }


    @Override
    public void writeAttribute(String machinePath, String value) throws IOException {
        SysfsAttribute.requireWritable(machinePath, value);
        Path file = path(machinePath);
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new NoSuchFileException(machinePath);
        }
        String content;
        if (machinePath.endsWith("/" + SysfsAttribute.SCHEDULER)) {
            List<String> offered = new ArrayList<>();
            boolean known = false;
            for (String word : Files.readString(file, StandardCharsets.US_ASCII).strip().split("\\s+")) {
                String name = word.startsWith("[") && word.endsWith("]") ? word.substring(1, word.length() - 1) : word;
                known |= name.equals(value);
                offered.add(name.equals(value) ? "[" + name + "]" : name);
            }
            if (!known) {
                throw new IOException("Invalid argument");
            }
            content = String.join(" ", offered) + "\n";
        } else {
            content = value + "\n";
        }
        try {
            writer.write(file, content.getBytes(StandardCharsets.US_ASCII), false);
        } catch (DisktuneException e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}
