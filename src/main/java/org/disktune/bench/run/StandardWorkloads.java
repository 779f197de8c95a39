package org.disktune.bench.run;

import java.util.List;

import org.disktune.bench.workload.BlockWorkloads;
import org.disktune.bench.workload.DirectoryWorkloads;
import org.disktune.bench.workload.IoShape;
import org.disktune.bench.Workload;

/** The workloads of the JSON contract: the block-device ones for a disk, the file-system ones for a directory. */
public final class StandardWorkloads implements BenchService.Workloads {
    @Override
    public List<Workload> of(BenchTarget target, IoShape shape) {
        return target.kind() == BenchTarget.Kind.DEVICE ? BlockWorkloads.all() : DirectoryWorkloads.all(shape);
    }
}
