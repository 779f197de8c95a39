package org.disktune.cli;

import java.nio.file.Path;
import java.util.List;

import org.disktune.core.DisktuneException;

/** Bridge to the bundled sample machines (wired to the sample loader when it lands). */
final class SampleRoots {
    private SampleRoots() {
    }

    static Path materialize(String name) {
        throw DisktuneException.usage("unknown sample '" + name + "'; run 'disktune --sample' to list them");
    }

    static List<String[]> list() {
        return List.of();
    }
}
