package org.disktune.apply;

import org.disktune.host.Host;

/** Lets tests of other packages put the journal in a state a crash leaves (Journal.save is package-private). */
public final class JournalTestAccess {
    private JournalTestAccess() {
    }

    /** Saves {@code entry} as the journal of {@code host} would after a run killed at that state. */
    public static void save(Host host, JournalEntry entry) {
        new Journal(host).save(entry);
    }
}
