package org.disktune.host;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;

/**
 * A tree that plays the running machine in tests: {@link #live()} is true, sysfs writes go to the tree's emulated
 * attributes (RootedHost checks them as the kernel would), and programs (hdparm, mount, udevadm, systemctl) go to a
 * {@link RecordingCommandRunner} instead of this machine.
 */
public final class LiveTree implements Host {
    private final RootedHost inner;
    public final RecordingCommandRunner programs = new RecordingCommandRunner();

    public LiveTree(Path root, KernelLogSource kernelLog) {
        this.inner = new RootedHost(root, programs, kernelLog, Clock.systemUTC(), true);
    }

    @Override
    public Path root() {
        return inner.root();
    }

    @Override
    public CommandRunner commands() {
        return programs;
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
        return true;
    }

    @Override
    public boolean live() {
        return true;
    }

    @Override
    public void writeAttribute(String machinePath, String value) throws IOException {
        inner.writeAttribute(machinePath, value);
    }
}
