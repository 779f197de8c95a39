package org.disktune.bench.sweep;

import java.io.IOException;
import java.nio.file.Path;

import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.Workload;
import org.disktune.bench.WorkloadContext;

/**
 * A write workload of {@code tune DIR}: the sweep's context names the disk (its read workloads read the node), this
 * one runs in the directory the user named on that disk's file system, and removes its files in close (and on
 * Ctrl-C or SIGTERM, see the directory workloads).
 */
final class InDirectory implements Workload {
    private final Workload inner;
    private final Path directory;

    InDirectory(Workload inner, Path directory) {
        this.inner = inner;
        this.directory = directory;
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public Unit unit() {
        return inner.unit();
    }

    @Override
    public void prepare(WorkloadContext context) throws IOException {
        inner.prepare(context.withPath(directory));
    }

    @Override
    public Trial run(WorkloadContext context) throws IOException {
        return inner.run(context.withPath(directory));
    }

    @Override
    public void close() throws IOException {
        inner.close();
    }
}
