package org.disktune.bench.workload;

import java.util.List;

import org.disktune.bench.Workload;

/**
 * The workloads of a block device, all read-only (the node is opened for reading; nothing is ever written to a raw
 * device), in the order they run: seq-read-buffered (hdparm -t), cached-read (hdparm -T), seq-read-direct (2 MiB
 * O_DIRECT, as fio --rw=read --direct=1 --bs=2M), rand-read-4k-qd1, -qd4 and -qd32 (4 KiB O_DIRECT random reads with
 * 1, 4 and 32 in flight, with latency percentiles). Each runs against {@code WorkloadContext.path()}, the node, and
 * uses {@code WorkloadContext.device()}, the kernel name, for the ioctls.
 */
public final class BlockWorkloads {
    private BlockWorkloads() {
    }

    /** Fresh instances (each keeps its buffers between trials), in the order above. */
    public static List<Workload> all() {
        return List.of(new SequentialBufferedRead(), new CachedRead(), new SequentialDirectRead(), new RandomDirectRead(1),
                new RandomDirectRead(4), new RandomDirectRead(32));
    }
}
