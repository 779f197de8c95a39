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

    /** Changes under disktune's own state directory are contained in it at the moment of use ({@link Beneath}). */
    @Override
    public AtomicFileWriter files() {
        return STATE_WRITER;
    }

    private static final AtomicFileWriter STATE_WRITER = AtomicFileWriter.STANDARD.containedIn(Path.of("/var/lib/disktune"));


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
