package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** detect must work read-only for an unprivileged user: run it as uid 65534 in a child JVM. */
class NonRootDetectTest {
    @Test
    void detectWorksAsAnUnprivilegedUser(@TempDir Path tmp) throws Exception {
        UnprivilegedJvm.Result run = UnprivilegedJvm.run(tmp, "detect", "--json", "--all");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("\"schema_version\" : 1"), run.out());
        try (Stream<Path> blocks = Files.list(Path.of("/sys/block"))) {
            blocks.forEach(b -> assertTrue(run.out().contains("\"name\" : \"" + b.getFileName() + "\""), b.toString()));
        }
    }
}
