package org.disktune.apply;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.disktune.core.Sha256;
import org.disktune.host.Host;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30 items 9 and 10: a child JVM applies a plan whose {@link FakeGenerator} renames the new image into place and
 * then still runs (as update-initramfs runs its hooks); the child is SIGKILLed right after the rename, before the
 * generator returns. Plain {@code rollback} (no --force) then restores the image byte for byte and removes the
 * generator's leftovers, the {@code .dpkg-bak} backup included: the tree is as before. Bounded: {@code
 * -Ddisktune.crash.rename.kills=N} kills (5), two minutes in all.
 */
class GeneratorRenameCrashTest {
    private static final int KILLS = Integer.getInteger("disktune.crash.rename.kills", 5);

    @TempDir
    Path temp;

    @Tag("crash")
    @Test
    void killedRightAfterTheGeneratorsRenamePlainRollbackRestoresTheImage() {
        assertTimeoutPreemptively(Duration.ofMinutes(2), this::killAndRollBack);
    }

    private void killAndRollBack() throws Exception {
        Path root = Files.createDirectories(temp.resolve("root"));
        CrashChild.setUpGenerator(root);
        FakeGenerator generator = FakeGenerator.write(temp, root, 4, 5_000);
        Map<String, String> before = listing(root);
        Host host = CrashChild.generatorHost(root);
        Path image = root.resolve(FakeGenerator.IMAGE.substring(1));
        Path log = temp.resolve("child.log");
        String java = ProcessHandle.current().info().command().orElseThrow();
        try {
            for (int kill = 0; kill < KILLS; kill++) {
                Process child = new ProcessBuilder(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-Xmx128m", "-cp",
                        System.getProperty("java.class.path"), CrashChild.class.getName(), "generate", root.toString(),
                        generator.script.toString(), generator.marker).redirectError(log.toFile()).start();
                try {
                    BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII));
                    assertEquals("started", out.readLine(), () -> read(log));
                    long deadline = System.currentTimeMillis() + 30_000;
                    while (Arrays.equals(CrashChild.OLD_IMAGE, Files.readAllBytes(image)) && System.currentTimeMillis() < deadline) {
                        Thread.sleep(2);
                    }
                    assertTrue(child.isAlive(), "the generator still runs after its rename: " + read(log));
                } finally {
                    child.destroyForcibly();
                    child.waitFor();
                }
                assertEquals(List.of(), generator.survivorsAfter(5_000), "after kill " + kill + ": no generator process is left");
                JournalEntry interrupted = new Journal(host).newest().orElseThrow();
                assertEquals(EntryState.APPLYING, interrupted.state());
                assertNotNull(interrupted.generatorRun(), "journaled before the generator ran");
                assertEquals(Map.of(), interrupted.generatorRun().produced(), "killed before the generator returned");
                assertTrue(Files.exists(root.resolve(FakeGenerator.IMAGE.substring(1) + ".dpkg-bak")), "update-initramfs's backup is left");

                new RollbackService(host).rollback(Optional.empty(), false, false);

                assertArrayEquals(CrashChild.OLD_IMAGE, Files.readAllBytes(image), "after kill " + kill + " and rollback");
                assertEquals(before, listing(root), "after kill " + kill + " and rollback: the tree is as before");
            }
        } finally {
            generator.killSurvivors();
        }
    }

    /** Every file's sha256 and every directory, by path, outside disktune's state (/var/lib/disktune, /run). */
    private static Map<String, String> listing(Path root) throws IOException {
        Map<String, String> listing = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.toList()) {
                String rel = root.relativize(p).toString();
                if (rel.equals("var/lib") || rel.startsWith("var/lib/disktune") || rel.startsWith("run")) {
                    continue;
                }
                listing.put(rel, Files.isDirectory(p) ? "directory" : Sha256.ofFile(p));
            }
        }
        return listing;
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
