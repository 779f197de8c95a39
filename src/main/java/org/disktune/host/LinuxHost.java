package org.disktune.host;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Objects;

/** The machine disktune runs on: root "/", real programs, the live kernel log, real ioctls. */
public final class LinuxHost implements Host {
    private final Path root = FileSystems.getDefault().getPath("/");
    private final CommandRunner commands;
    private final KernelLogSource kernelLog;
    private final LibC libc;

    public LinuxHost(KernelLogSource kernelLog) {
        this(new ProcessCommandRunner(), kernelLog);
    }

    public LinuxHost(CommandRunner commands, KernelLogSource kernelLog) {
        this.commands = Objects.requireNonNull(commands);
        this.kernelLog = Objects.requireNonNull(kernelLog);
        this.libc = LibC.load();
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
        return new LinuxBlockDevices(libc);
    }

    @Override
    public Clock clock() {
        return Clock.systemUTC();
    }

    @Override
    public boolean privileged() {
        return libc.geteuid() == 0;
    }

    @Override
    public boolean live() {
        return true;
    }
}
