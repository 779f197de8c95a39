package org.disktune.apply;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.disktune.host.Host;

/**
 * Takes back the directories reverted entries journaled as created ({@code created_directories}): each is removed
 * once empty, the deepest first, never one with anything in it. A directory that existed before an entry is never in
 * its list (only those missing when the entry began are), so nothing that was there before disktune goes.
 */
final class CreatedDirectories {
    private CreatedDirectories() {
    }

    /** Removes the empty ones of {@code reverted}'s created directories; returns those removed, as machine paths. */
    static List<String> removeEmpty(Host host, List<JournalEntry> reverted) {
        List<String> deepestFirst = reverted.stream().flatMap(e -> e.createdDirectories().stream()).distinct()
                .sorted(Comparator.comparingLong((String d) -> d.chars().filter(c -> c == '/').count()).reversed()
                        .thenComparing(Comparator.naturalOrder()))
                .toList();
        List<String> removed = new ArrayList<>();
        for (String directory : deepestFirst) {
            if (host.files().deleteEmptyDirectory(host.node(directory))) {
                removed.add(directory);
            }
        }
        return removed;
    }
}
