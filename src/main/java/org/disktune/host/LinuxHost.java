package org.disktune.host;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.List;
import java.util.Objects;

/** The machine disktune runs on: root "/", real programs, the live kernel log, real ioctls. */
public final class LinuxHost implements Host {
    private final Path root = FileSystems.getDefault().getPath("/");
    private final CommandRunner commands;
    private final KernelLogSource kernelLog;
    /** Loaded on first use (JNA's native library and proxies cost a short command a tenth of its start). */
    private LibC libc;

    public LinuxHost(KernelLogSource kernelLog) {
        this(new ProcessCommandRunner(), kernelLog);
    }

    public LinuxHost(CommandRunner commands, KernelLogSource kernelLog) {
        this.commands = Objects.requireNonNull(commands);
        this.kernelLog = Objects.requireNonNull(kernelLog);
    }

    private synchronized LibC libc() {
        if (libc == null) {
            libc = LibC.load();
        }
        return libc;
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
        return new LinuxBlockDevices(libc());
    }

    @Override
    public Clock clock() {
        return Clock.systemUTC();
    }

    @Override
    public boolean privileged() {
        return libc().geteuid() == 0;
    }

    @Override
    public boolean live() {
        return true;
    }

    /**
     * Every change to a system file disktune writes is contained at the moment of use ({@link Beneath}): below /etc,
     * /boot and /var/lib/disktune each directory is opened from there one name at a time without following links, so
     * a directory component that is a symbolic link (/etc/modprobe.d, /etc/udev/rules.d, /etc/systemd/system,
     * /etc/disktune, a directory under /boot) is refused with one line, never followed. /etc, /boot and
     * /var/lib/disktune themselves are the kernel's to resolve: /boot is often a mount point and may be a link on
     * purpose, and mount points are not links.
     */
    @Override
    public AtomicFileWriter files() {
        return SYSTEM_WRITER;
    }

    /** The directories below which the live machine's writes follow no link, as machine paths. */
    static final List<String> CONTAINED = List.of("/etc", "/boot", "/var/lib/disktune");

    /** The writer of the live machine, for a tree whose "/" is {@code base} (tests give a temporary directory). */
    static AtomicFileWriter systemWriter(Path base) {
        return AtomicFileWriter.STANDARD.containedIn(CONTAINED.stream().map(p -> base.resolve(p.substring(1))).toList());
    }

    private static final AtomicFileWriter SYSTEM_WRITER = systemWriter(Path.of("/"));

    /** One write(2) of the value on the existing file: sysfs takes a store in one call and cannot be renamed. */
    @Override
    public void writeAttribute(String machinePath, String value) throws IOException {
        SysfsAttribute.requireWritable(machinePath, value);
        byte[] bytes = value.getBytes(StandardCharsets.US_ASCII);
        try (FileChannel channel = FileChannel.open(path(machinePath), StandardOpenOption.WRITE)) {
            int written = channel.write(ByteBuffer.wrap(bytes));
            if (written != bytes.length) {
                throw new IOException("short write (" + written + " of " + bytes.length + " bytes)");
            }
        }
    }
}
