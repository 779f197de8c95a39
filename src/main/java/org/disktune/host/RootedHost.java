package org.disktune.host;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Objects;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;

/**
 * A host whose machine paths live under a root directory: a --root tree, a bundled sample
 * machine (Jimfs), or a test's temporary root. Programs run through the given runner (tests pass
 * a recording fake); block-device ioctls are refused because there is no device behind the tree.
 */
public final class RootedHost implements Host {
    private final Path root;
    private final CommandRunner commands;
    private final KernelLogSource kernelLog;
    private final Clock clock;
    private final boolean privileged;

    public RootedHost(Path root, CommandRunner commands, KernelLogSource kernelLog, Clock clock, boolean privileged) {
        this.root = Objects.requireNonNull(root);
        this.commands = Objects.requireNonNull(commands);
        this.kernelLog = Objects.requireNonNull(kernelLog);
        this.clock = Objects.requireNonNull(clock);
        this.privileged = privileged;
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
            public void flushBuffers(String device) {
                throw refused(device);
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
}
