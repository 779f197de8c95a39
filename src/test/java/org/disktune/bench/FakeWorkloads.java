package org.disktune.bench;

import java.io.IOException;

/** Workloads for tests of what runs them (sweeps, tune, kill tests): a name, a unit and where each trial comes from. */
public final class FakeWorkloads {
    private FakeWorkloads() {
    }

    /** Where a fake workload's trials come from. */
    @FunctionalInterface
    public interface Trials {
        Trial next(WorkloadContext context) throws IOException;
    }

    public static Workload of(String name, Unit unit, Trials trials) {
        return new Workload() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Unit unit() {
                return unit;
            }

            @Override
            public Trial run(WorkloadContext context) throws IOException {
                return trials.next(context);
            }
        };
    }
}
