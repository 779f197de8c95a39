package org.disktune.apply;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.disktune.host.Host;

/**
 * What an entry journals right before its initramfs generator runs, so that recovery after a kill recognises that
 * run's work and nothing else ({@code generator_run} in the entry; absent in entries of earlier releases and in entries
 * killed before a generator started, which then own no generator leftovers and no rewritten image).
 * <ul>
 * <li>{@code started}: the host clock when the generator was about to start (ISO-8601, full precision). A file the
 * generator made or renamed has its status change time (ctime, set by the kernel, never by a caller) at or after it.</li>
 * <li>{@code existing}: the generator's temporary and backup names that were already there ({@link GeneratorLeftovers}
 * lists which): recovery never removes one of them, whatever it holds now.</li>
 * <li>{@code produced}: each file the generator rewrote with its sha256 (empty: absent) once the generator returned;
 * empty while it runs. A kill after that leaves a file disktune knows byte for byte.</li>
 * </ul>
 */
public record GeneratorRun(String started, List<String> existing, Map<String, String> produced) {
    public GeneratorRun {
        existing = existing == null ? List.of() : List.copyOf(existing);
        produced = produced == null ? Map.of() : new TreeMap<>(produced);
    }

    /**
     * True when the file {@code path} holding {@code sha} (null: absent) now is this run's work: the sha256 journaled
     * when the generator returned; or, for a run killed before it returned, a regular file owned by root whose status
     * changed at or after the run started. The generator's whole process tree dies with disktune and holds the host
     * lock until its last process is gone, and the entry is still "applying" (no later disktune run touched the
     * image), so such a file is the killed generator's output; none counts while a generator runs in the tree.
     */
    boolean wrote(Host host, String path, String sha) {
        if (produced.containsKey(path)) {
            return produced.get(path).equals(sha == null ? "" : sha);
        }
        if (sha == null || GeneratorLeftovers.generatorRunning(host)) {
            return false;
        }
        Path file = host.node(path);
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || !host.ownedByRoot(path)) {
                return false;
            }
            return !GeneratorLeftovers.changed(file).isBefore(Instant.parse(started).minus(GeneratorLeftovers.COARSE_CLOCK));
        } catch (IOException e) {
            return false;
        }
    }

    /** This run with {@code shas} (machine path to sha256, null for an absent file) added to what it produced. */
    GeneratorRun returned(Map<String, String> shas) {
        Map<String, String> all = new TreeMap<>(produced);
        shas.forEach((path, sha) -> all.put(path, sha == null ? "" : sha));
        return new GeneratorRun(started, existing, all);
    }
}
