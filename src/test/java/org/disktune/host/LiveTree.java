package org.disktune.host;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;

/**
 * A tree that plays the running machine in tests: {@link #live()} is true, sysfs writes go to the tree's emulated
 * attributes (RootedHost checks them as the kernel would), and programs (hdparm, mount, udevadm, systemctl) go to a
 * command runner instead of this machine: by default a {@link RecordingCommandRunner} ({@link #programs}).
 */
public final class LiveTree implements Host {
    private final RootedHost inner;
    private final boolean privileged;
    /** The recording runner, when the tree was made with one (else null). */
    public final RecordingCommandRunner programs;

    /** Run by root, programs recorded in {@link #programs}. */
    public LiveTree(Path root, KernelLogSource kernelLog) {
        this(root, kernelLog, new RecordingCommandRunner(), true);
    }

    /** {@code commands} runs the programs; {@code privileged}: run by root. */
    public LiveTree(Path root, KernelLogSource kernelLog, CommandRunner commands, boolean privileged) {
        this.inner = new RootedHost(root, commands, kernelLog, Clock.systemUTC(), true);
        this.privileged = privileged;
        this.programs = commands instanceof RecordingCommandRunner r ? r : null;
    }

    /** {@code tree} as the live machine of a user who is root or not, with its own programs. */
    public static LiveTree of(Host tree, boolean privileged) {
        return new LiveTree(tree.root(), tree.kernelLog(), tree.commands(), privileged);
    }

    @Override
    public Path path(String absolute) {
        return inner.path(absolute);
    }

    @Override
    public Path root() {
        return inner.root();
    }

    @Override
    public CommandRunner commands() {
        return inner.commands();
    }

    @Override
    public KernelLogSource kernelLog() {
        return inner.kernelLog();
    }

    @Override
    public BlockDevices blockDevices() {
        return inner.blockDevices();
    }

    @Override
    public Clock clock() {
        return inner.clock();
    }

    @Override
    public boolean privileged() {
        return privileged;
    }

    @Override
    public boolean live() {
        return true;
    }

    @Override
    public String readAttribute(String machinePath) throws IOException {
        return inner.readAttribute(machinePath);
    }

    @Override
    public void writeAttribute(String machinePath, String value) throws IOException {
        inner.writeAttribute(machinePath, value);
    }

    @Override
    public Optional<String> deviceByIdentity(String identity) {
        return inner.deviceByIdentity(identity);
    }
}
