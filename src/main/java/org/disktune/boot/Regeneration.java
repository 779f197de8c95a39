package org.disktune.boot;

import java.util.List;

/**
 * One run of a boot loader's program: its argument list, the files it rewrites (machine paths, backed up before it
 * runs and put back when it fails and by rollback) and those of them that must then hold every parameter (the proof).
 */
public record Regeneration(List<String> argv, List<String> rewrites, List<String> proven) {
    public Regeneration {
        argv = List.copyOf(argv);
        rewrites = List.copyOf(rewrites);
        proven = List.copyOf(proven);
    }
}
