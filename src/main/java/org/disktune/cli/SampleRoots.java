package org.disktune.cli;

import java.nio.file.Path;
import java.util.List;

import org.disktune.host.SampleMachines;

/** The bundled sample machines, as the command line lists and opens them. */
final class SampleRoots {
    private SampleRoots() {
    }

    static Path materialize(String name) {
        return new SampleMachines().materialize(name);
    }

    static List<String[]> list() {
        return new SampleMachines().list().stream().map(s -> new String[] {s.name(), s.description()}).toList();
    }
}
