package org.disktune.bench.run;

import java.time.Instant;

import org.disktune.bench.BenchResult;
import org.disktune.bench.store.BenchStore;
import org.disktune.host.Host;

/** The host's result store ({@code /var/lib/disktune/bench}) as the {@link BenchService.Store} of a run. */
public final class StoredResults implements BenchService.Store {
    private final BenchStore store;

    public StoredResults(Host host) {
        this.store = new BenchStore(host);
    }

    @Override
    public String newId(Instant time, String device) {
        return BenchStore.newId(time, device);
    }

    @Override
    public void save(BenchResult result) {
        store.save(result);
    }
}
