package org.disktune.bench.sweep;

/** A stored-sweep fixture for tests of other packages (the command line). */
public final class SweepStoreTestReports {
    private SweepStoreTestReports() {
    }

    /** A sweep of loop3 at 2025-03-04T05:06:07Z: one point measured and the winner, one left out, two workloads. */
    public static SweepReport report() {
        return SweepStoreTest.report("2025-03-04T05:06:07Z");
    }
}
