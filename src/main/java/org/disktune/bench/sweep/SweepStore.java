package org.disktune.bench.sweep;

import java.util.ArrayList;
import java.util.List;

import org.disktune.bench.store.BenchStore;
import org.disktune.core.DisktuneException;
import org.disktune.host.Host;

/**
 * The stored tables of {@code disktune tune}: one {@link SweepReport} per sweep in {@value #DIRECTORY}/ID.json, next to
 * the benchmark results and in their form (through {@link BenchStore}: atomic writes, snake_case JSON of
 * {@link org.disktune.core.StateJson}, ids that start with the UTC time and end with the device's kernel name, "-2" ...
 * when an id is taken). A subdirectory, so that {@link BenchStore#list()} and the comparisons of results never meet a
 * sweep. {@code disktune bench plot ID} draws a stored sweep as a heat map; {@code disktune bench list} lists them.
 */
public final class SweepStore {
    public static final String DIRECTORY = BenchStore.DIRECTORY + "/tune";
    private static final String WHAT = "tune sweep";

    private final BenchStore store;

    public SweepStore(Host host) {
        this.store = new BenchStore(host);
    }

    /** Stores {@code report} (its time and device give the id) and returns it with the id it was stored under. */
    public SweepReport save(SweepReport report) {
        String wanted = report.id() != null ? report.id()
                : BenchStore.newId(report.time() == null ? java.time.Instant.EPOCH : java.time.Instant.parse(report.time()), report.device());
        String id = store.saveRecord(DIRECTORY, wanted, report::withId);
        return report.withId(id);
    }

    /** True when a sweep with this id is stored. */
    public boolean contains(String id) {
        return store.containsRecord(DIRECTORY, id);
    }

    /**
     * The stored sweep with this id.
     *
     * @throws DisktuneException (usage) when there is none, or its file is not a sweep this disktune reads
     */
    public SweepReport load(String id) {
        SweepReport r = store.loadRecord(DIRECTORY, id, SweepReport.class, WHAT);
        String shown = DIRECTORY + "/" + id + ".json";
        if (r.schemaVersion() > SweepReport.SCHEMA_VERSION) {
            throw DisktuneException.usage(WHAT + " " + shown + " has schema_version " + r.schemaVersion() + ", newer than this disktune reads ("
                    + SweepReport.SCHEMA_VERSION + "); plot it with a newer disktune");
        }
        String problem = r.schemaVersion() < 1 ? "it has no schema_version"
                : !id.equals(r.id()) ? "its id " + r.id() + " does not match the file name"
                : r.baseline() == null || r.workloads().isEmpty() ? "it has no baseline or no workloads"
                : r.rows().stream().anyMatch(row -> row == null || row.point() == null || row.verdicts().size() != r.workloads().size())
                        ? "a row has no point or not one verdict per workload" : null;
        if (problem != null) {
            throw DisktuneException.usage(WHAT + " " + shown + " is not readable (" + problem + "); move it out of " + DIRECTORY
                    + " or repair it");
        }
        return r;
    }

    /** Every stored sweep, oldest first. */
    public List<SweepReport> list() {
        List<SweepReport> all = new ArrayList<>();
        for (String id : store.listRecords(DIRECTORY)) {
            all.add(load(id));
        }
        return List.copyOf(all);
    }
}
